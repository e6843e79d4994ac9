import { couponStatus, type CouponEvent, type LeaderboardBand } from '@app/contracts/incentives';
import { z } from 'zod';
import type { CouponCreatedSchema } from '@app/contracts/incentives';

type Created = z.infer<typeof CouponCreatedSchema>;

export interface CouponAssignment {
  assignmentId: string;
  targetType: 'drop' | 'leaderboard';
  targetId: string;
  targetLabel: string;
  assignedAt: string;
}

/** A coupon folded from `coupon-<id>`: its terms, assignments, how many are left, and the weeks already awarded. */
export interface CouponState {
  couponId: string;
  created: Created | null;
  assignments: CouponAssignment[];
  quantityRemaining: number;
  /** `<assignmentId>:<periodKey>` of leaderboard bands already awarded. */
  awardedBands: ReadonlySet<string>;
}

export const initialCoupon = (couponId: string): CouponState => ({
  couponId,
  created: null,
  assignments: [],
  quantityRemaining: 0,
  awardedBands: new Set(),
});

export interface Winner {
  userId: string;
  userName: string;
}

export type CouponCommand =
  | { type: 'CreateCoupon'; data: Created }
  | {
      type: 'AssignCoupon';
      data: {
        ownerId: string;
        assignmentId: string;
        targetType: 'drop' | 'leaderboard';
        targetId: string;
        targetLabel: string;
        now: string;
      };
    }
  | { type: 'RedeemCoupon'; data: { ownerId: string; redemptionId: string; userName: string; now: string } }
  | {
      type: 'AwardLeaderboardBand';
      data: {
        assignmentId: string;
        band: LeaderboardBand;
        periodKey: string;
        weekEnd: string;
        winners: Winner[];
        redemptionIdOf: (userId: string) => string;
        now: string;
      };
    };

export type CouponRefusal =
  | 'COUPON_MUST_EXIST'
  | 'COUPON_MUST_BE_NEW'
  | 'MUST_BE_OWNER'
  | 'COUPON_MUST_BE_ACTIVE'
  | 'QUANTITY_MUST_REMAIN'
  | 'TARGET_MUST_BE_NEW'
  | 'ASSIGNMENT_MUST_EXIST';

export type CouponDecision =
  { kind: 'accepted'; events: CouponEvent[] } | { kind: 'duplicate' } | { kind: 'refused'; refusal: CouponRefusal };

/** The leaderboard band's winners of one closed week, each redeeming one coupon while any remain. */
function decideBandAward(
  data: Extract<CouponCommand, { type: 'AwardLeaderboardBand' }>['data'],
  state: CouponState,
  created: Created,
): CouponDecision {
  const { assignmentId, band, periodKey, weekEnd, winners, redemptionIdOf, now } = data;
  if (
    !state.assignments.some(
      (assignment) => assignment.assignmentId === assignmentId && assignment.targetType === 'leaderboard',
    )
  )
    return { kind: 'refused', refusal: 'ASSIGNMENT_MUST_EXIST' };
  if (state.awardedBands.has(`${assignmentId}:${periodKey}`)) return { kind: 'duplicate' };
  // Active at some point of the week [periodKey, weekEnd).
  const activeInWeek =
    Date.parse(created.startDate) < Date.parse(weekEnd) && Date.parse(created.endDate) > Date.parse(periodKey);
  const awarded = activeInWeek ? winners.slice(0, state.quantityRemaining) : [];
  return {
    kind: 'accepted',
    events: [
      ...awarded.map((winner): CouponEvent => ({
        type: 'CouponRedeemed',
        data: {
          couponId: state.couponId,
          redemptionId: redemptionIdOf(winner.userId),
          userName: winner.userName,
          userId: winner.userId,
          source: 'leaderboard',
          assignmentId,
          periodKey,
          redeemedAt: now,
        },
      })),
      {
        type: 'CouponBandAwarded',
        data: {
          couponId: state.couponId,
          assignmentId,
          band,
          periodKey,
          winners: awarded.map((winner) => winner.userId),
          unawarded: winners.length - awarded.length,
          awardedAt: now,
        },
      },
    ],
  };
}

/**
 * The rules of a coupon:
 * - created once, with quantity_remaining = quantity_total;
 * - only its owner assigns or redeems it; a target once;
 * - a redemption needs the coupon active at that instant (between its start and end) and one left: the quantity
 *   never goes below zero, because every redemption is decided on this stream (expected version, one at a time);
 * - a leaderboard band is awarded once per assignment and closed week, to its users in rank order while coupons
 *   remain (the rest are counted as unawarded), and only when the coupon was active during that week.
 */
export function decideCoupon(command: CouponCommand, state: CouponState): CouponDecision {
  if (command.type === 'CreateCoupon') {
    if (state.created) return { kind: 'refused', refusal: 'COUPON_MUST_BE_NEW' };
    return { kind: 'accepted', events: [{ type: 'CouponCreated', data: command.data }] };
  }
  const created = state.created;
  if (!created) return { kind: 'refused', refusal: 'COUPON_MUST_EXIST' };
  switch (command.type) {
    case 'AssignCoupon': {
      const { ownerId, assignmentId, targetType, targetId, targetLabel, now } = command.data;
      if (ownerId !== created.ownerId) return { kind: 'refused', refusal: 'MUST_BE_OWNER' };
      if (state.assignments.some((existing) => existing.targetType === targetType && existing.targetId === targetId))
        return { kind: 'refused', refusal: 'TARGET_MUST_BE_NEW' };
      return {
        kind: 'accepted',
        events: [
          {
            type: 'CouponAssigned',
            data: { couponId: state.couponId, assignmentId, targetType, targetId, targetLabel, assignedAt: now },
          },
        ],
      };
    }
    case 'RedeemCoupon': {
      const { ownerId, redemptionId, userName, now } = command.data;
      if (ownerId !== created.ownerId) return { kind: 'refused', refusal: 'MUST_BE_OWNER' };
      if (couponStatus(created.startDate, created.endDate, new Date(now)) !== 'active')
        return { kind: 'refused', refusal: 'COUPON_MUST_BE_ACTIVE' };
      if (state.quantityRemaining < 1) return { kind: 'refused', refusal: 'QUANTITY_MUST_REMAIN' };
      return {
        kind: 'accepted',
        events: [
          {
            type: 'CouponRedeemed',
            data: {
              couponId: state.couponId,
              redemptionId,
              userName,
              userId: null,
              source: 'manual',
              assignmentId: null,
              periodKey: null,
              redeemedAt: now,
            },
          },
        ],
      };
    }
    case 'AwardLeaderboardBand':
      return decideBandAward(command.data, state, created);
  }
}

export function evolveCoupon(state: CouponState, event: CouponEvent): CouponState {
  switch (event.type) {
    case 'CouponCreated':
      return { ...state, created: event.data, quantityRemaining: event.data.quantityTotal };
    case 'CouponAssigned':
      return {
        ...state,
        assignments: [
          ...state.assignments,
          {
            assignmentId: event.data.assignmentId,
            targetType: event.data.targetType,
            targetId: event.data.targetId,
            targetLabel: event.data.targetLabel,
            assignedAt: event.data.assignedAt,
          },
        ],
      };
    case 'CouponRedeemed':
      return { ...state, quantityRemaining: state.quantityRemaining - 1 };
    case 'CouponBandAwarded':
      return {
        ...state,
        awardedBands: new Set([...state.awardedBands, `${event.data.assignmentId}:${event.data.periodKey}`]),
      };
  }
}
