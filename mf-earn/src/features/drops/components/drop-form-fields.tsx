import { FormSelect, FormTextArea, FormTextField, useWatch } from '@app/platform/forms';
import { DROP_CATEGORIES, DROP_DIFFICULTIES } from '@app/contracts/drops';
import { categoryLabel } from './drop-format';

/** The fields shared by the create and edit dialogs, as text the inputs hold. */
export interface DropFormValues {
  title: string;
  description: string;
  drop_type: string;
  difficulty: string;
  key_cost: string;
  gem_reward_base: string;
  gem_pool_total: string;
  move_cost_points: string;
  key_reward_amount: string;
  /** Move drops: keys escrowed for the rewards; blank means keys reward × max participants. */
  key_pool_total: string;
  follower_threshold: string;
  max_participants: string;
  time_commitment: string;
  deadline_at: string;
  platform: string;
  content_url: string;
  requirements: string;
  deliverables: string;
}

export const emptyDropForm: DropFormValues = {
  title: '',
  description: '',
  drop_type: 'content_clipping',
  difficulty: 'easy',
  key_cost: '0',
  gem_reward_base: '0',
  gem_pool_total: '',
  move_cost_points: '0',
  key_reward_amount: '0',
  key_pool_total: '',
  follower_threshold: '0',
  max_participants: '',
  time_commitment: '',
  deadline_at: '',
  platform: '',
  content_url: '',
  requirements: '',
  deliverables: '',
};

const categoryOptions = DROP_CATEGORIES.map((category) => ({ value: category, label: categoryLabel(category) }));
const difficultyOptions = DROP_DIFFICULTIES.map((difficulty) => ({ value: difficulty, label: difficulty }));

/**
 * Description, category, difficulty, the kind's money settings, and the optional details: inputs of the form in
 * context (react-hook-form, see `useRequestForm`), named like the request's fields so the contract's and the
 * server's messages land under them.
 */
export function DropFormFields({ kind }: { kind: 'proof' | 'paid' | 'move' }) {
  const poolInputs = useWatch<DropFormValues>({
    name: ['key_pool_total', 'key_reward_amount', 'max_participants'],
  }) as string[];
  const [keyPoolTotal = '', keyRewardAmount = '', maxParticipants = ''] = poolInputs ?? [];
  return (
    <>
      <FormTextField name="title" label="Title" />
      <FormTextArea name="description" label="Description" rows={3} />
      <FormSelect name="drop_type" label="Category" options={categoryOptions} />
      <FormSelect name="difficulty" label="Difficulty" options={difficultyOptions} />
      {kind === 'paid' ? (
        <fieldset className="ui-stack">
          <legend>Paid settings</legend>
          <FormTextField name="key_cost" label="Key cost" type="number" min={1} />
          <FormTextField name="gem_reward_base" label="Gem reward" type="number" min={1} step="0.01" />
          <FormTextField
            name="gem_pool_total"
            label="Gem pool"
            type="number"
            min={0}
            step="0.01"
            hint="Moved from your gems into the drop; what is left returns when the drop closes."
          />
        </fieldset>
      ) : null}
      {kind === 'move' ? (
        <fieldset className="ui-stack">
          <legend>Move settings</legend>
          <FormTextField name="move_cost_points" label="Points cost" type="number" min={1} step="0.1" />
          <FormTextField name="key_reward_amount" label="Keys reward" type="number" min={1} />
          <FormTextField
            name="key_pool_total"
            label="Key pool"
            type="number"
            min={1}
            hint={keyPoolHint({
              key_pool_total: keyPoolTotal,
              key_reward_amount: keyRewardAmount,
              max_participants: maxParticipants,
            })}
          />
        </fieldset>
      ) : null}
      <FormTextField name="follower_threshold" label="Min followers" type="number" min={0} />
      <FormTextField
        name="max_participants"
        label="Max participants"
        type="number"
        min={1}
        hint="Leave blank for unlimited"
      />
      <FormTextField name="time_commitment" label="Time commitment" />
      <FormTextField name="deadline_at" label="Deadline" type="date" />
      <FormTextField name="platform" label="Platform" />
      <FormTextField name="content_url" label="Content URL" type="url" />
      <FormTextArea name="requirements" label="Requirements" rows={3} />
      <FormTextArea name="deliverables" label="Deliverables" rows={3} />
    </>
  );
}

/** What a move drop escrows from the creator's keys, said before they submit (issue 19: rewards come from escrow). */
export function keyPoolHint(
  values: Pick<DropFormValues, 'key_pool_total' | 'key_reward_amount' | 'max_participants'>,
): string {
  const returned = 'what is left returns when the drop closes.';
  if (values.key_pool_total.trim() !== '')
    return `${values.key_pool_total.trim()} keys move from your keys into the drop to pay its rewards; ${returned}`;
  const reward = Number(values.key_reward_amount);
  const seats = Number(values.max_participants);
  if (values.max_participants.trim() === '' || !Number.isSafeInteger(seats) || !Number.isSafeInteger(reward)) {
    return 'Required with unlimited participants: the keys moved from your keys into the drop to pay its rewards.';
  }
  return (
    `Blank: ${reward * seats} keys (keys reward × max participants) ` + `move from your keys into the drop; ${returned}`
  );
}

const numberOrUndefined = (value: string) => (value.trim() === '' ? undefined : Number(value));

/** The request body the form means (numbers as numbers, blanks as null). */
export function requestFieldsOf(values: DropFormValues, kind: 'proof' | 'paid' | 'move') {
  return {
    title: values.title,
    description: values.description,
    drop_type: values.drop_type as (typeof DROP_CATEGORIES)[number],
    difficulty: values.difficulty as (typeof DROP_DIFFICULTIES)[number],
    platform: values.platform || null,
    content_url: values.content_url || null,
    requirements: values.requirements || null,
    deliverables: values.deliverables || null,
    time_commitment: values.time_commitment || null,
    deadline_at: values.deadline_at || null,
    max_participants: values.max_participants.trim() === '' ? null : Number(values.max_participants),
    follower_threshold: Number(values.follower_threshold || 0),
    ...(kind === 'paid'
      ? {
          key_cost: Number(values.key_cost),
          gem_reward_base: Number(values.gem_reward_base),
          gem_pool_total: numberOrUndefined(values.gem_pool_total),
        }
      : {}),
    ...(kind === 'move'
      ? {
          move_cost_points: Number(values.move_cost_points),
          key_reward_amount: Number(values.key_reward_amount),
          key_pool_total: numberOrUndefined(values.key_pool_total),
        }
      : {}),
  };
}
