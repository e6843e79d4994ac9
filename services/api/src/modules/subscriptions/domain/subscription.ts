import type { SubscriptionEvent } from '@app/contracts/subscriptions';
import { PLAN_PERIOD_DAYS } from '@app/contracts/subscriptions';
import { TIER_INVENTORY, inventoryPeriodEnd, inventoryPeriodStart } from '@app/contracts/advertisers';
import type { UserTier } from '@app/contracts/identity';
import { SYSTEM_ACCOUNTS, userAccount, type MoneyMovement } from '@app/contracts/ledger';

/**
 * An advertiser's subscription (stream `advertiser-subscription-<userId>`): the paid plan and its period, the
 * checkout sessions already applied, a pending cancellation, and the moves-allowance periods already credited.
 */
export interface SubscriptionState {
  userId: string;
  /** The plan paid for ('free' when none runs). */
  tier: UserTier;
  /** Paid through (exclusive); null on the free plan. */
  paidThrough: string | null;
  cancelAtPeriodEnd: boolean;
  appliedSessions: ReadonlySet<string>;
  /** Sessions paid for the plan that runs (its first payment and its renewals). */
  runningSessions: ReadonlySet<string>;
  creditedPeriods: ReadonlySet<string>;
}

export const initialSubscription = (userId: string): SubscriptionState => ({
  userId,
  tier: 'free',
  paidThrough: null,
  cancelAtPeriodEnd: false,
  appliedSessions: new Set(),
  runningSessions: new Set(),
  creditedPeriods: new Set(),
});

export type SubscriptionCommand =
  | { type: 'ApplyPlanPayment'; data: { sessionId: string; tier: UserTier; now: string } }
  | { type: 'CancelPlan'; data: { now: string } }
  | { type: 'EndPaidPeriod'; data: { now: string } }
  | { type: 'RevokePlanPayment'; data: { sessionId: string; now: string } }
  | {
      type: 'CreditMovesAllowance';
      data: { tier: UserTier; transactionIdOf: (periodKey: string) => string; now: string };
    };

export type SubscriptionRefusal = 'PLAN_MUST_BE_PAID' | 'PAID_PLAN_MUST_RUN' | 'PLAN_MUST_NOT_BE_CANCELLED';

/** `money`: what the accepted events move (the moves allowance issued to the advertiser), or null. */
export type SubscriptionDecision =
  | { kind: 'accepted'; events: SubscriptionEvent[]; money: MoneyMovement | null }
  | { kind: 'duplicate' }
  | { kind: 'refused'; refusal: SubscriptionRefusal };

const DAY_MS = 24 * 60 * 60 * 1000;
const MOVES_MINOR_PER_MOVE = 100n;
const accept = (...events: SubscriptionEvent[]): SubscriptionDecision => ({ kind: 'accepted', events, money: null });
const TIER_RANK: Record<UserTier, number> = { free: 0, premium: 1, super: 2 };

/** The allowance period that contains `at` for a tier: its key, bounds and moves (spec 3 §6 via TIER_INVENTORY). */
export function allowancePeriodOf(tier: UserTier, at: Date) {
  const inventory = TIER_INVENTORY[tier];
  const start = inventoryPeriodStart(inventory.period, at);
  const end = inventoryPeriodEnd(inventory.period, at);
  return {
    period: inventory.period,
    key: `${inventory.period}:${start.toISOString()}`,
    start: start.toISOString(),
    end: end.toISOString(),
    moves: inventory.movesPerPeriod,
  };
}

/** True while a paid plan runs at `now`. */
export const paidPlanRuns = (state: SubscriptionState, now: string) =>
  state.tier !== 'free' && state.paidThrough !== null && Date.parse(state.paidThrough) > Date.parse(now);

/** The tier's moves for the current inventory period, issued once per period. */
function creditMovesAllowance(
  data: Extract<SubscriptionCommand, { type: 'CreditMovesAllowance' }>['data'],
  state: SubscriptionState,
): SubscriptionDecision {
  const { tier, now, transactionIdOf } = data;
  const period = allowancePeriodOf(tier, new Date(now));
  if (state.creditedPeriods.has(period.key) || period.moves <= 0) return { kind: 'duplicate' };
  const transactionId = transactionIdOf(period.key);
  return {
    kind: 'accepted',
    events: [
      {
        type: 'MovesAllowanceCredited',
        data: {
          userId: state.userId,
          tier,
          periodKey: period.key,
          periodStart: period.start,
          periodEnd: period.end,
          moves: period.moves,
          transactionId,
          at: now,
        },
      },
    ],
    money: {
      transactionId,
      reasonCode: 'MOVES_ALLOWANCE',
      description:
        `Moves allowance: ${period.moves} moves ` +
        `(${tier} plan, ${period.period} from ${period.start.slice(0, 10)})`,
      postings: [
        {
          debitAccount: SYSTEM_ACCOUNTS.issuance,
          creditAccount: userAccount(state.userId),
          currency: 'moves',
          amountMinor: BigInt(period.moves) * MOVES_MINOR_PER_MOVE,
        },
      ],
      now,
      references: { periodKey: period.key },
    },
  };
}

