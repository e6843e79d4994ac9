import { z } from 'zod';
import { USER_TIERS } from '../identity/users';

/**
 * Rewards event payloads as stored. Stream `rewards-account-<userId>`: one per user, holding the master key
 * activations, the Instagram and influence registrations and claims, and the referral the user applied. Amounts are
 * strings of minor units (points at scale 1); timestamps ISO-8601; days `YYYY-MM-DD` (UTC), months `YYYY-MM` (UTC).
 */
const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const Month = z.string().regex(/^\d{4}-\d{2}$/);
const Minor = z.string().regex(/^\d+$/);
const Tier = z.enum(USER_TIERS);

export const MasterKeyActivatedSchema = z.object({
  userId: z.string(),
  utcDay: Day,
  tier: Tier,
  proofDropsCompleted: z.number().int().min(0),
  proofDropsRequired: z.number().int().min(1),
  activatedAt: z.string(),
});

export const InstagramAccountRegisteredSchema = z.object({
  userId: z.string(),
  instagramUsername: z.string(),
  registeredAt: z.string(),
});
export const InstagramAccountVerifiedSchema = z.object({
  userId: z.string(),
  instagramUsername: z.string(),
  verifiedBy: z.string(),
  verifiedAt: z.string(),
  /** The administrator's note, when one was given (the Approvals queue asks for it). */
  reason: z.string().optional(),
});
/**
 * An administrator found no proof the account is the user's: the registration is closed, the user may register again.
 */
export const InstagramVerificationRejectedSchema = z.object({
  userId: z.string(),
  instagramUsername: z.string(),
  reason: z.string(),
  rejectedBy: z.string(),
  rejectedAt: z.string(),
});
export const InstagramPointsClaimedSchema = z.object({
  userId: z.string(),
  month: Month,
  tier: Tier,
  pointsMinor: Minor,
  transactionId: z.string(),
  claimedAt: z.string(),
});

export const InfluenceRewardsRegisteredSchema = z.object({
  userId: z.string(),
  fullName: z.string(),
  platform: z.string(),
  platformUsername: z.string(),
  phoneNumber: z.string(),
  email: z.string(),
  /** The DECLARED follower count: a claim that pays nothing until `InfluenceFollowersVerified`. */
  followerCount: z.number().int().min(0),
  /**
   * Written by registrations before verification existed (points computed from the declared count). Ignored on read:
   * what a month pays is `InfluenceFollowersVerified.monthlyPointsMinor`.
   */
  monthlyPointsMinor: Minor.optional(),
  month: Month,
  registeredAt: z.string(),
});
/** An administrator checked this month's registration on the platform: the count seen and the points it gives. */
export const InfluenceFollowersVerifiedSchema = z.object({
  userId: z.string(),
  month: Month,
  platform: z.string(),
  platformUsername: z.string(),
  declaredFollowerCount: z.number().int().min(0),
  verifiedFollowerCount: z.number().int().min(0),
  /**
   * floor(min(verified, …) / 100) points, at most `REWARDS_RULES.influenceMonthlyPointsMaximum`; 0 under 500 followers.
   */
  monthlyPointsMinor: Minor,
  verifiedBy: z.string(),
  verifiedAt: z.string(),
  /** The administrator's note, when one was given. */
  reason: z.string().optional(),
});
/** An administrator could not confirm this month's claim: it pays nothing; the user may register the month again. */
export const InfluenceVerificationRejectedSchema = z.object({
  userId: z.string(),
  month: Month,
  platform: z.string(),
  platformUsername: z.string(),
  reason: z.string(),
  rejectedBy: z.string(),
  rejectedAt: z.string(),
});
export const InfluencePointsClaimedSchema = z.object({
  userId: z.string(),
  month: Month,
  pointsMinor: Minor,
  transactionId: z.string(),
  claimedAt: z.string(),
});

/** On the referred user's stream; the referrer learns of it through notifications. */
export const ReferralAppliedSchema = z.object({
  userId: z.string(),
  referrerUserId: z.string(),
  referralCode: z.string(),
  referredPointsMinor: Minor,
  referrerPointsMinor: Minor,
  transactionId: z.string(),
  appliedAt: z.string(),
});

export const REWARDS_EVENT_SCHEMAS = {
  MasterKeyActivated: MasterKeyActivatedSchema,
  InstagramAccountRegistered: InstagramAccountRegisteredSchema,
  InstagramAccountVerified: InstagramAccountVerifiedSchema,
  InstagramVerificationRejected: InstagramVerificationRejectedSchema,
  InstagramPointsClaimed: InstagramPointsClaimedSchema,
  InfluenceRewardsRegistered: InfluenceRewardsRegisteredSchema,
  InfluenceFollowersVerified: InfluenceFollowersVerifiedSchema,
  InfluenceVerificationRejected: InfluenceVerificationRejectedSchema,
  InfluencePointsClaimed: InfluencePointsClaimedSchema,
  ReferralApplied: ReferralAppliedSchema,
} as const;
export type RewardsEventType = keyof typeof REWARDS_EVENT_SCHEMAS;
export type RewardsEvent = {
  [Type in RewardsEventType]: { type: Type; data: z.infer<(typeof REWARDS_EVENT_SCHEMAS)[Type]> };
}[RewardsEventType];
export const REWARDS_EVENT_TYPES = Object.keys(REWARDS_EVENT_SCHEMAS) as RewardsEventType[];
export const REWARDS_STREAM_PREFIX = 'rewards-account-';
