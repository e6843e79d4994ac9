import { Button, Card, EmptyState, ErrorBox, errorMessage } from '@app/platform';
import { QueryView, useToast } from '@app/platform/app';
import { useState } from 'react';
import {
  type InfluenceVerification,
  type InstagramVerification,
  useVerifyInfluence,
  useVerifyInstagram,
  usePendingInfluence,
  usePendingInstagram,
} from '../api/admin-api';

function InstagramRow({ entry }: { entry: InstagramVerification }) {
  const verify = useVerifyInstagram();
  const toast = useToast();
  return (
    <li aria-label={`Instagram @${entry.instagram_username}`}>
      <div>
        <strong>@{entry.instagram_username}</strong> <code>{entry.user_id}</code> registered{' '}
        {new Date(entry.registered_at).toLocaleString()}
      </div>
      {verify.isError ? <ErrorBox message={errorMessage(verify.error, 'Verification failed')} /> : null}
      <Button
        size="small"
        busy={verify.isPending}
        onClick={() =>
          verify.mutate(entry, {
            onSuccess: () => toast.show({ title: `@${entry.instagram_username} verified`, variant: 'success' }),
          })
        }
        aria-label={`Verify @${entry.instagram_username}`}
      >
        Verify
      </Button>
    </li>
  );
}

function InfluenceRow({ entry }: { entry: InfluenceVerification }) {
  const verify = useVerifyInfluence();
  const toast = useToast();
  const [count, setCount] = useState('');
  const [missing, setMissing] = useState(false);
  const inputId = `followers-${entry.user_id}`;
  return (
    <li aria-label={`${entry.platform} ${entry.platform_username}`}>
      <div>
        <strong>{entry.platform_username}</strong> on {entry.platform} <code>{entry.user_id}</code>, {entry.month}:
        declared {entry.follower_count} followers
      </div>
      <form
        className="admin-inline-form"
        onSubmit={(event) => {
          event.preventDefault();
          // Sent as typed: the server checks the count (whole, 0 to 100,000,000). Only an empty field stays here,
          // because the API would read nothing as 0.
          if (count.trim() === '') return setMissing(true);
          setMissing(false);
          verify.mutate(
            { entry, verifiedFollowerCount: count.trim() },
            {
              onSuccess: () =>
                toast.show({ title: `${entry.platform_username}: ${count} followers verified`, variant: 'success' }),
            },
          );
        }}
      >
        <label htmlFor={inputId}>Followers seen</label>
        <input
          id={inputId}
          inputMode="numeric"
          value={count}
          aria-invalid={missing || undefined}
          onChange={(event) => setCount(event.target.value)}
        />
        <Button type="submit" size="small" busy={verify.isPending}>
          Record
        </Button>
      </form>
      {missing ? <ErrorBox message="Enter the follower count you saw on the platform" /> : null}
      {verify.isError ? <ErrorBox message={errorMessage(verify.error, 'Verification failed')} /> : null}
    </li>
  );
}

/** Claims waiting for an administrator: Instagram accounts and this month's influence follower counts. */
export function VerificationsPanel() {
  const instagram = usePendingInstagram();
  const influence = usePendingInfluence();
  return (
    <div className="admin-grid">
      <Card title="Instagram accounts">
        <QueryView
          query={instagram}
          loadingLabel="Loading Instagram verifications"
          empty={<EmptyState title="Nothing to verify" message="No Instagram account is waiting." />}
        >
          {(entries) => (
            <ul className="ui-list" aria-label="Pending Instagram verifications">
              {entries.map((entry) => (
                <InstagramRow key={entry.user_id} entry={entry} />
              ))}
            </ul>
          )}
        </QueryView>
      </Card>
      <Card title="Influence followers">
        <QueryView
          query={influence}
          loadingLabel="Loading influence verifications"
          empty={<EmptyState title="Nothing to verify" message="No influence claim is waiting this month." />}
        >
          {(entries) => (
            <ul className="ui-list" aria-label="Pending influence verifications">
              {entries.map((entry) => (
                <InfluenceRow key={`${entry.user_id}-${entry.month}`} entry={entry} />
              ))}
            </ul>
          )}
        </QueryView>
      </Card>
    </div>
  );
}