/**
 * The rules of a subscription:
 * - a plan payment is applied once per checkout session (a replayed webhook is a duplicate). Paying the plan that
 *   runs extends it by a period from its end (a renewal); paying another plan starts a new period now (no
 *   proration); a payment clears a pending cancellation.
 * - a cancellation keeps the plan until the end of its paid period; only a running, not yet cancelled paid plan.
 * - at the end of the paid period (the renewal job) the plan falls to free, once.
 * - a refunded payment of the plan that runs ends it at once (to free, once); a refund of an older plan's payment
 *   changes nothing.
 * - the moves allowance is credited once per inventory period of the tier (its key), whatever the number of calls.
 */
export function decideSubscription(command: SubscriptionCommand, state: SubscriptionState): SubscriptionDecision {
  switch (command.type) {
    case 'ApplyPlanPayment': {
      const { sessionId, tier, now } = command.data;
      if (state.appliedSessions.has(sessionId)) return { kind: 'duplicate' };
      if (tier === 'free') return { kind: 'refused', refusal: 'PLAN_MUST_BE_PAID' };
      const extends_ = paidPlanRuns(state, now) && state.tier === tier;
      const periodStart = extends_ ? state.paidThrough! : now;
      const periodEnd = new Date(Date.parse(periodStart) + PLAN_PERIOD_DAYS * DAY_MS).toISOString();
      return accept({
        type: 'PlanPaymentApplied',
        data: { userId: state.userId, sessionId, tier, periodStart, periodEnd, appliedAt: now },
      });
    }
    case 'CancelPlan': {
      const { now } = command.data;
      if (!paidPlanRuns(state, now)) return { kind: 'refused', refusal: 'PAID_PLAN_MUST_RUN' };
      if (state.cancelAtPeriodEnd) return { kind: 'refused', refusal: 'PLAN_MUST_NOT_BE_CANCELLED' };
      return accept({
        type: 'PlanCancelled',
        data: { userId: state.userId, tier: state.tier, effectiveAt: state.paidThrough!, cancelledAt: now },
      });
    }
    case 'EndPaidPeriod': {
      const { now } = command.data;
      if (state.tier === 'free' || state.paidThrough === null || Date.parse(state.paidThrough) > Date.parse(now))
        return { kind: 'duplicate' };
      return accept({
        type: 'PlanDowngraded',
        data: {
          userId: state.userId,
          fromTier: state.tier,
          toTier: 'free',
          reason: state.cancelAtPeriodEnd ? 'cancelled' : 'period_ended',
          at: now,
        },
      });
    }
    case 'RevokePlanPayment': {
      const { sessionId, now } = command.data;
      if (!state.runningSessions.has(sessionId) || state.tier === 'free') return { kind: 'duplicate' };
      return accept({
        type: 'PlanDowngraded',
        data: { userId: state.userId, fromTier: state.tier, toTier: 'free', reason: 'refunded', at: now },
      });
    }
    case 'CreditMovesAllowance':
      return creditMovesAllowance(command.data, state);
  }
}

export function evolveSubscription(state: SubscriptionState, event: SubscriptionEvent): SubscriptionState {
  switch (event.type) {
    case 'PlanPaymentApplied':
      return {
        ...state,
        tier: event.data.tier,
        paidThrough: event.data.periodEnd,
        cancelAtPeriodEnd: false,
        appliedSessions: new Set([...state.appliedSessions, event.data.sessionId]),
        // A renewal of the running plan adds to its sessions; another plan starts afresh.
        runningSessions: new Set([
          ...(event.data.periodStart === state.paidThrough && state.tier === event.data.tier
            ? state.runningSessions
            : []),
          event.data.sessionId,
        ]),
      };
    case 'PlanCancelled':
      return { ...state, cancelAtPeriodEnd: true };
    case 'PlanDowngraded':
      return {
        ...state,
        tier: event.data.toTier,
        paidThrough: null,
        cancelAtPeriodEnd: false,
        runningSessions: new Set(),
      };
    case 'MovesAllowanceCredited':
      return { ...state, creditedPeriods: new Set([...state.creditedPeriods, event.data.periodKey]) };
  }
}

/** Whether `to` is above `from` (an upgrade). */
export const isHigherTier = (to: UserTier, from: UserTier) => TIER_RANK[to] > TIER_RANK[from];
