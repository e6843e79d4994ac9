import { Badge, Button, Card, ErrorBox, isApiError, useSession } from '@app/platform';
import { covers, subtractAmounts } from '@app/platform/app';
import { Form, FormTextArea, SubmitButton, useZodForm } from '@app/platform/forms';
import { ApplyToDropRequestSchema, DROP_MESSAGES } from '@app/contracts/drops';
import { useState } from 'react';
import { useApplyToDrop, type Drop, type DropApplication } from '../api/drops-api';
import { SubmitWorkDialog } from './submit-work-dialog';

const STATUS_TONES = {
  pending: 'warning',
  approved: 'accent',
  rejected: 'danger',
  submitted: 'accent',
  completed: 'success',
  paid: 'success',
} as const;

/** Why Apply is disabled, in the spec's words, or null when the user may apply. */
export function applyBlocker(
  drop: Drop,
  balances: { keys: string; points: string },
  masterKeyActivated: boolean,
): string | null {
  if (drop.kind === 'paid') {
    if (!masterKeyActivated) return DROP_MESSAGES.masterKeyRequired;
    if (!covers(balances.keys, drop.key_cost, 'keys'))
      return DROP_MESSAGES.needMoreKeys(subtractAmounts(drop.key_cost, balances.keys, 'keys'));
  }
  if (drop.kind === 'move') {
    if (!covers(balances.points, drop.move_cost_points, 'points'))
      return DROP_MESSAGES.needMorePoints(subtractAmounts(drop.move_cost_points, balances.points, 'points'));
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
        {application.status === 'submitted' ? (
          <p className="ui-muted">Your work is under review (usually 24-48 hours).</p>
        ) : null}
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
  const form = useZodForm(ApplyToDropRequestSchema, { defaultValues: { application_message: '' } });
  const [failure, setFailure] = useState<string | null>(null);
  const apply = useApplyToDrop(drop.id, () => void session.refresh());
  if (drop.status !== 'active') {
    return (
      <Card title="Apply">
        <Button disabled>Not Available</Button>
      </Card>
    );
  }
  const blocker = applyBlocker(
    drop,
    { keys: user?.keys_balance ?? '0', points: user?.points_balance ?? '0' },
    masterKeyActivated,
  );
  return (
    <Card title="Apply">
      <Form
        form={form}
        fallbackError={DROP_MESSAGES.applyFailed}
        onSubmit={async (values) => {
          setFailure(null);
          try {
            await apply.mutateAsync(values.application_message);
          } catch (error) {
            setFailure(isApiError(error) ? error.message : DROP_MESSAGES.applyFailed);
          }
        }}
      >
        <FormTextArea name="application_message" label="Application message" rows={3} />
        {blocker ? (
          <p className="ui-field__error" role="status">
            {blocker}
          </p>
        ) : null}
        {failure ? <ErrorBox message={failure} /> : null}
        <SubmitButton disabled={blocker !== null} busy={apply.isPending || undefined}>
          Apply Now
        </SubmitButton>
      </Form>
    </Card>
  );
}
