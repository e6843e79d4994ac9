import { v5 as uuidv5 } from 'uuid';
import { COUPON_EVENT_SCHEMAS, COUPON_STREAM_PREFIX, type CouponEvent } from '@app/contracts/incentives';
import { AggregateReader } from '../../../platform/event-sourcing/aggregate-reader';
import { AggregateStreams, eventParser } from '../../../platform/event-sourcing/aggregate-stream';
import { evolveCoupon, initialCoupon, type CouponState } from '../domain/coupon';

export const couponStreams = new AggregateStreams<CouponState, CouponEvent>({
  streamPrefix: COUPON_STREAM_PREFIX,
  initial: initialCoupon,
  evolve: evolveCoupon,
  parse: eventParser<CouponEvent>(COUPON_EVENT_SCHEMAS, 'incentives'),
});

export class Coupons extends AggregateReader(couponStreams) {}

const NAMESPACE = 'b3f1e0a4-2c7d-4a8e-9d61-5e0c2f7a4b19';
/** A band award's redemption is named after assignment, week and user: a rerun of the job cannot award twice. */
export const awardRedemptionIdOf = (assignmentId: string, periodKey: string, userId: string) =>
  uuidv5(`coupon-award:${assignmentId}:${periodKey}:${userId}`, NAMESPACE);
