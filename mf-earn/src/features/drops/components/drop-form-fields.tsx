import { TextField } from '@app/platform';
import { DROP_CATEGORIES, DROP_DIFFICULTIES } from '@app/contracts/drops';
import { useId, type ReactNode } from 'react';
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

export type FieldErrors = Partial<Record<keyof DropFormValues | 'image', string>>;

export function SelectField({ label, value, onChange, children }: { label: string; value: string; onChange(value: string): void; children: ReactNode }) {
  const id = useId();
  return (
    <div className="ui-field">
      <label className="ui-field__label" htmlFor={id}>
        {label}
      </label>
      <select id={id} className="ui-field__input" value={value} onChange={(event) => onChange(event.target.value)}>
        {children}
      </select>
    </div>
  );
}

export function TextAreaField({ label, value, onChange, error }: { label: string; value: string; onChange(value: string): void; error?: string }) {
  const id = useId();
  return (
    <div className="ui-field">
      <label className="ui-field__label" htmlFor={id}>
        {label}
      </label>
      <textarea id={id} className="ui-field__input" rows={3} value={value} aria-invalid={error ? true : undefined} onChange={(event) => onChange(event.target.value)} />
      {error ? <p className="ui-field__error">{error}</p> : null}
    </div>
  );
}

interface FieldsProps {
  values: DropFormValues;
  errors: FieldErrors;
  kind: 'proof' | 'paid' | 'move';
  onChange(field: keyof DropFormValues, value: string): void;
}

/** Description, category, difficulty, the kind's money settings, and the optional details. */
export function DropFormFields({ values, errors, kind, onChange }: FieldsProps) {
  const text = (field: keyof DropFormValues, label: string, type = 'text', extra: Record<string, unknown> = {}) => (
    <TextField label={label} type={type} value={values[field]} error={errors[field]} onChange={(event) => onChange(field, event.target.value)} {...extra} />
  );
  return (
    <>
      {text('title', 'Title')}
      <TextAreaField label="Description" value={values.description} error={errors.description} onChange={(value) => onChange('description', value)} />
      <SelectField label="Category" value={values.drop_type} onChange={(value) => onChange('drop_type', value)}>
        {DROP_CATEGORIES.map((category) => (
          <option key={category} value={category}>
            {categoryLabel(category)}
          </option>
        ))}
      </SelectField>
      <SelectField label="Difficulty" value={values.difficulty} onChange={(value) => onChange('difficulty', value)}>
        {DROP_DIFFICULTIES.map((difficulty) => (
          <option key={difficulty} value={difficulty}>
            {difficulty}
          </option>
        ))}
      </SelectField>
      {kind === 'paid' ? (
        <fieldset className="ui-stack">
          <legend>Paid settings</legend>
          {text('key_cost', 'Key cost', 'number', { min: 1 })}
          {text('gem_reward_base', 'Gem reward', 'number', { min: 1, step: '0.01' })}
          {text('gem_pool_total', 'Gem pool', 'number', { min: 0, step: '0.01', hint: 'Moved from your gems into the drop; what is left returns when the drop closes.' })}
        </fieldset>
      ) : null}
      {kind === 'move' ? (
        <fieldset className="ui-stack">
          <legend>Move settings</legend>
          {text('move_cost_points', 'Points cost', 'number', { min: 1, step: '0.1' })}
          {text('key_reward_amount', 'Keys reward', 'number', { min: 1 })}
          {text('key_pool_total', 'Key pool', 'number', { min: 1, hint: keyPoolHint(values) })}
        </fieldset>
      ) : null}
      {text('follower_threshold', 'Min followers', 'number', { min: 0 })}
      {text('max_participants', 'Max participants', 'number', { min: 1, hint: 'Leave blank for unlimited' })}
      {text('time_commitment', 'Time commitment')}
      {text('deadline_at', 'Deadline', 'date')}
      {text('platform', 'Platform')}
      {text('content_url', 'Content URL', 'url')}
      <TextAreaField label="Requirements" value={values.requirements} onChange={(value) => onChange('requirements', value)} />
      <TextAreaField label="Deliverables" value={values.deliverables} onChange={(value) => onChange('deliverables', value)} />
    </>
  );
}

/** What a move drop escrows from the creator's keys, said before they submit (issue 19: rewards come from escrow). */
export function keyPoolHint(values: Pick<DropFormValues, 'key_pool_total' | 'key_reward_amount' | 'max_participants'>): string {
  const returned = 'what is left returns when the drop closes.';
  if (values.key_pool_total.trim() !== '') return `${values.key_pool_total.trim()} keys move from your keys into the drop to pay its rewards; ${returned}`;
  const reward = Number(values.key_reward_amount);
  const seats = Number(values.max_participants);
  if (values.max_participants.trim() === '' || !Number.isSafeInteger(seats) || !Number.isSafeInteger(reward)) {
    return 'Required with unlimited participants: the keys moved from your keys into the drop to pay its rewards.';
  }
  return `Blank: ${reward * seats} keys (keys reward × max participants) move from your keys into the drop; ${returned}`;
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
      ? { key_cost: Number(values.key_cost), gem_reward_base: Number(values.gem_reward_base), gem_pool_total: numberOrUndefined(values.gem_pool_total) }
      : {}),
    ...(kind === 'move'
      ? { move_cost_points: Number(values.move_cost_points), key_reward_amount: Number(values.key_reward_amount), key_pool_total: numberOrUndefined(values.key_pool_total) }
      : {}),
  };
}

/** Maps a zod or server field path to the form's field. */
export function fieldErrorsOf(issues: { field: string; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.field as keyof FieldErrors;
    if (!errors[field]) errors[field] = issue.message;
  }
  return errors;
}
