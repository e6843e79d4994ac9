import type { ReactNode } from 'react';
import { BID_STRATEGIES, CAMPAIGN_OBJECTIVES } from '@app/contracts/campaigns';
import { FormSelect, FormTextArea, FormTextField, useWatch } from '@app/platform/forms';
import { BID_STRATEGY_LABELS, OBJECTIVE_LABELS } from './campaign-format';

/** The editable fields as the form holds them (text; `toEditableRequest` says what they mean). */
export interface EditableValues {
  name: string;
  objective: string;
  description: string;
  budget: string;
  dailyBudget: string;
  bidStrategy: string;
  bidAmount: string;
  targetCtr: string;
  targetCpc: string;
}

/**
 * A number field as the API takes it: a number, or undefined when left blank (the schema then says what is missing).
 */
export const numberOrBlank = (text: string): number | undefined => (text.trim() === '' ? undefined : Number(text));

export function toEditableRequest(values: EditableValues) {
  return {
    name: values.name,
    objective: values.objective,
    description: values.description,
    budget: numberOrBlank(values.budget),
    dailyBudget: numberOrBlank(values.dailyBudget),
    bidStrategy: values.bidStrategy,
    bidAmount: values.bidStrategy === 'lowest_cost' ? null : (numberOrBlank(values.bidAmount) ?? null),
    targetCtr: numberOrBlank(values.targetCtr),
    targetCpc: numberOrBlank(values.targetCpc),
  };
}

const objectiveOptions = CAMPAIGN_OBJECTIVES.map((value) => ({ value, label: OBJECTIVE_LABELS[value] }));
const bidOptions = BID_STRATEGIES.map((value) => ({ value, label: BID_STRATEGY_LABELS[value] }));

export function DetailsSection({ children }: { children?: ReactNode }) {
  return (
    <fieldset className="ui-stack">
      <legend>Campaign Details</legend>
      <FormTextField name="name" label="Campaign name" required />
      <FormSelect name="objective" label="Objective" options={objectiveOptions} />
      <FormTextArea name="description" label="Description" rows={3} />
      {children}
    </fieldset>
  );
}

/**
 * 'About N days' when an end date is set (budget ÷ daily budget), else 'Will run until budget is spent' (spec 3 §2).
 */
export function runtimeHint(budget: string, dailyBudget: string, hasEndDate: boolean): string {
  if (!hasEndDate) return 'Will run until budget is spent';
  const total = Number(budget);
  const daily = Number(dailyBudget);
  if (!(total > 0) || !(daily > 0)) return 'Enter a budget and a daily budget';
  const days = Math.ceil(total / daily);
  return `About ${days} ${days === 1 ? 'day' : 'days'} at this daily budget`;
}

export function BudgetFields({ hasEndDate }: { hasEndDate: boolean }) {
  const [budget, dailyBudget] = useWatch({ name: ['budget', 'dailyBudget'] }) as [string, string];
  return (
    <>
      <FormTextField name="budget" label="Total budget ($)" type="number" min={1} step={0.01} required />
      <FormTextField
        name="dailyBudget"
        label="Daily budget ($)"
        type="number"
        min={1}
        step={0.01}
        required
        hint={runtimeHint(budget, dailyBudget, hasEndDate)}
      />
    </>
  );
}

export function BiddingSection() {
  const bidStrategy = useWatch({ name: 'bidStrategy' }) as string;
  return (
    <fieldset className="ui-stack">
      <legend>Bidding &amp; Optimization</legend>
      <FormSelect name="bidStrategy" label="Bid strategy" options={bidOptions} />
      {bidStrategy !== 'lowest_cost' ? (
        <FormTextField name="bidAmount" label="Bid amount ($)" type="number" min={0.01} step={0.01} required />
      ) : null}
      <FormTextField name="targetCtr" label="Target CTR (%)" type="number" min={0.1} max={100} step={0.1} />
      <FormTextField name="targetCpc" label="Target CPC ($)" type="number" min={0.01} step={0.01} />
    </fieldset>
  );
}
