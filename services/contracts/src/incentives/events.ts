import { z } from 'zod';

/**
 * Events of a coupon, stream `coupon-<id>`. A coupon is a voucher the advertiser honours (a discount, an item, credit
 * in their own shop): redeeming or awarding one moves no ledger currency, so none comes from nothing; its quantity
 * is the bound, never below zero (decided on this stream).
 */
export const COUPON_STREAM_PREFIX = 'coupon-';
export const COUPON_REWARD_TYPES = ['coupon', 'giveaway', 'credit'] as const;
export const COUPON_VALUE_UNITS = ['percentage', 'usd', 'gems', 'keys', 'item'] as const;
export const COUPON_TARGET_TYPES = ['drop', 'leaderboard'] as const;
/** Weekly leaderboard bands a coupon can go to (spec 3 §9). */
export const LEADERBOARD_BANDS = ['top-5', 'top-10', 'top-25', 'growth-leaders'] as const;
export type LeaderboardBand = (typeof LEADERBOARD_BANDS)[number];

export const CouponCreatedSchema = z.object({
  couponId: z.string(),
  ownerId: z.string(),
  title: z.string(),
  description: z.string(),
  rewardType: z.enum(COUPON_REWARD_TYPES),
  /** Hundredths of the unit, exact (10.5 % → 1050). */
  valueHundredths: z.number().int().nonnegative(),
  valueUnit: z.enum(COUPON_VALUE_UNITS),
  quantityTotal: z.number().int().positive(),
  startDate: z.string(),
  endDate: z.string(),
  createdAt: z.string(),
});
export const CouponAssignedSchema = z.object({
  couponId: z.string(),
  assignmentId: z.string(),
  targetType: z.enum(COUPON_TARGET_TYPES),
  targetId: z.string(),
  targetLabel: z.string(),
  assignedAt: z.string(),
});
export const CouponRedeemedSchema = z.object({
  couponId: z.string(),
  redemptionId: z.string(),
  userName: z.string(),
  /** The platform user it went to, when known (leaderboard awards). */
  userId: z.string().nullable(),
  source: z.enum(['manual', 'leaderboard']),
  assignmentId: z.string().nullable(),
  periodKey: z.string().nullable(),
  redeemedAt: z.string(),
});
export const CouponBandAwardedSchema = z.object({
  couponId: z.string(),
  assignmentId: z.string(),
  band: z.enum(LEADERBOARD_BANDS),
  /** The Monday (UTC) of the week that closed. */
  periodKey: z.string(),
  winners: z.array(z.string()),
  /** Users of the band left out because the coupon ran out. */
  unawarded: z.number().int().nonnegative(),
  awardedAt: z.string(),
});

export const COUPON_EVENT_SCHEMAS = {
  CouponCreated: CouponCreatedSchema,
  CouponAssigned: CouponAssignedSchema,
  CouponRedeemed: CouponRedeemedSchema,
  CouponBandAwarded: CouponBandAwardedSchema,
} as const;
export type CouponEventType = keyof typeof COUPON_EVENT_SCHEMAS;
export type CouponEvent = {
  [Type in CouponEventType]: { type: Type; data: z.infer<(typeof COUPON_EVENT_SCHEMAS)[Type]> };
}[CouponEventType];
