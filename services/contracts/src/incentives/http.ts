import { z } from 'zod';
import { COUPON_REWARD_TYPES, COUPON_TARGET_TYPES, COUPON_VALUE_UNITS, LEADERBOARD_BANDS } from './events';
import { COUPON_MESSAGES } from './messages';

/** Spec 3 §9 defaults: coupon, 10 percent, quantity 10, from today for 30 days. */
export const COUPON_DEFAULTS = Object.freeze({
  reward_type: 'coupon',
  value: 10,
  value_unit: 'percentage',
  quantity_total: 10,
  duration_days: 30,
} as const);
export const COUPON_STATUSES = ['active', 'scheduled', 'expired'] as const;
export type CouponStatus = (typeof COUPON_STATUSES)[number];

const isoDate = z.union([z.iso.date(), z.iso.datetime({ offset: true })], { error: 'Use a date (YYYY-MM-DD)' });
/** At most two decimals, so the value is exact in hundredths. */
const value = z.coerce
  .number({ error: COUPON_MESSAGES.valueMin })
  .min(0, COUPON_MESSAGES.valueMin)
  .max(1_000_000)
  .refine(
    (number) => Number.isInteger(Math.round(number * 100)) && Math.abs(Math.round(number * 100) - number * 100) < 1e-6,
    'At most two decimals',
  );

export const CreateCouponRequestSchema = z
  .object({
    title: z.string({ error: COUPON_MESSAGES.titleRequired }).trim().min(1, COUPON_MESSAGES.titleRequired).max(120),
    description: z.string().trim().max(2000).optional(),
    reward_type: z.enum(COUPON_REWARD_TYPES).optional(),
    value: value.optional(),
    value_unit: z.enum(COUPON_VALUE_UNITS).optional(),
    quantity_total: z.coerce
      .number({ error: COUPON_MESSAGES.quantityMin })
      .int(COUPON_MESSAGES.quantityMin)
      .min(1, COUPON_MESSAGES.quantityMin)
      .max(1_000_000)
      .optional(),
    /** The screens' name for quantity_total. */
    quantity: z.coerce
      .number({ error: COUPON_MESSAGES.quantityMin })
      .int(COUPON_MESSAGES.quantityMin)
      .min(1, COUPON_MESSAGES.quantityMin)
      .max(1_000_000)
      .optional(),
    start_date: isoDate.optional(),
    end_date: isoDate.optional(),
  })
  .refine((body) => !body.start_date || !body.end_date || Date.parse(body.end_date) >= Date.parse(body.start_date), {
    message: COUPON_MESSAGES.endBeforeStart,
    path: ['end_date'],
  });
export type CreateCouponRequest = z.input<typeof CreateCouponRequestSchema>;

export const AssignCouponRequestSchema = z
  .object({
    target_type: z.enum(COUPON_TARGET_TYPES, { error: 'target_type is drop or leaderboard' }),
    target_id: z
      .string({ error: COUPON_MESSAGES.selectDropFirst })
      .trim()
      .min(1, COUPON_MESSAGES.selectDropFirst)
      .max(100),
    target_label: z.string().trim().max(200).optional(),
  })
  .refine(
    (body) => body.target_type !== 'leaderboard' || (LEADERBOARD_BANDS as readonly string[]).includes(body.target_id),
    {
      message: `A leaderboard target is one of ${LEADERBOARD_BANDS.join(', ')}`,
      path: ['target_id'],
    },
  );
export type AssignCouponRequest = z.input<typeof AssignCouponRequestSchema>;

export const RedeemCouponRequestSchema = z.object({
  user_name: z
    .string({ error: COUPON_MESSAGES.userNameRequired })
    .trim()
    .min(1, COUPON_MESSAGES.userNameRequired)
    .max(100),
});
export type RedeemCouponRequest = z.input<typeof RedeemCouponRequestSchema>;

export const CouponAssignmentSchema = z.object({
  id: z.string(),
  target_type: z.enum(COUPON_TARGET_TYPES),
  target_id: z.string(),
  target_label: z.string(),
});

export const CouponSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  reward_type: z.enum(COUPON_REWARD_TYPES),
  value: z.number(),
  value_unit: z.enum(COUPON_VALUE_UNITS),
  quantity_total: z.number().int(),
  quantity_remaining: z.number().int(),
  start_date: z.string(),
  end_date: z.string(),
  status: z.enum(COUPON_STATUSES),
  assignments: z.array(CouponAssignmentSchema),
  created_at: z.string(),
});
export type CouponView = z.infer<typeof CouponSchema>;

export const RedemptionSchema = z.object({
  id: z.string(),
  coupon_id: z.string(),
  coupon_title: z.string(),
  user_name: z.string(),
  reward_value: z.number(),
  reward_unit: z.enum(COUPON_VALUE_UNITS),
  source: z.enum(['manual', 'leaderboard']),
  redeemed_at: z.string(),
});
export type RedemptionView = z.infer<typeof RedemptionSchema>;

export const CouponsResponseSchema = z.object({
  status: z.literal('success'),
  message: z.string(),
  data: z.object({ coupons: z.array(CouponSchema), redemptions: z.array(RedemptionSchema) }),
});
export type CouponsResponse = z.infer<typeof CouponsResponseSchema>;

export const CouponResponseSchema = z.object({
  status: z.literal('success'),
  message: z.string(),
  data: z.object({ coupon: CouponSchema }),
});
export type CouponResponse = z.infer<typeof CouponResponseSchema>;

export const RedeemCouponResponseSchema = z.object({
  status: z.literal('success'),
  message: z.string(),
  data: z.object({ coupon: CouponSchema, redemption: RedemptionSchema }),
});
export type RedeemCouponResponse = z.infer<typeof RedeemCouponResponseSchema>;

/** The status from the dates (UTC): scheduled before the start, expired after the end day, else active. */
export function couponStatus(startDate: string, endDate: string, now: Date = new Date()): CouponStatus {
  if (now.getTime() < Date.parse(startDate)) return 'scheduled';
  if (now.getTime() >= Date.parse(endDate)) return 'expired';
  return 'active';
}
