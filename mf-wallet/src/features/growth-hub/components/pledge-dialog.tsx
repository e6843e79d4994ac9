import { formatBalance, useIdempotencyKey } from '@app/platform';
import { Dialog, useToast } from '@app/platform/app';
import { Form, FormError, FormSelect, FormTextField, SubmitButton, useRequestForm } from '@app/platform/forms';
import { GROWTH_MESSAGES, PledgeRequestSchema, type FundingProject } from '@app/contracts/growth';
import { usePledge } from '../api/growth-api';

interface PledgeValues {
  amount: string;
  reward_tier: string;
}

/** Pledge gems to a project: held in its escrow until the deadline (the server checks minimum and tier too). */
export function PledgeDialog({ project, onClose }: { project: FundingProject | null; onClose(): void }) {
  const pledge = usePledge();
  const idempotency = useIdempotencyKey();
  const toast = useToast();
  const form = useRequestForm<PledgeValues, typeof PledgeRequestSchema>(
    PledgeRequestSchema,
    (values) => ({ amount: values.amount.trim(), reward_tier: values.reward_tier || null }),
    { values: { amount: project ? String(project.min_pledge) : '', reward_tier: '' } },
  );
  if (!project) return null;
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Back ${project.title}`}
      description={
        `Minimum pledge ${formatBalance(project.min_pledge)} gems; ` + 'returned in full if the goal is not reached.'
      }
    >
      <Form
        form={form}
        fallbackError={GROWTH_MESSAGES.pledgeFailed}
        onSubmit={async (request) => {
          const answer = await pledge.mutateAsync({
            projectId: project.id,
            request,
            idempotencyKey: idempotency.key(),
          });
          idempotency.renew();
          toast.show({ title: answer.message, variant: 'success' });
          onClose();
        }}
      >
        <FormTextField name="amount" label="Pledge (gems)" inputMode="decimal" />
        <FormSelect
          name="reward_tier"
          label="Reward tier"
          options={[
            { value: '', label: 'No reward' },
            ...project.reward_tiers.map((tier) => ({
              value: tier.id,
              label: `${tier.title} (from ${formatBalance(tier.amount)} gems)`,
            })),
          ]}
        />
        <FormError />
        <SubmitButton>Pledge</SubmitButton>
      </Form>
    </Dialog>
  );
}
