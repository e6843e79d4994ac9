import { Badge, Button, Card, ErrorBox, isApiError, useSession } from '@app/platform';
import { DROP_MESSAGES } from '@app/contracts/drops';
import { formatMinor, parseDecimalToMinor } from '@app/contracts/ledger';
import { useState } from 'react';
import { useApplyToDrop, type Drop, type DropApplication } from '../api/drops-api';
import { TextAreaField } from './drop-form-fields';
import { SubmitWorkDialog } from './submit-work-dialog';

const STATUS_TONES = { pending: 'warning', approved: 'accent', rejected: 'danger', submitted: 'accent', completed: 'success', paid: 'success' } as const;

/** Why Apply is disabled, in the spec's words, or null when the user may apply. */
export function applyBlocker(drop: Drop, balances: { keys: string; points: string }, masterKeyActivated: boolean): string | null {
  if (drop.kind === 'paid') {
    if (!masterKeyActivated) return DROP_MESSAGES.masterKeyRequired;
    const keys = parseDecimalToMinor(balances.keys, 'keys') ?? 0n;
    const cost = parseDecimalToMinor(drop.key_cost, 'keys') ?? 0n;
    if (keys < cost) return DROP_MESSAGES.needMoreKeys(formatMinor(cost - keys, 'keys'));
  }
  if (drop.kind === 'move') {
    const points = parseDecimalToMinor(balances.points, 'points') ?? 0n;
    const cost = parseDecimalToMinor(drop.move_cost_points, 'points') ?? 0n;
    if (points < cost) return DROP_MESSAGES.needMorePoints(formatMinor(cost - points, 'points'));
  }
  return null;
}

export function MyApplication({ application }: { application: DropApplication }) {
  const [submitting, setSubmitting] = useState(false);
  return (
    <Card title="Your Application">
      <div className="ui-stack">
        <div className="ui-row">
          <Badge tone={STATUS_TONES[application.status]}>{application.status}</Badge>
          {application.status === 'approved' ? <Badge tone="warning">Submission Required</Badge> : null}
        </div>
        <p>{application.application_message}</p>
        {application.status === 'submitted' ? <p className="ui-muted">Your work is under review (usually 24-48 hours).</p> : null}
        {application.status === 'paid' ? (
          <p>
            Earned {application.gems_earned} gems{application.keys_earned ? ` and ${application.keys_earned} keys` : ''}
            {application.review_score ? ` · review score ${application.review_score}/10` : ''}
          </p>
        ) : null}
        {application.status === 'approved' ? (
          <>
            <Button onClick={() => setSubmitting(true)}>Submit Work</Button>
            <SubmitWorkDialog applicationId={application.id} open={submitting} onOpenChange={setSubmitting} />
          </>
        ) : null}
      </div>
    </Card>
  );
}

/** The apply form: a non-blank message; disabled with the reason when the rules do not hold. */
export function ApplyForm({ drop, masterKeyActivated }: { drop: Drop; masterKeyActivated: boolean }) {
  const session = useSession();
  const user = session.user;
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const apply = useApplyToDrop(drop.id, () => void session.refresh());
  if (drop.status !== 'active') {
    return (
      <Card title="Apply">
        <Button disabled>Not Available</Button>
      </Card>
    );
  }
  const blocker = applyBlocker(drop, { keys: user?.keys_balance ?? '0', points: user?.points_balance ?? '0' }, masterKeyActivated);
  const send = () => {
    setError(null);
    if (message.trim() === '') return setError(DROP_MESSAGES.messageRequired);
    apply.mutate(message.trim(), { onError: (failure) => setError(isApiError(failure) ? failure.message : DROP_MESSAGES.applyFailed) });
  };
  return (
    <Card title="Apply">
      <form
        className="ui-stack"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          send();
        }}
      >
        <TextAreaField label="Application message" value={message} onChange={setMessage} />
        {blocker ? (
          <p className="ui-field__error" role="status">
            {blocker}
          </p>
        ) : null}
        {error ? <ErrorBox message={error} /> : null}
        <Button type="submit" disabled={blocker !== null} busy={apply.isPending}>
          Apply Now
        </Button>
      </form>
    </Card>
  );
}
