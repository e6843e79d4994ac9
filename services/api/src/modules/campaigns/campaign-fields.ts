import { parseDecimalToMinor, minorToApiNumber } from '@app/contracts/ledger';
import type { MoveCostResponse, UpdateCampaignRequestSchema } from '@app/contracts/campaigns';
import type { z } from 'zod';
import type { CostBreakdown, EditableFields } from './domain/campaign';
import type { MoveCost } from './domain/move-cost';

/** Amounts of the form (validated to at most 2 decimals) as hundredths, read digit by digit (no float). */
const hundredthsOf = (value: number): string => parseDecimalToMinor(value, 'moves')!.toString();

/** The editable fields of a validated create or edit request, as the events carry them. */
export function editableFieldsOf(body: z.output<typeof UpdateCampaignRequestSchema>): EditableFields {
  return {
    name: body.name,
    objective: body.objective,
    description: body.description,
    budgetMinor: hundredthsOf(body.budget),
    dailyBudgetMinor: hundredthsOf(body.dailyBudget),
    bidStrategy: body.bidStrategy,
    bidAmountMinor: body.bidAmount === null ? null : hundredthsOf(body.bidAmount),
    targetCtrTenths: Math.round(body.targetCtr * 10),
    targetCpcMinor: hundredthsOf(body.targetCpc),
  };
}

export const costBreakdownOf = (cost: MoveCost): CostBreakdown => ({
  totalMinor: cost.totalMinor.toString(),
  baseMinor: cost.baseMinor.toString(),
  durationHundredths: cost.durationHundredths.toString(),
  audienceHundredths: cost.audienceHundredths.toString(),
  premiumHundredths: cost.premiumHundredths.toString(),
});

/** Moves and modifiers as JSON numbers with at most 2 decimals (exact: hundredths below 2^53). */
export const costResponse = (cost: MoveCost): MoveCostResponse => ({
  totalCost: minorToApiNumber(cost.totalMinor, 'moves'),
  baseCost: minorToApiNumber(cost.baseMinor, 'moves'),
  durationModifier: minorToApiNumber(cost.durationHundredths, 'moves'),
  audienceModifier: minorToApiNumber(cost.audienceHundredths, 'moves'),
  premiumModifier: minorToApiNumber(cost.premiumHundredths, 'moves'),
});
