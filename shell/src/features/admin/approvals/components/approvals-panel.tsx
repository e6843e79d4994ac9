import { Badge, Button, Card, EmptyState, ErrorBox, SkeletonList, errorMessage } from '@app/platform';
import { useToast } from '@app/platform/app';
import { useRef, useState } from 'react';
import { type ApprovalItem, useApprovalQueue, useDecideApproval } from '../api/approvals-api';
import { ApprovalEvidence, KIND_LABELS, subjectOf } from './approval-evidence';
import './approvals.css';

/** The figure an approval records, for the kinds that need one. */
const VALUE_LABELS: Partial<Record<ApprovalItem['kind'], string>> = {
  influence: 'Followers seen',
  forecast: 'Observed value',
};

/**
 * One Idempotency-Key per decision: the same decision sent again (a retry after a network failure) reuses its key,
 * so the server records it once; a different decision or reason is a new request with a new key.
 */
const newDecisionKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(16).slice(2)}`;

function useDecisionKeys() {
  const keys = useRef(new Map<string, string>());
  return (decision: unknown) => {
    const fingerprint = JSON.stringify(decision);
    const known = keys.current.get(fingerprint);
    if (known) return known;
    const key = newDecisionKey();
    keys.current.set(fingerprint, key);
    return key;
  };
}

/** An item as decided: a new request by the same user (a new registration) waits again under a new time. */
const decisionKey = (item: ApprovalItem) => `${item.id}@${item.waitingSince}`;

/**
 * A decision on one item: the reason and recorded figure typed so far, what is missing before it can be sent, and
 * `send`, which records the decision (once, however often it is retried) and reports it.
 */
function useApprovalDecision(item: ApprovalItem, onDecided: (item: ApprovalItem) => void) {
  const decide = useDecideApproval();
  const keyFor = useDecisionKeys();
  const toast = useToast();
  const [reason, setReason] = useState('');
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const valueLabel = VALUE_LABELS[item.kind];
  const subject = subjectOf(item);

  const send = (decision: 'approve' | 'reject') => {
    // Only what the server cannot read as intended stays here: an empty reason to reject, an empty figure to record.
    if (decision === 'reject' && reason.trim() === '') return setProblem('Enter a reason: the user is told why');
    if (decision === 'approve' && valueLabel && value.trim() === '')
      return setProblem(`Enter the ${valueLabel.toLowerCase()}`);
    setProblem(null);
    const body = { decision, reason: reason.trim(), value: valueLabel ? value.trim() : undefined };
    decide.mutate(
      { item, ...body, idempotencyKey: keyFor({ id: item.id, ...body }) },
      {
        onSuccess: () => {
          onDecided(item);
          toast.show({
            title: `${KIND_LABELS[item.kind]} ${decision === 'approve' ? 'approved' : 'rejected'}: ${subject}`,
            variant: 'success',
          });
        },
      },
    );
  };
  return { decide, reason, setReason, value, setValue, problem, send };
}

function ApprovalRow({ item, onDecided }: { item: ApprovalItem; onDecided(item: ApprovalItem): void }) {
  const { decide, reason, setReason, value, setValue, problem, send } = useApprovalDecision(item, onDecided);
  const valueLabel = VALUE_LABELS[item.kind];
  const canReject = item.kind !== 'forecast';
  const subject = subjectOf(item);

  const fieldId = (name: string) => `approval-${name}-${item.id.replace(/[^A-Za-z0-9_-]/g, '-')}`;
  return (
    <li className="approvals-item" aria-label={`${KIND_LABELS[item.kind]}: ${subject}`}>
      <div className="approvals-item__header">
        <Badge tone="accent">{KIND_LABELS[item.kind]}</Badge> <strong>{subject}</strong>
        <span className="admin-muted"> waiting since {new Date(item.waitingSince).toLocaleString()}</span>
      </div>
      <ApprovalEvidence item={item} />
      <div className="admin-inline-form approvals-item__decision">
        {valueLabel ? (
          <>
            <label htmlFor={fieldId('value')}>{valueLabel}</label>
            <input
              id={fieldId('value')}
              inputMode="numeric"
              value={value}
              onChange={(event) => setValue(event.target.value)}
            />
          </>
        ) : null}
        <label htmlFor={fieldId('reason')}>Reason</label>
        <input
          id={fieldId('reason')}
          className="approvals-item__reason"
          value={reason}
          maxLength={500}
          onChange={(event) => setReason(event.target.value)}
        />
        <Button
          size="small"
          busy={decide.isPending && decide.variables?.decision === 'approve'}
          disabled={decide.isPending}
          onClick={() => send('approve')}
        >
          Approve
        </Button>
        {canReject ? (
          <Button
            size="small"
            variant="secondary"
            busy={decide.isPending && decide.variables?.decision === 'reject'}
            disabled={decide.isPending}
            onClick={() => send('reject')}
          >
            Reject
          </Button>
        ) : null}
      </div>
      {canReject ? null : (
        <p className="admin-muted">An observation settles the forecast; there is no rejecting one.</p>
      )}
      {problem ? <ErrorBox message={problem} /> : null}
      {decide.isError ? <ErrorBox message={errorMessage(decide.error, 'The decision was not recorded')} /> : null}
    </li>
  );
}

/**
 * Every request that waits for an administrator, from all modules, in one list, oldest first: Instagram verifications,
 * influence follower counts, forecast observations on external URLs and Social Shield claims. Each decision goes to
 * the module's own admin route; the user is notified by the server.
 */
export function ApprovalsPanel() {
  const queue = useApprovalQueue();
  // Some work lists are projections that trail the log by a poll: an item decided here leaves the queue at once
  // rather than when the list catches up.
  const [decided, setDecided] = useState<ReadonlySet<string>>(new Set());
  const items = queue.items.filter((item) => !decided.has(decisionKey(item)));
  const markDecided = (item: ApprovalItem) => setDecided((current) => new Set([...current, decisionKey(item)]));
  return (
    <Card title="Approvals">
      {queue.errors.length > 0 ? (
        <ErrorBox
          message={errorMessage(queue.errors[0], 'Some requests could not be loaded')}
          onRetry={() => void queue.refetch()}
        />
      ) : null}
      {queue.isPending ? (
        <SkeletonList rows={3} label="Loading the requests waiting for a decision" />
      ) : items.length === 0 ? (
        queue.errors.length > 0 ? null : (
          <EmptyState title="Nothing waiting" message="Every request has been decided." />
        )
      ) : (
        <ol className="ui-list approvals-list" aria-label="Requests waiting for a decision, oldest first">
          {items.map((item) => (
            <ApprovalRow key={decisionKey(item)} item={item} onDecided={markDecided} />
          ))}
        </ol>
      )}
    </Card>
  );
}
