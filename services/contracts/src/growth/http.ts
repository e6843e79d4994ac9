import { z } from 'zod';
import { amountField } from '../ledger/currency';
import {
  CHANNEL_COLORS,
  FUNDING_CATEGORIES,
  FUNDING_DURATIONS,
  GROWTH_MESSAGES,
  GROWTH_RULES,
  RISK_LEVELS,
  SHIELD_COVERAGE_FLAGS,
} from './config';

/** Growth Hub request and response bodies. Amounts are JSON numbers holding the exact gem decimal (ledger README). */
const gems = z.number().meta({ description: 'gems, exact to 4 decimals' });

export const GrowthChannelSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    lock_period_days: z.number().int(),
    base_multiplier: z.number(),
    risk_level: z.enum(RISK_LEVELS),
    min_amount: z.number(),
    max_amount: z.number(),
    expected_apr: z.number().meta({
      description: 'Percent a year implied by the multiplier over the lock: (multiplier − 1) × 365 / lock days × 100',
    }),
    icon: z.string(),
    color: z.enum(CHANNEL_COLORS),
    features: z.array(z.string()),
    participant_count: z.number().int(),
    total_deposited: gems,
  })
  .meta({ id: 'GrowthChannel' });
export type GrowthChannel = z.infer<typeof GrowthChannelSchema>;
export const GrowthChannelsResponseSchema = z.array(GrowthChannelSchema);

export const STAKING_STATUSES = ['active', 'withdrawable', 'withdrawn'] as const;
export const StakingPositionSchema = z
  .object({
    id: z.string(),
    channel_id: z.string(),
    channel_name: z.string(),
    amount: gems,
    multiplier: z.number(),
    staked_at: z.string(),
    lock_until: z.string(),
    earned_so_far: gems,
    projected_total_reward: gems,
    daily_reward: gems,
    status: z.enum(STAKING_STATUSES),
  })
  .meta({ id: 'StakingPosition' });
export type StakingPosition = z.infer<typeof StakingPositionSchema>;
export const StakingPositionsResponseSchema = z.array(StakingPositionSchema);

export const StakeRequestSchema = z.object({
  channel_id: z.string({ error: 'Please choose a growth channel' }).min(1, 'Please choose a growth channel'),
  amount: amountField({ label: 'Amount', currency: 'gems', min: 0.0001, max: GROWTH_RULES.stakeAmountMaximum }),
});
export type StakeRequest = z.input<typeof StakeRequestSchema>;
export const StakeResponseSchema = z.object({
  success: z.literal(true),
  position: StakingPositionSchema,
  transaction_id: z.string(),
  message: z.string(),
});
export type StakeResponse = z.infer<typeof StakeResponseSchema>;
export const WithdrawStakeResponseSchema = z.object({
  success: z.literal(true),
  position: StakingPositionSchema,
  stake: gems,
  rewards: gems,
  total: gems,
  transaction_id: z.string(),
  message: z.string(),
});
export type WithdrawStakeResponse = z.infer<typeof WithdrawStakeResponseSchema>;

export const RewardTierViewSchema = z.object({
  id: z.string(),
  amount: gems,
  title: z.string(),
  description: z.string(),
  estimatedDelivery: z.string(),
  backerCount: z.number().int(),
});
export const PROJECT_STATUSES = ['active', 'closing', 'funded', 'failed'] as const;
export const FundingProjectSchema = z
  .object({
    id: z.string(),
    creator_id: z.string(),
    creator_name: z.string(),
    creator_avatar: z.string().nullable(),
    title: z.string(),
    description: z.string(),
    category: z.enum(FUNDING_CATEGORIES),
    target_amount: gems,
    amount_raised: gems,
    backer_count: z.number().int(),
    days_left: z.number().int(),
    deadline: z.string(),
    duration_days: z.number().int(),
    min_pledge: gems,
    status: z.enum(PROJECT_STATUSES).meta({
      description:
        'active until the deadline; closing until the settlement job ran; then funded (goal reached, paid to ' +
        'the creator) or failed (every pledge returned)',
    }),
    featured: z.boolean(),
    reward_tiers: z.array(RewardTierViewSchema),
    created_at: z.string(),
  })
  .meta({ id: 'FundingProject' });
export type FundingProject = z.infer<typeof FundingProjectSchema>;
export const FundingProjectsResponseSchema = z.array(FundingProjectSchema);

