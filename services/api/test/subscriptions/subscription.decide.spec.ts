import type { SubscriptionEvent } from '@app/contracts/subscriptions';
import {
  decideSubscription,
  evolveSubscription,
  initialSubscription,
  type SubscriptionCommand,
  type SubscriptionDecision,
  type SubscriptionState,
} from '../../src/modules/subscriptions/domain/subscription';
import { DeciderSpecification } from '../support/decider-specification';

const spec = DeciderSpecification.for<SubscriptionCommand, SubscriptionState, SubscriptionEvent, SubscriptionDecision>({
  decide: decideSubscription,
  evolve: evolveSubscription,
  initialState: () => initialSubscription('u1'),
});

const now = '2026-11-25T10:00:00.000Z';
const in30 = '2026-12-25T10:00:00.000Z';
const paid = (
  sessionId: string,
  tier: 'premium' | 'super',
  periodStart: string,
  periodEnd: string,
  appliedAt = now,
): SubscriptionEvent => ({
  type: 'PlanPaymentApplied',
  data: { userId: 'u1', sessionId, tier, periodStart, periodEnd, appliedAt },
});
const pay = (sessionId: string, tier: 'free' | 'premium' | 'super' = 'premium', at = now): SubscriptionCommand => ({
  type: 'ApplyPlanPayment',
  data: { sessionId, tier, now: at },
});
const allowance = (tier: 'free' | 'premium' | 'super', at: string): SubscriptionCommand => ({
  type: 'CreditMovesAllowance',
  data: { tier, now: at, transactionIdOf: (key) => `tx:${key}` },
});

