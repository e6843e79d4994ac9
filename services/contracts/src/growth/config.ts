import { z } from 'zod';

/**
 * The Growth Hub's ops-owned configuration: staking channels and Social Shield policies. The API reads it from a
 * versioned file (`services/api/src/modules/growth/config/catalogue.json`) parsed with this schema at start;
 * screens only ever show what the API returns. Amounts are whole gems (the file is edited by people).
 */
export const RISK_LEVELS = ['low', 'medium', 'high'] as const;
export const CHANNEL_COLORS = ['green', 'blue', 'purple', 'orange'] as const;
export const SHIELD_COVERAGE_FLAGS = [
  'platformBan',
  'algorithmChange',
  'contentStrike',
  'monetizationLoss',
  'followerLoss',
] as const;

const wholeGems = z.number().int().min(1).max(10_000_000);

export const GrowthChannelConfigSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9-]{2,40}$/),
    name: z.string().min(1),
    description: z.string().min(1),
    lock_period_days: z.number().int().min(1).max(365),
    /** Projected total reward = amount × (multiplier − 1), paid daily over the lock (spec 3 §9). At most ×3. */
    base_multiplier: z.number().min(1).max(3),
    risk_level: z.enum(RISK_LEVELS),
    min_amount: wholeGems,
    max_amount: wholeGems,
    icon: z.string().min(1),
    color: z.enum(CHANNEL_COLORS),
    features: z.array(z.string()),
  })
  .refine((channel) => channel.min_amount <= channel.max_amount, 'min_amount must not exceed max_amount')
  // Multipliers are read as exact hundredths: the decider computes rewards on integers.
  .refine(
    (channel) =>
      Number.isInteger(Math.round(channel.base_multiplier * 100)) &&
      Math.abs(channel.base_multiplier * 100 - Math.round(channel.base_multiplier * 100)) < 1e-9,
    'base_multiplier has at most 2 decimals',
  );
export type GrowthChannelConfig = z.infer<typeof GrowthChannelConfigSchema>;

export const ShieldPolicyConfigSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9-]{2,40}$/),
    name: z.string().min(1),
    description: z.string().min(1),
    premium_amount: wholeGems,
    coverage_amount: wholeGems,
    deductible: z.number().int().min(0),
    min_followers: z.number().int().min(0),
    coverage: z.object(
      Object.fromEntries(SHIELD_COVERAGE_FLAGS.map((flag) => [flag, z.boolean()])) as Record<
        (typeof SHIELD_COVERAGE_FLAGS)[number],
        z.ZodBoolean
      >,
    ),
    platforms: z.array(z.string()).min(1),
  })
  .refine((policy) => policy.deductible < policy.coverage_amount, 'deductible must be below coverage_amount');
export type ShieldPolicyConfig = z.infer<typeof ShieldPolicyConfigSchema>;

export const GrowthCatalogueSchema = z.object({
  version: z.number().int().min(1),
  channels: z.array(GrowthChannelConfigSchema).min(1),
  policies: z.array(ShieldPolicyConfigSchema).min(1),
});
export type GrowthCatalogue = z.infer<typeof GrowthCatalogueSchema>;

/** Spec 3 §5 and §9: creator funding rules. */
export const FUNDING_CATEGORIES = [
  'Technology',
  'Film',
  'Music',
  'Art',
  'Games',
  'Fashion',
  'Food',
  'Publishing',
  'Design',
  'Education',
  'Health',
  'Other',
] as const;
export const FUNDING_DURATIONS = [30, 45, 60, 90] as const;
export const GROWTH_RULES = {
  fundingGoalMinimum: 1_000,
  fundingGoalMaximum: 10_000_000,
  defaultMinPledge: 25,
  pledgeMaximum: 1_000_000,
  maxRewardTiers: 10,
  defaultDurationDays: 30,
  /** Shield terms (spec 3 §2). */
  shieldPeriodDays: 30,
  shieldCoverageDelayHours: 24,
  claimWindowDays: 7,
  stakeAmountMaximum: 10_000_000,
} as const;

/** Messages shared by the API and the screens (spec 3 §5 and §8). */
export const GROWTH_MESSAGES = {
  requiredFields: 'Please fill in all required fields',
  fundingGoalMinimum: 'Minimum funding goal is 1,000 gems',
  stakeFailed: 'Failed to stake gems',
  createProjectFailed: 'Failed to create project',
  subscribeFailed: 'Failed to subscribe to shield',
  pledgeFailed: 'Failed to pledge',
  unknownChannel: 'This growth channel does not exist',
  stakeBelowMinimum: (min: number) => `The minimum stake for this channel is ${min} gems`,
  stakeAboveMaximum: (max: number) => `The maximum stake for this channel is ${max} gems`,
  insufficientGems: 'Insufficient gems',
  positionNotFound: 'Staking position not found',
  stillLocked: (until: string) => `This stake is locked until ${until}; it can be withdrawn after that`,
  alreadyWithdrawn: 'This stake has already been withdrawn',
  projectNotFound: 'Funding project not found',
  ownProject: 'You cannot pledge to your own project',
  projectClosed: 'This project no longer takes pledges',
  pledgeBelowMinimum: (min: string) => `The minimum pledge for this project is ${min} gems`,
  pledgeBelowTier: (amount: string) => `This reward tier needs a pledge of at least ${amount} gems`,
  unknownTier: 'This reward tier does not exist',
  demoIsolation: 'Demo accounts are sandboxes: no value can move between a demo account and a real account',
  unknownPolicy: 'This shield policy does not exist',
  followersBelowMinimum: (min: number) => `This policy needs at least ${min} verified followers`,
  alreadySubscribed: 'You already have an active Social Shield subscription',
  subscriptionNotFound: 'Subscription not found',
  alreadyCancelled: 'This subscription is already cancelled',
  noCoverage: 'No Social Shield coverage was in force when the incident occurred',
  claimTooLate: 'Claims must be filed within 7 days of the incident',
  incidentInFuture: 'The incident date must not be in the future',
  claimNotFound: 'Claim not found',
  claimAlreadyDecided: 'This claim has already been decided',
  poolTooSmall: 'The insurance pool cannot cover this payout',
  claimPending: 'You already have a claim awaiting a decision',
} as const;
