import { z } from 'zod';
import { FUNDING_CATEGORIES, SHIELD_COVERAGE_FLAGS } from './config';

/**
 * Growth Hub event payloads. Amounts are strings of minor units (gems, scale 4). Streams:
 * - `growth-staking-<userId>`: a user's staking positions;
 * - `growth-project-<projectId>`: one funding project and its pledges;
 * - `growth-shield-<userId>`: a user's Social Shield subscriptions and claims;
 * - `growth-insurance-pool-<real|demo>`: the insurance pool's premiums in and payouts out (the payout bound).
 */
const minor = z.string().regex(/^\d+$/);

export const StakePlacedSchema = z.object({
  positionId: z.string(),
  userId: z.string(),
  channelId: z.string(),
  channelName: z.string(),
  amountMinor: minor,
  /** base_multiplier × 100, an integer: rewards are computed on integers. */
  multiplierHundredths: z.number().int().min(100),
  lockDays: z.number().int().min(1),
  stakedAt: z.string(),
  lockUntil: z.string(),
  rewardTotalMinor: minor,
  transactionId: z.string(),
});
export const StakeRewardAccruedSchema = z.object({
  positionId: z.string(),
  /** Days of the lock this credit covers, 1-based and inclusive: day k is due at stakedAt + k days. */
  fromDay: z.number().int().min(1),
  toDay: z.number().int().min(1),
  amountMinor: minor,
  transactionId: z.string(),
  accruedAt: z.string(),
});
export const StakeWithdrawnSchema = z.object({
  positionId: z.string(),
  stakeMinor: minor,
  rewardsMinor: minor,
  transactionId: z.string(),
  withdrawnAt: z.string(),
});

const RewardTierSchema = z.object({
  id: z.string(),
  amountMinor: minor,
  title: z.string(),
  description: z.string(),
  estimatedDelivery: z.string(),
});
export const ProjectCreatedSchema = z.object({
  projectId: z.string(),
  creatorId: z.string(),
  creatorName: z.string(),
  creatorAvatar: z.string().nullable(),
  creatorIsDemo: z.boolean(),
  title: z.string(),
  description: z.string(),
  category: z.enum(FUNDING_CATEGORIES),
  goalMinor: minor,
  minPledgeMinor: minor,
  durationDays: z.number().int(),
  createdAt: z.string(),
  deadline: z.string(),
  tiers: z.array(RewardTierSchema).min(1),
});
export const PledgeMadeSchema = z.object({
  projectId: z.string(),
  pledgeId: z.string(),
  backerId: z.string(),
  amountMinor: minor,
  tierId: z.string().nullable(),
  transactionId: z.string(),
  pledgedAt: z.string(),
});
export const ProjectSettledSchema = z.object({
  projectId: z.string(),
  outcome: z.enum(['funded', 'failed']),
  raisedMinor: minor,
  /** Null when nothing was pledged (nothing to move). */
  transactionId: z.string().nullable(),
  settledAt: z.string(),
});

const PolicySnapshotSchema = z.object({
  policyId: z.string(),
  name: z.string(),
  premiumMinor: minor,
  coverageMinor: minor,
  deductibleMinor: minor,
  coverage: z.record(z.enum(SHIELD_COVERAGE_FLAGS), z.boolean()),
});
export const ShieldPoolSchema = z.enum(['real', 'demo']);
export const ShieldSubscribedSchema = z.object({
  subscriptionId: z.string(),
  userId: z.string(),
  policy: PolicySnapshotSchema,
  pool: ShieldPoolSchema,
  periodStart: z.string(),
  periodEnd: z.string(),
  coverageFrom: z.string(),
  transactionId: z.string(),
});
export const ShieldRenewedSchema = z.object({
  subscriptionId: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  premiumMinor: minor,
  transactionId: z.string(),
});
export const ShieldLapsedSchema = z.object({
  subscriptionId: z.string(),
  userId: z.string(),
  policyName: z.string(),
  lapsedAt: z.string(),
});
export const ShieldCancelledSchema = z.object({
  subscriptionId: z.string(),
  cancelledAt: z.string(),
  endsAt: z.string(),
});
export const ShieldEndedSchema = z.object({ subscriptionId: z.string(), endedAt: z.string() });
export const ShieldClaimFiledSchema = z.object({
  claimId: z.string(),
  subscriptionId: z.string(),
  userId: z.string(),
  incidentType: z.enum(SHIELD_COVERAGE_FLAGS),
  occurredAt: z.string(),
  description: z.string(),
  evidenceUrl: z.string(),
  payoutMinor: minor,
  filedAt: z.string(),
});
export const ShieldClaimApprovedSchema = z.object({
  claimId: z.string(),
  payoutMinor: minor,
  decidedBy: z.string(),
  transactionId: z.string(),
  decidedAt: z.string(),
});
export const ShieldClaimRejectedSchema = z.object({
  claimId: z.string(),
  decidedBy: z.string(),
  reason: z.string(),
  decidedAt: z.string(),
});
export const PoolPremiumReceivedSchema = z.object({
  subscriptionId: z.string(),
  amountMinor: minor,
  transactionId: z.string(),
  receivedAt: z.string(),
});
export const PoolClaimPaidSchema = z.object({
  claimId: z.string(),
  amountMinor: minor,
  transactionId: z.string(),
  paidAt: z.string(),
});

export const STAKING_EVENT_SCHEMAS = {
  StakePlaced: StakePlacedSchema,
  StakeRewardAccrued: StakeRewardAccruedSchema,
  StakeWithdrawn: StakeWithdrawnSchema,
} as const;
export const PROJECT_EVENT_SCHEMAS = {
  ProjectCreated: ProjectCreatedSchema,
  PledgeMade: PledgeMadeSchema,
  ProjectSettled: ProjectSettledSchema,
} as const;
export const SHIELD_EVENT_SCHEMAS = {
  ShieldSubscribed: ShieldSubscribedSchema,
  ShieldRenewed: ShieldRenewedSchema,
  ShieldLapsed: ShieldLapsedSchema,
  ShieldCancelled: ShieldCancelledSchema,
  ShieldEnded: ShieldEndedSchema,
  ShieldClaimFiled: ShieldClaimFiledSchema,
  ShieldClaimApproved: ShieldClaimApprovedSchema,
  ShieldClaimRejected: ShieldClaimRejectedSchema,
} as const;
export const POOL_EVENT_SCHEMAS = {
  PoolPremiumReceived: PoolPremiumReceivedSchema,
  PoolClaimPaid: PoolClaimPaidSchema,
} as const;

type EventsOf<Schemas extends Record<string, z.ZodType>> = {
  [Type in keyof Schemas & string]: { type: Type; data: z.infer<Schemas[Type]> };
}[keyof Schemas & string];
export type StakingEvent = EventsOf<typeof STAKING_EVENT_SCHEMAS>;
export type ProjectEvent = EventsOf<typeof PROJECT_EVENT_SCHEMAS>;
export type ShieldEvent = EventsOf<typeof SHIELD_EVENT_SCHEMAS>;
export type PoolEvent = EventsOf<typeof POOL_EVENT_SCHEMAS>;
export type ShieldPool = z.infer<typeof ShieldPoolSchema>;

export const GROWTH_STREAM_PREFIXES = {
  staking: 'growth-staking-',
  project: 'growth-project-',
  shield: 'growth-shield-',
  pool: 'growth-insurance-pool-',
} as const;