describe('advertiser subscription', () => {
  it('applies a plan payment once per checkout session, for one period', () => {
    // A plan is paid through checkout (payments' ledger movement): applying it moves no money here.
    spec
      .given()
      .when(pay('s1'))
      .then({ events: [paid('s1', 'premium', now, in30)], money: null });
    expect(
      spec.given([paid('s1', 'premium', now, in30)]).when(pay('s1', 'premium', '2026-11-26T00:00:00.000Z')).decision,
    ).toEqual({ kind: 'duplicate' });
    spec.given().when(pay('s1', 'free')).thenRefused('PLAN_MUST_BE_PAID');
  });

  it('renews: paying the running plan extends it from its end; another plan starts now', () => {
    const later = '2026-12-01T00:00:00.000Z';
    spec
      .given([paid('s1', 'premium', now, in30)])
      .when(pay('s2', 'premium', later))
      .then([paid('s2', 'premium', in30, '2027-01-24T10:00:00.000Z', later)]);
    spec
      .given([paid('s1', 'premium', now, in30)])
      .when(pay('s2', 'super', later))
      .then([paid('s2', 'super', later, '2026-12-31T00:00:00.000Z', later)]);
  });

  it('cancels a running plan at its period end, once; nothing to cancel on free', () => {
    spec
      .given([paid('s1', 'premium', now, in30)])
      .when({ type: 'CancelPlan', data: { now } })
      .then([{ type: 'PlanCancelled', data: { userId: 'u1', tier: 'premium', effectiveAt: in30, cancelledAt: now } }]);
    spec
      .given([
        paid('s1', 'premium', now, in30),
        { type: 'PlanCancelled', data: { userId: 'u1', tier: 'premium', effectiveAt: in30, cancelledAt: now } },
      ])
      .when({ type: 'CancelPlan', data: { now } })
      .thenRefused('PLAN_MUST_NOT_BE_CANCELLED');
    spec.given().when({ type: 'CancelPlan', data: { now } }).thenRefused('PAID_PLAN_MUST_RUN');
  });

  it('ends the paid period only once it is over, once', () => {
    expect(
      spec
        .given([paid('s1', 'premium', now, in30)])
        .when({ type: 'EndPaidPeriod', data: { now: '2026-12-25T09:59:59.999Z' } }).decision,
    ).toEqual({ kind: 'duplicate' });
    spec
      .given([paid('s1', 'premium', now, in30)])
      .when({ type: 'EndPaidPeriod', data: { now: in30 } })
      .then([
        {
          type: 'PlanDowngraded',
          data: { userId: 'u1', fromTier: 'premium', toTier: 'free', reason: 'period_ended', at: in30 },
        },
      ]);
    const ended: SubscriptionEvent = {
      type: 'PlanDowngraded',
      data: { userId: 'u1', fromTier: 'premium', toTier: 'free', reason: 'period_ended', at: in30 },
    };
    expect(
      spec.given([paid('s1', 'premium', now, in30), ended]).when({ type: 'EndPaidPeriod', data: { now: in30 } })
        .decision,
    ).toEqual({ kind: 'duplicate' });
  });

  it('ends the running plan at once when one of its payments is refunded, once; an older plan’s refund changes nothing', () => {
    const refund = (sessionId: string): SubscriptionCommand => ({
      type: 'RevokePlanPayment',
      data: { sessionId, now },
    });
    const downgraded: SubscriptionEvent = {
      type: 'PlanDowngraded',
      data: { userId: 'u1', fromTier: 'premium', toTier: 'free', reason: 'refunded', at: now },
    };
    spec
      .given([paid('s1', 'premium', now, in30)])
      .when(refund('s1'))
      .then({ events: [downgraded], money: null });
    // A renewal's session belongs to the running plan too.
    spec
      .given([paid('s1', 'premium', now, in30), paid('s2', 'premium', in30, '2027-01-24T10:00:00.000Z')])
      .when(refund('s2'))
      .then([downgraded]);
    expect(spec.given([paid('s1', 'premium', now, in30), downgraded]).when(refund('s1')).decision).toEqual({
      kind: 'duplicate',
    });
    // s1 paid premium, then s2 switched to super: refunding s1 leaves super running.
    expect(
      spec.given([paid('s1', 'premium', now, in30), paid('s2', 'super', now, in30)]).when(refund('s1')).decision,
    ).toEqual({ kind: 'duplicate' });
    expect(spec.given().when(refund('s9')).decision).toEqual({ kind: 'duplicate' });
  });

  it('credits the moves allowance once per period of the tier: free monthly (50), premium weekly from Monday (200)', () => {
    const free = spec.given().when(allowance('free', now)).decision as Extract<
      SubscriptionDecision,
      { kind: 'accepted' }
    >;
    expect(free.events[0].data).toMatchObject({
      moves: 50,
      periodKey: 'month:2026-11-01T00:00:00.000Z',
      periodEnd: '2026-12-01T00:00:00.000Z',
      transactionId: 'tx:month:2026-11-01T00:00:00.000Z',
    });
    // 50 moves issued to the advertiser (moves have 2 decimals), named after the period so the ledger takes it once.
    expect(free.money).toEqual({
      transactionId: 'tx:month:2026-11-01T00:00:00.000Z',
      reasonCode: 'MOVES_ALLOWANCE',
      description: 'Moves allowance: 50 moves (free plan, month from 2026-11-01)',
      postings: [{ debitAccount: 'system:issuance', creditAccount: 'user:u1', currency: 'moves', amountMinor: 5000n }],
      now,
      references: { periodKey: 'month:2026-11-01T00:00:00.000Z' },
    });
    const credited = free.events;
    expect(spec.given(credited).when(allowance('free', '2026-11-30T23:59:59.999Z')).decision).toEqual({
      kind: 'duplicate',
    });
    const december = spec.given(credited).when(allowance('free', '2026-12-01T00:00:00.000Z')).decision as Extract<
      SubscriptionDecision,
      { kind: 'accepted' }
    >;
    expect(december.events[0].data).toMatchObject({ moves: 50, periodKey: 'month:2026-12-01T00:00:00.000Z' });
    // 2026-11-25 is a Wednesday: the week began on Monday the 23rd.
    const premium = spec.given(credited).when(allowance('premium', now)).decision as Extract<
      SubscriptionDecision,
      { kind: 'accepted' }
    >;
    expect(premium.events[0].data).toMatchObject({
      moves: 200,
      periodKey: 'week:2026-11-23T00:00:00.000Z',
      periodEnd: '2026-11-30T00:00:00.000Z',
    });
    expect(premium.money).toMatchObject({
      description: 'Moves allowance: 200 moves (premium plan, week from 2026-11-23)',
      postings: [
        { debitAccount: 'system:issuance', creditAccount: 'user:u1', currency: 'moves', amountMinor: 20_000n },
      ],
    });
    expect(
      spec.given([...credited, ...premium.events]).when(allowance('premium', '2026-11-29T23:00:00.000Z')).decision,
    ).toEqual({ kind: 'duplicate' });
  });
});
