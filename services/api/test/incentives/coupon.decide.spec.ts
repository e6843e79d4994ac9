import type { CouponEvent } from '@app/contracts/incentives';
import {
  decideCoupon,
  evolveCoupon,
  initialCoupon,
  type CouponCommand,
  type CouponDecision,
  type CouponState,
} from '../../src/modules/incentives/domain/coupon';
import { DeciderSpecification } from '../support/decider-specification';

const spec = DeciderSpecification.for<CouponCommand, CouponState, CouponEvent, CouponDecision>({
  decide: decideCoupon,
  evolve: evolveCoupon,
  initialState: () => initialCoupon('c1'),
});

const now = '2026-11-25T10:00:00.000Z';
const created = (
  quantityTotal = 2,
  startDate = '2026-11-20T00:00:00.000Z',
  endDate = '2026-12-20T00:00:00.000Z',
): CouponEvent => ({
  type: 'CouponCreated',
  data: {
    couponId: 'c1',
    ownerId: 'owner',
    title: 'T',
    description: '',
    rewardType: 'coupon',
    valueHundredths: 1000,
    valueUnit: 'percentage',
    quantityTotal,
    startDate,
    endDate,
    createdAt: now,
  },
});
const redeemed = (id: string): CouponEvent => ({
  type: 'CouponRedeemed',
  data: {
    couponId: 'c1',
    redemptionId: id,
    userName: 'Ada',
    userId: null,
    source: 'manual',
    assignmentId: null,
    periodKey: null,
    redeemedAt: now,
  },
});
const redeem = (id = 'r', ownerId = 'owner', at = now): CouponCommand => ({
  type: 'RedeemCoupon',
  data: { ownerId, redemptionId: id, userName: 'Ada', now: at },
});
const band: CouponEvent = {
  type: 'CouponAssigned',
  data: {
    couponId: 'c1',
    assignmentId: 'a1',
    targetType: 'leaderboard',
    targetId: 'top-5',
    targetLabel: 'Top 5',
    assignedAt: now,
  },
};
const award = (winners: string[], periodKey = '2026-11-23', weekEnd = '2026-11-30T00:00:00.000Z'): CouponCommand => ({
  type: 'AwardLeaderboardBand',
  data: {
    assignmentId: 'a1',
    band: 'top-5',
    periodKey,
    weekEnd,
    winners: winners.map((userId) => ({ userId, userName: userId })),
    redemptionIdOf: (userId) => `award-${userId}`,
    now,
  },
});

describe('coupon', () => {
  it('redeems while active and while one is left: the quantity never goes below zero', () => {
    spec
      .given([created()])
      .when(redeem('r1'))
      .then([redeemed('r1')]);
    spec
      .given([created(), redeemed('r1'), redeemed('r2')])
      .when(redeem('r3'))
      .thenRefused('QUANTITY_MUST_REMAIN');
    spec
      .given([created(2, '2026-11-26T00:00:00.000Z')])
      .when(redeem())
      .thenRefused('COUPON_MUST_BE_ACTIVE');
    spec
      .given([created(2, '2026-11-01T00:00:00.000Z', '2026-11-25T10:00:00.000Z')])
      .when(redeem())
      .thenRefused('COUPON_MUST_BE_ACTIVE');
    spec.given([created()]).when(redeem('r', 'stranger')).thenRefused('MUST_BE_OWNER');
    spec.given().when(redeem()).thenRefused('COUPON_MUST_EXIST');
  });

  it('assigns a target once, by its owner only', () => {
    const assign = (targetId: string, ownerId = 'owner'): CouponCommand => ({
      type: 'AssignCoupon',
      data: { ownerId, assignmentId: 'a1', targetType: 'leaderboard', targetId, targetLabel: 'Top 5', now },
    });
    spec.given([created()]).when(assign('top-5')).then([band]);
    spec.given([created(), band]).when(assign('top-5')).thenRefused('TARGET_MUST_BE_NEW');
    spec.given([created()]).when(assign('top-5', 'stranger')).thenRefused('MUST_BE_OWNER');
  });

  it('awards a band in rank order within the quantity left, once per week', () => {
    const decision = spec.given([created(2), band]).when(award(['u1', 'u2', 'u3'])).decision as Extract<
      CouponDecision,
      { kind: 'accepted' }
    >;
    expect(decision.events.map((event) => event.type)).toEqual([
      'CouponRedeemed',
      'CouponRedeemed',
      'CouponBandAwarded',
    ]);
    expect(decision.events.at(-1)!.data).toMatchObject({
      winners: ['u1', 'u2'],
      unawarded: 1,
      periodKey: '2026-11-23',
    });
    expect(spec.given([created(2), band, ...decision.events]).when(award(['u1'])).decision).toEqual({
      kind: 'duplicate',
    });
    // A coupon that did not run during that week awards nobody (the week is still marked done).
    const before = spec.given([created(2, '2026-12-01T00:00:00.000Z'), band]).when(award(['u1'])).decision as Extract<
      CouponDecision,
      { kind: 'accepted' }
    >;
    expect(before.events).toEqual([
      expect.objectContaining({
        type: 'CouponBandAwarded',
        data: expect.objectContaining({ winners: [], unawarded: 1 }),
      }),
    ]);
    spec
      .given([created(2)])
      .when(award(['u1']))
      .thenRefused('ASSIGNMENT_MUST_EXIST');
  });
});
