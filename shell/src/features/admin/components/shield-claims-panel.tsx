import { Button, Card, EmptyState, ErrorBox, errorMessage, useIdempotencyKey } from '@app/platform';
import { QueryView, useToast } from '@app/platform/app';
import { useState } from 'react';
import { type ShieldClaim, useDecideShieldClaim, usePendingShieldClaims } from '../api/admin-api';

const gemsFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 4 });

function ClaimRow({ claim }: { claim: ShieldClaim }) {
  const decide = useDecideShieldClaim();
  const idempotency = useIdempotencyKey();
  const toast = useToast();
  const [reason, setReason] = useState('');
  const reasonId = `claim-reason-${claim.id}`;
  const send = (decision: 'approve' | 'reject') =>
    decide.mutate(
      { claim, decision, reason, idempotencyKey: idempotency.key() },
      {
        onSuccess: (answer) => {
          idempotency.renew();
          toast.show({
            title:
              answer.claim.status === 'approved'
                ? `Claim approved: ${gemsFormat.format(answer.claim.payout_amount)} gems paid from the pool`
                : 'Claim rejected',
            variant: 'success',
          });
        },
      },
    );
  return (
    <li aria-label={`Claim ${claim.id}`}>
      <div>
        <strong>{claim.incident_type}</strong> <code>{claim.user_id}</code>, occurred{' '}
        {new Date(claim.occurred_at).toLocaleString()}, filed {new Date(claim.filed_at).toLocaleString()}
      </div>
      <p>{claim.description}</p>
      <p>
        Evidence:{' '}
        <a href={claim.evidence_url} target="_blank" rel="noreferrer noopener">
          {claim.evidence_url}
        </a>
      </p>
      <p>{`Pays ${gemsFormat.format(claim.payout_amount)} gems if approved (coverage minus deductible)`}</p>
      <div className="admin-inline-form">
        <label htmlFor={reasonId}>Reason (optional)</label>
        <input id={reasonId} value={reason} maxLength={1_000} onChange={(event) => setReason(event.target.value)} />
        <Button
          size="small"
          busy={decide.isPending && decide.variables?.decision === 'approve'}
          disabled={decide.isPending}
          onClick={() => send('approve')}
        >
          Approve
        </Button>
        <Button
          size="small"
          variant="secondary"
          busy={decide.isPending && decide.variables?.decision === 'reject'}
          disabled={decide.isPending}
          onClick={() => send('reject')}
        >
          Reject
        </Button>
      </div>
      {decide.isError ? <ErrorBox message={errorMessage(decide.error, 'The decision was not recorded')} /> : null}
    </li>
  );
}

/** Social Shield claims waiting for an administrator: approve (the pool pays) or reject, with a reason. */
export function ShieldClaimsPanel() {
  const claims = usePendingShieldClaims();
  return (
    <Card title="Social Shield claims">
      <QueryView
        query={claims}
        loadingLabel="Loading shield claims"
        empty={<EmptyState title="No pending claims" message="Every Social Shield claim has been decided." />}
      >
        {(entries) => (
          <ul className="ui-list" aria-label="Pending shield claims">
            {entries.map((claim) => (
              <ClaimRow key={claim.id} claim={claim} />
            ))}
          </ul>
        )}
      </QueryView>
    </Card>
  );
}