const requiredText = (max: number) =>
  z
    .string({ error: GROWTH_MESSAGES.requiredFields })
    .trim()
    .min(1, GROWTH_MESSAGES.requiredFields)
    .max(max, `At most ${max} characters`);
export const RewardTierRequestSchema = z.object({
  amount: amountField({ label: 'Tier amount', currency: 'gems', min: 1, max: GROWTH_RULES.pledgeMaximum }),
  title: requiredText(120),
  description: z.string().trim().max(1_000).default(''),
  estimatedDelivery: z.string().trim().max(60).default(''),
});
export const CreateProjectRequestSchema = z.object({
  title: requiredText(120),
  description: requiredText(5_000),
  category: z.enum(FUNDING_CATEGORIES, { error: 'Please choose a category' }).default('Other'),
  funding_goal: z
    .union([z.number(), z.string()], { error: GROWTH_MESSAGES.requiredFields })
    .refine((value) => String(value).trim() !== '', GROWTH_MESSAGES.requiredFields)
    .pipe(amountField({ label: 'Funding goal', currency: 'gems', min: 0, max: GROWTH_RULES.fundingGoalMaximum }))
    .refine((minor) => minor >= BigInt(GROWTH_RULES.fundingGoalMinimum) * 10_000n, GROWTH_MESSAGES.fundingGoalMinimum),
  /** Blank means the default, 25 (spec 3 §5). */
  min_pledge: z
    .union([z.number(), z.string(), z.null()])
    .optional()
    .transform((value) =>
      value === null || value === undefined || String(value).trim() === '' ? GROWTH_RULES.defaultMinPledge : value,
    )
    .pipe(amountField({ label: 'Minimum pledge', currency: 'gems', min: 1, max: GROWTH_RULES.pledgeMaximum })),
  duration_days: z
    .union([z.number(), z.string()])
    .optional()
    .transform((value) => (value === undefined || value === '' ? GROWTH_RULES.defaultDurationDays : Number(value)))
    .refine(
      (value) => (FUNDING_DURATIONS as readonly number[]).includes(value),
      'Duration must be 30, 45, 60 or 90 days',
    ),
  reward_tiers: z
    .array(RewardTierRequestSchema, { error: 'Add at least one reward tier' })
    .min(1, 'Add at least one reward tier')
    .max(GROWTH_RULES.maxRewardTiers, `At most ${GROWTH_RULES.maxRewardTiers} reward tiers`),
});
export type CreateProjectRequest = z.input<typeof CreateProjectRequestSchema>;
export const CreateProjectResponseSchema = z.object({
  success: z.literal(true),
  project: FundingProjectSchema,
  message: z.string(),
});
export type CreateProjectResponse = z.infer<typeof CreateProjectResponseSchema>;

export const PledgeRequestSchema = z.object({
  amount: amountField({ label: 'Pledge', currency: 'gems', min: 0.0001, max: GROWTH_RULES.pledgeMaximum }),
  reward_tier: z.string().min(1).nullish(),
});
export type PledgeRequest = z.input<typeof PledgeRequestSchema>;
export const PledgeViewSchema = z
  .object({
    id: z.string(),
    project_id: z.string(),
    project_title: z.string(),
    amount: gems,
    reward_tier: z.string().nullable(),
    status: z.enum(['held', 'paid_to_creator', 'returned']),
    pledged_at: z.string(),
  })
  .meta({ id: 'Pledge' });
export type PledgeView = z.infer<typeof PledgeViewSchema>;
export const PledgesResponseSchema = z.array(PledgeViewSchema);
export const PledgeResponseSchema = z.object({
  success: z.literal(true),
  pledge: PledgeViewSchema,
  project: FundingProjectSchema,
  transaction_id: z.string(),
  message: z.string(),
});
export type PledgeResponse = z.infer<typeof PledgeResponseSchema>;

export const ShieldPolicySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    premium_amount: gems,
    coverage_amount: gems,
    deductible: gems,
    min_followers: z.number().int(),
    coverage: z.record(z.enum(SHIELD_COVERAGE_FLAGS), z.boolean()),
    platforms: z.array(z.string()),
  })
  .meta({ id: 'ShieldPolicy' });
export type ShieldPolicy = z.infer<typeof ShieldPolicySchema>;
export const ShieldPoliciesResponseSchema = z.array(ShieldPolicySchema);

