import { REWARDS_RULES } from '@app/contracts/rewards';
import type { ApprovalItem } from '../api/approvals-api';

const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 4 });
const when = (iso: string) => new Date(iso).toLocaleString();

/** What the queue calls each kind of request. */
export const KIND_LABELS: Record<ApprovalItem['kind'], string> = {
  instagram: 'Instagram verification',
  influence: 'Influence followers',
  forecast: 'Forecast observation',
  shield: 'Shield claim',
};

/** The request in one phrase: the row's accessible name, with its kind. */
export function subjectOf(item: ApprovalItem): string {
  switch (item.kind) {
    case 'instagram':
      return `@${item.entry.instagram_username}`;
    case 'influence':
      return `${item.entry.platform_username} on ${item.entry.platform}`;
    case 'forecast':
      return `${item.entry.forecast_type} of ${item.entry.content_url}`;
    case 'shield':
      return `${item.entry.incident_type} claim ${item.entry.id}`;
  }
}

function ExternalLink({ href }: { href: string }) {
  return (
    <a href={href} target="_blank" rel="noreferrer noopener">
      {href}
    </a>
  );
}

type EntryOf<Kind extends ApprovalItem['kind']> = Extract<ApprovalItem, { kind: Kind }>['entry'];

/** An Instagram registration: the profile to open, and the direct message that proves it is the user's. */
function InstagramEvidence({ entry }: { entry: EntryOf<'instagram'> }) {
  const { instagram_username: username, user_id: userId, registered_at: registeredAt } = entry;
  const { instagramVerificationWord: proofWord, instagramProductAccount: productAccount } = REWARDS_RULES;
  return (
    <dl className="approvals-evidence">
      <dt>Account</dt>
      <dd>
        <ExternalLink href={`https://www.instagram.com/${encodeURIComponent(username)}/`} />
      </dd>
      <dt>Proof expected</dt>
      <dd>
        A direct message with the word <strong>{proofWord}</strong> from @{username} to {productAccount}
      </dd>
      <dt>User</dt>
      <dd>
        <code>{userId}</code>, registered {when(registeredAt)}
      </dd>
    </dl>
  );
}

/** An influence registration: the account and the follower count the user declared for the month. */
function InfluenceEvidence({ entry }: { entry: EntryOf<'influence'> }) {
  return (
    <dl className="approvals-evidence">
      <dt>Account</dt>
      <dd>
        {entry.platform_username} on {entry.platform}
      </dd>
      <dt>Declared followers</dt>
      <dd>{numberFormat.format(entry.follower_count)}</dd>
      <dt>Month</dt>
      <dd>{entry.month}</dd>
      <dt>User</dt>
      <dd>
        <code>{entry.user_id}</code>, registered {when(entry.registered_at)}
      </dd>
    </dl>
  );
}

/** A forecast on an external URL: the content to look at, the question, and the pool that waits on it. */
function ForecastEvidence({ entry }: { entry: EntryOf<'forecast'> }) {
  return (
    <dl className="approvals-evidence">
      <dt>Content</dt>
      <dd>
        <ExternalLink href={entry.content_url} />
      </dd>
      <dt>Question</dt>
      <dd>
        {entry.forecast_type} at least {numberFormat.format(entry.target_value)} by {when(entry.expires_at)}
      </dd>
      <dt>Last observed</dt>
      <dd>{entry.current_value === null ? 'never' : numberFormat.format(entry.current_value)}</dd>
      <dt>Pool</dt>
      <dd>
        ${numberFormat.format(entry.pool_size)} from {entry.participant_count} participant(s)
      </dd>
    </dl>
  );
}

/** A Social Shield claim: the incident, its evidence, and what approving it pays. */
function ShieldEvidence({ entry }: { entry: EntryOf<'shield'> }) {
  return (
    <dl className="approvals-evidence">
      <dt>Incident</dt>
      <dd>
        {entry.incident_type}, occurred {when(entry.occurred_at)}
      </dd>
      <dt>Description</dt>
      <dd>{entry.description}</dd>
      <dt>Evidence</dt>
      <dd>
        <ExternalLink href={entry.evidence_url} />
      </dd>
      <dt>Payout if approved</dt>
      <dd>{numberFormat.format(entry.payout_amount)} gems (coverage minus deductible)</dd>
      <dt>User</dt>
      <dd>
        <code>{entry.user_id}</code>, filed {when(entry.filed_at)}
      </dd>
    </dl>
  );
}

/** The evidence an administrator checks before deciding: what the user claimed and where to look. */
export function ApprovalEvidence({ item }: { item: ApprovalItem }) {
  switch (item.kind) {
    case 'instagram':
      return <InstagramEvidence entry={item.entry} />;
    case 'influence':
      return <InfluenceEvidence entry={item.entry} />;
    case 'forecast':
      return <ForecastEvidence entry={item.entry} />;
    case 'shield':
      return <ShieldEvidence entry={item.entry} />;
  }
}
