import { defineRoute, IdempotencyKeyHeaders } from '../http/route';
import {
  AssignCouponRequestSchema,
  CouponResponseSchema,
  CouponsResponseSchema,
  CreateCouponRequestSchema,
  RedeemCouponRequestSchema,
  RedeemCouponResponseSchema,
} from './http';
import { z } from 'zod';

const CouponIdParams = z.object({ id: z.string().min(1).max(64) });

// Spec 3 §7: the coupon calls have no /api prefix; the API serves them at these exact paths.
export const listCouponsRoute = /*#__PURE__*/ defineRoute({
  method: 'get',
  path: '/advertisers/coupons',
  summary:
    "The advertiser's coupons (status from their dates, assignments) and their redemptions, newest first " +
    '(clients cache 30 s)',
  tags: ['incentives'],
  responses: { 200: CouponsResponseSchema },
  errors: { 403: 'Not an advertiser (`ADVERTISER_ONLY`)' },
});

export const createCouponRoute = /*#__PURE__*/ defineRoute({
  method: 'post',
  path: '/advertisers/coupons',
  summary:
    'Creates a coupon: title required, quantity ≥ 1, value ≥ 0 (two decimals); spec 3 §9 defaults for what is left out',
  tags: ['incentives'],
  request: { body: CreateCouponRequestSchema, headers: IdempotencyKeyHeaders },
  responses: { 201: CouponResponseSchema },
  errors: {
    400: 'Invalid fields (`VALIDATION_ERROR` with field_errors)',
    403: 'Not an advertiser (`ADVERTISER_ONLY`)',
  },
});

export const assignCouponRoute = /*#__PURE__*/ defineRoute({
  method: 'post',
  path: '/advertisers/coupons/:id/assign',
  summary:
    "Attaches a coupon to one of the caller's drops, or to a weekly leaderboard band (top-5, top-10, top-25, " +
    'growth-leaders) awarded when the week closes',
  tags: ['incentives'],
  request: { params: CouponIdParams, body: AssignCouponRequestSchema },
  responses: { 200: CouponResponseSchema },
  errors: {
    400: 'Invalid target',
    403: 'Not your drop (`NOT_OWN_DROP`)',
    404: 'No such coupon of yours (`COUPON_NOT_FOUND`)',
    409: 'Already assigned there (`ALREADY_ASSIGNED`)',
  },
});

export const redeemCouponRoute = /*#__PURE__*/ defineRoute({
  method: 'post',
  path: '/advertisers/coupons/:id/redeem',
  summary: 'Redeems one coupon for a recipient: never more redemptions than the quantity, under any concurrency',
  tags: ['incentives'],
  request: { params: CouponIdParams, body: RedeemCouponRequestSchema, headers: IdempotencyKeyHeaders },
  responses: { 200: RedeemCouponResponseSchema },
  errors: {
    404: 'No such coupon of yours (`COUPON_NOT_FOUND`)',
    409: 'Not active (`COUPON_NOT_ACTIVE`) or none left (`COUPON_EXHAUSTED`)',
  },
});