export const SUBSCRIPTION_STATUSES = ['active', 'cancelled', 'lapsed', 'ended'] as const;
export const ShieldSubscriptionSchema = z
  .object({
    id: z.string(),
    policy_id: z.string(),
    policy_name: z.string(),
    status: z
      .enum(SUBSCRIPTION_STATUSES)
      .meta({ description: 'cancelled: still covered until period_end, not renewed' }),
    premium_amount: gems,
    coverage_amount: gems,
    deductible: gems,
    period_start: z.string(),
    period_end: z.string(),
    coverage_from: z.string(),
    subscribed_at: z.string(),
  })
  .meta({ id: 'ShieldSubscription' });
export type ShieldSubscription = z.infer<typeof ShieldSubscriptionSchema>;
export const CLAIM_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const ShieldClaimSchema = z
  .object({
    id: z.string(),
    subscription_id: z.string(),
    user_id: z.string(),
    incident_type: z.enum(SHIELD_COVERAGE_FLAGS),
    occurred_at: z.string(),
    description: z.string(),
    evidence_url: z.string(),
    payout_amount: gems,
    status: z.enum(CLAIM_STATUSES),
    filed_at: z.string(),
    decided_at: z.string().nullable(),
    decision_reason: z.string().nullable(),
  })
  .meta({ id: 'ShieldClaim' });
export type ShieldClaim = z.infer<typeof ShieldClaimSchema>;
export const ShieldClaimsResponseSchema = z.array(ShieldClaimSchema);
export const MyShieldResponseSchema = z.object({
  subscription: ShieldSubscriptionSchema.nullable(),
  verified_follower_count: z.number().int().meta({
    description:
      'Followers an admin verified (rewards influence programme); the only count policies are checked against',
  }),
  claims: z.array(ShieldClaimSchema),
});
export type MyShieldResponse = z.infer<typeof MyShieldResponseSchema>;
export const SubscribeRequestSchema = z.object({
  policy_id: z.string({ error: 'Please choose a policy' }).min(1, 'Please choose a policy'),
});
export type SubscribeRequest = z.infer<typeof SubscribeRequestSchema>;
export const SubscribeResponseSchema = z.object({
  success: z.literal(true),
  subscription: ShieldSubscriptionSchema,
  transaction_id: z.string(),
  message: z.string(),
});
export type SubscribeResponse = z.infer<typeof SubscribeResponseSchema>;
export const CancelSubscriptionResponseSchema = z.object({
  success: z.literal(true),
  subscription: ShieldSubscriptionSchema,
  message: z.string(),
});
export const FileClaimRequestSchema = z.object({
  incident_type: z.enum(SHIELD_COVERAGE_FLAGS, { error: 'Please choose the incident type' }),
  occurred_at: z.iso.datetime({ offset: true, error: 'occurred_at must be an ISO date and time' }),
  description: z
    .string({ error: 'Please describe the incident' })
    .trim()
    .min(10, 'Please describe the incident (at least 10 characters)')
    .max(5_000),
  evidence_url: z.url({ error: 'Please provide a valid URL' }).max(2_000),
});
export type FileClaimRequest = z.infer<typeof FileClaimRequestSchema>;
export const FileClaimResponseSchema = z.object({
  success: z.literal(true),
  claim: ShieldClaimSchema,
  message: z.string(),
});
export const DecideClaimRequestSchema = z.object({
  decision: z.enum(['approve', 'reject'], { error: 'decision must be approve or reject' }),
  reason: z.string().trim().max(1_000).optional(),
});
export const DecideClaimResponseSchema = z.object({
  success: z.literal(true),
  claim: ShieldClaimSchema,
  transaction_id: z.string().nullable(),
});
export const AdminClaimsQuerySchema = z.object({ status: z.enum(CLAIM_STATUSES).optional() });

export const PlatformEconomySchema = z
  .object({
    total_staked: gems,
    active_positions: z.number().int(),
    staking_rewards_accrued: gems,
    total_pledged: gems.meta({ description: 'Gems held in escrow for projects not yet settled' }),
    active_projects: z.number().int(),
    funded_total: gems,
    insured_coverage: gems.meta({ description: 'Coverage of the subscriptions in force' }),
    active_subscriptions: z.number().int(),
    premiums_collected: gems,
    claims_paid: gems,
    issued: z
      .array(z.object({ currency: z.string(), amount: z.number() }))
      .meta({ description: 'Everything ever issued out of system:issuance, per currency' }),
    as_of: z.string(),
  })
  .meta({ id: 'PlatformEconomy' });
export type PlatformEconomy = z.infer<typeof PlatformEconomySchema>;
