import { Button, useIdempotencyKey } from '@app/platform';
import { Dialog, useToast } from '@app/platform/app';
import {
  Form,
  FormError,
  FormSelect,
  FormTextArea,
  FormTextField,
  SubmitButton,
  useRequestForm,
} from '@app/platform/forms';
import { Plus, Trash2 } from '@app/platform/icons';
import {
  CreateProjectRequestSchema,
  FUNDING_CATEGORIES,
  FUNDING_DURATIONS,
  GROWTH_MESSAGES,
  GROWTH_RULES,
} from '@app/contracts/growth';
import { useState } from 'react';
import { useCreateProject } from '../api/growth-api';

interface TierValues {
  amount: string;
  title: string;
  description: string;
  estimatedDelivery: string;
}
interface ProjectValues {
  title: string;
  description: string;
  category: string;
  funding_goal: string;
  min_pledge: string;
  duration_days: string;
  reward_tiers: TierValues[];
}

const emptyTier = (): TierValues => ({ amount: '', title: '', description: '', estimatedDelivery: '' });
const defaults = (): ProjectValues => ({
  title: '',
  description: '',
  category: 'Technology',
  funding_goal: '',
  min_pledge: String(GROWTH_RULES.defaultMinPledge),
  duration_days: String(GROWTH_RULES.defaultDurationDays),
  reward_tiers: [emptyTier()],
});

/** What the form's text means as the API's request (blank min pledge: the server's default, 25). */
function toRequest(values: ProjectValues) {
  return {
    title: values.title,
    description: values.description,
    category: values.category,
    funding_goal: values.funding_goal.trim(),
    min_pledge: values.min_pledge.trim(),
    duration_days: Number(values.duration_days),
    reward_tiers: values.reward_tiers.map((tier) => ({ ...tier, amount: tier.amount.trim() })),
  };
}

/** Create Project (spec 3 §2): fields, a dynamic list of reward tiers of which at least one remains. */
export function CreateProjectDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const create = useCreateProject();
  const idempotency = useIdempotencyKey();
  const toast = useToast();
  const form = useRequestForm<ProjectValues, typeof CreateProjectRequestSchema>(CreateProjectRequestSchema, toRequest, {
    defaultValues: defaults(),
  });
  // Row ids keep each tier's inputs attached to it when one above is removed.
  const [rows, setRows] = useState<number[]>([0]);
  const addTier = () => {
    form.setValue('reward_tiers', [...form.getValues('reward_tiers'), emptyTier()]);
    setRows((current) => [...current, Math.max(...current) + 1]);
  };
  const removeTier = (index: number) => {
    form.setValue(
      'reward_tiers',
      form.getValues('reward_tiers').filter((_, position) => position !== index),
    );
    setRows((current) => current.filter((_, position) => position !== index));
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Create Project"
      description={
        "All or nothing: backers' gems are held until the deadline and only paid to you if the goal is reached."
      }
    >
      <Form
        form={form}
        fallbackError={GROWTH_MESSAGES.createProjectFailed}
        onSubmit={async (request) => {
          const answer = await create.mutateAsync({ request, idempotencyKey: idempotency.key() });
          idempotency.renew();
          toast.show({ title: answer.message, variant: 'success' });
          form.reset(defaults());
          setRows([0]);
          onOpenChange(false);
        }}
      >
        <FormTextField name="title" label="Title" />
        <FormTextArea name="description" label="Description" rows={3} />
        <FormSelect
          name="category"
          label="Category"
          options={FUNDING_CATEGORIES.map((category) => ({ value: category, label: category }))}
        />
        <div className="growth-amount-row">
          <FormTextField
            name="funding_goal"
            label="Funding goal (gems)"
            inputMode="decimal"
            hint="At least 1,000 gems"
          />
          <FormTextField name="min_pledge" label="Minimum pledge (gems)" inputMode="decimal" />
        </div>
        <FormSelect
          name="duration_days"
          label="Duration"
          options={FUNDING_DURATIONS.map((days) => ({ value: String(days), label: `${days} days` }))}
        />
        <RewardTierFields rows={rows} onAdd={addTier} onRemove={removeTier} />
        <FormError />
        <SubmitButton>Create Project</SubmitButton>
      </Form>
    </Dialog>
  );
}

/** One group of fields per reward tier (keyed by its row id), each removable while more than one remains. */
function RewardTierFields(props: { rows: number[]; onAdd(): void; onRemove(index: number): void }) {
  const { rows, onAdd, onRemove } = props;
  return (
    <fieldset className="growth-tiers">
      <legend>Reward tiers</legend>
      {rows.map((row, index) => (
        <div key={row} className="growth-tier" role="group" aria-label={`Reward tier ${index + 1}`}>
          <FormTextField name={`reward_tiers.${index}.amount`} label="Amount (gems)" inputMode="decimal" />
          <FormTextField name={`reward_tiers.${index}.title`} label="Tier title" />
          <FormTextField name={`reward_tiers.${index}.description`} label="Tier description" />
          <FormTextField name={`reward_tiers.${index}.estimatedDelivery`} label="Estimated delivery" />
          <Button
            type="button"
            variant="ghost"
            size="small"
            disabled={rows.length === 1}
            onClick={() => onRemove(index)}
            aria-label={`Remove reward tier ${index + 1}`}
          >
            <Trash2 size={16} aria-hidden />
          </Button>
        </div>
      ))}
      <Button
        type="button"
        variant="secondary"
        size="small"
        onClick={onAdd}
        disabled={rows.length >= GROWTH_RULES.maxRewardTiers}
      >
        <Plus size={16} aria-hidden /> Add tier
      </Button>
    </fieldset>
  );
}
