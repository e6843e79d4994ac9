import { z } from 'zod';
import { USER_TIERS } from '../identity/users';

/**
 * Events of an advertiser's subscription, stream `advertiser-subscription-<userId>`: the plan payments applied (once
 * per checkout session), cancellations, downgrades at period end, and the moves allowance credited (once per
 * inventory period). Every rule of the context is a rule on this one stream.
 */
export const SUBSCRIPTION_STREAM_PREFIX = 'advertiser-subscription-';
const Tier = z.enum(USER_TIERS);

export const PlanPaymentAppliedSchema = z.object({
  userId: z.string(),
  sessionId: z.string(),
  tier: Tier,
  periodStart: z.string(),
  /** Paid through (exclusive): the renewal job downgrades at this instant unless another payment extended it. */
  periodEnd: z.string(),
  appliedAt: z.string(),
});
export const PlanCancelledSchema = z.object({
  userId: z.string(),
  tier: Tier,
  effectiveAt: z.string(),
  cancelledAt: z.string(),
});
export const PlanDowngradedSchema = z.object({
  userId: z.string(),
  fromTier: Tier,
  toTier: Tier,
  reason: z.enum(['period_ended', 'cancelled', 'refunded']),
  at: z.string(),
});
export const MovesAllowanceCreditedSchema = z.object({
  userId: z.string(),
  tier: Tier,
  /** `<month|week>:<period start ISO>`: one credit per key. */
  periodKey: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  moves: z.number().int().nonnegative(),
  transactionId: z.string(),
  at: z.string(),
});

export const SUBSCRIPTION_EVENT_SCHEMAS = {
  PlanPaymentApplied: PlanPaymentAppliedSchema,
  PlanCancelled: PlanCancelledSchema,
  PlanDowngraded: PlanDowngradedSchema,
  MovesAllowanceCredited: MovesAllowanceCreditedSchema,
} as const;
export type SubscriptionEventType = keyof typeof SUBSCRIPTION_EVENT_SCHEMAS;
export type SubscriptionEvent = {
  [Type in SubscriptionEventType]: { type: Type; data: z.infer<(typeof SUBSCRIPTION_EVENT_SCHEMAS)[Type]> };
}[SubscriptionEventType];
