import { Badge, Card, formatBalance, useIdempotencyKey } from '@app/platform';
import { subtractAmounts, useToast } from '@app/platform/app';
import {
  Form,
  FormError,
  FormSelect,
  FormTextArea,
  FormTextField,
  SubmitButton,
  useRequestForm,
} from '@app/platform/forms';
import {
  FileClaimRequestSchema,
  SHIELD_COVERAGE_FLAGS,
  type ShieldClaim,
  type ShieldSubscription,
} from '@app/contracts/growth';
import { useFileClaim } from '../api/growth-api';
import { formatDate } from './projection';

export const COVERAGE_LABELS: Record<(typeof SHIELD_COVERAGE_FLAGS)[number], string> = {
  platformBan: 'Platform ban',
  algorithmChange: 'Algorithm change',
  contentStrike: 'Content strike',
  monetizationLoss: 'Monetization loss',
  followerLoss: 'Follower loss',
};

interface ClaimValues {
  incident_type: string;
  occurred_at: string;
  description: string;
  evidence_url: string;
}

/**
 * The browser's local date-time input as an ISO instant; an empty or broken one stays as typed (the schema says why).
 */
function toInstant(local: string): string {
  const time = Date.parse(local);
  return Number.isNaN(time) ? local : new Date(time).toISOString();
}

const CLAIM_TONE = { pending: 'warning', approved: 'success', rejected: 'danger' } as const;
/** An administrator decides each claim: until then it is under review (the ops console's Approvals queue). */
const CLAIM_LABEL = { pending: 'Pending review', approved: 'Approved', rejected: 'Rejected' } as const;

/** Claims (beyond the spec's screens): file one within 7 days of an incident; an admin decides. */
export function ClaimsCard({
  subscription,
  claims,
}: {
  subscription: ShieldSubscription;
  claims: readonly ShieldClaim[];
}) {
  const fileClaim = useFileClaim();
  const idempotency = useIdempotencyKey();
  const toast = useToast();
  const form = useRequestForm<ClaimValues, typeof FileClaimRequestSchema>(
    FileClaimRequestSchema,
    (values) => ({ ...values, occurred_at: toInstant(values.occurred_at), evidence_url: values.evidence_url.trim() }),
    { defaultValues: { incident_type: 'platformBan', occurred_at: '', description: '', evidence_url: '' } },
  );
  return (
    <Card title="Claims">
      {claims.length > 0 && (
        <ul className="ui-list" aria-label="Your claims">
          {claims.map((claim) => (
            <li key={claim.id} className="ui-list__item">
              {COVERAGE_LABELS[claim.incident_type]} on {formatDate(claim.occurred_at)} ·{' '}
              {formatBalance(claim.payout_amount)} gems{' '}
              <Badge tone={CLAIM_TONE[claim.status]}>{CLAIM_LABEL[claim.status]}</Badge>
              {claim.decision_reason ? <span className="ui-muted"> · {claim.decision_reason}</span> : null}
            </li>
          ))}
        </ul>
      )}
      <Form
        form={form}
        aria-label="File a claim"
        fallbackError="Failed to file the claim"
        onSubmit={async (request) => {
          const answer = await fileClaim.mutateAsync({ request, idempotencyKey: idempotency.key() });
          idempotency.renew();
          toast.show({ title: answer.message, variant: 'success' });
          form.reset();
        }}
      >
        <p className="ui-muted">
          Payout {formatBalance(subtractAmounts(subscription.coverage_amount, subscription.deductible, 'gems'))} gems
          (coverage minus deductible) once an admin approves.
        </p>
        <FormSelect
          name="incident_type"
          label="Incident"
          options={SHIELD_COVERAGE_FLAGS.map((flag) => ({ value: flag, label: COVERAGE_LABELS[flag] }))}
        />
        <FormTextField name="occurred_at" label="When it happened" type="datetime-local" />
        <FormTextArea name="description" label="What happened" rows={3} />
        <FormTextField name="evidence_url" label="Evidence URL" inputMode="url" />
        <FormError />
        <SubmitButton>File claim</SubmitButton>
      </Form>
    </Card>
  );
}
