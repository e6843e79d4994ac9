import { z } from 'zod';
import { USER_TIERS } from '../identity/users';
import { SUBSCRIPTION_MESSAGES } from './messages';

export const AdvertiserPlanSchema = z.object({
  id: z.enum(USER_TIERS),
  name: z.string(),
  tier: z.enum(USER_TIERS),
  price: z.number(),
  price_cents: z.number().int(),
  billingInterval: z.literal('month'),
  features: z.array(z.string()),
});
export type AdvertiserPlanView = z.infer<typeof AdvertiserPlanSchema>;

export const SubscriptionStatusSchema = z.object({
  tier: z.enum(USER_TIERS),
  /** The end of the paid period (null on the free plan). */
  paid_through: z.string().nullable(),
  cancel_at_period_end: z.boolean(),
});
export type SubscriptionStatusView = z.infer<typeof SubscriptionStatusSchema>;

export const PlansResponseSchema = z.object({
  status: z.literal('success'),
  message: z.string(),
  data: z.object({
    plans: z.array(AdvertiserPlanSchema),
    current_tier: z.enum(USER_TIERS),
    subscription: SubscriptionStatusSchema,
  }),
});
export type PlansResponse = z.infer<typeof PlansResponseSchema>;

/** Where the provider returns the browser: a same-origin path or an address on the app's own origin. */
const ReturnUrl = z.string().trim().min(1).max(500);

export const UpgradePlanRequestSchema = z.object({
  planId: z
    .string({ error: SUBSCRIPTION_MESSAGES.unknownPlan })
    .trim()
    .min(1, SUBSCRIPTION_MESSAGES.unknownPlan)
    .max(32),
  success_url: ReturnUrl.optional(),
  cancel_url: ReturnUrl.optional(),
});
export type UpgradePlanRequest = z.infer<typeof UpgradePlanRequestSchema>;

export const PlanCheckoutSchema = z.object({
  url: z.string(),
  session_id: z.string(),
  provider: z.string(),
  status: z.enum(['open', 'paid', 'failed', 'expired', 'refunded']),
  expiresAt: z.string(),
});
export type PlanCheckoutView = z.infer<typeof PlanCheckoutSchema>;

export const UpgradePlanResponseSchema = z.object({
  status: z.literal('success'),
  message: z.string(),
  data: z.object({
    plan: AdvertiserPlanSchema,
    /** A paid plan: the checkout the browser goes to (the tier changes when the payment is confirmed). */
    checkout: PlanCheckoutSchema.nullable(),
    subscription: SubscriptionStatusSchema,
  }),
});
export type UpgradePlanResponse = z.infer<typeof UpgradePlanResponseSchema>;

export const CancelPlanResponseSchema = z.object({
  status: z.literal('success'),
  message: z.string(),
  data: z.object({ subscription: SubscriptionStatusSchema }),
});
export type CancelPlanResponse = z.infer<typeof CancelPlanResponseSchema>;

export const MovesPackageSchema = z.object({
  id: z.string(),
  moves: z.number().int(),
  price: z.number(),
  price_cents: z.number().int(),
  label: z.string().nullable(),
});

export const MovesOverviewResponseSchema = z.object({
  status: z.literal('success'),
  data: z.object({
    moves_balance: z.number(),
    allowance: z.object({
      tier: z.enum(USER_TIERS),
      period: z.enum(['month', 'week']),
      moves: z.number().int(),
      period_start: z.string(),
      period_end: z.string(),
      credited: z.boolean(),
    }),
    packages: z.array(MovesPackageSchema),
  }),
});
export type MovesOverviewResponse = z.infer<typeof MovesOverviewResponseSchema>;
