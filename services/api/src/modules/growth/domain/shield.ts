import { GROWTH_RULES, type ShieldEvent } from '@app/contracts/growth';
import { escrowAccount, userAccount, type MoneyMovement } from '@app/contracts/ledger';
import type { PoolCommand } from './insurance-pool';
import { decideClaim, fileClaim, filedClaim, withClaim } from './shield-claims';
import {
  accept,
  gems,
  refuse,
  type Move,
  type ShieldAccountState,
  type ShieldCommand,
  type ShieldCommandData,
  type ShieldDecision,
  type Subscription,
} from './shield-state';
import { DAY_MS } from './staking';

export {
  initialShieldAccount,
  type Claim,
  type ShieldAccountState,
  type ShieldCommand,
  type ShieldDecision,
  type ShieldRefusal,
  type Subscription,
} from './shield-state';

const PERIOD_MS = GROWTH_RULES.shieldPeriodDays * DAY_MS;
const GEM = 10_000n;
const plus = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();

/** A premium paid into the pool's escrow: the shield's event, its gems and the pool's record of them. */
function premium(
  state: ShieldAccountState,
  event: ShieldEvent,
  subscriptionId: string,
  description: string,
  move: Move,
) {
  const { pool, amountMinor, transactionId, now } = move;
  const posting = gems(userAccount(state.userId), escrowAccount('insurance', pool), amountMinor);
  const money: MoneyMovement = {
    transactionId,
    reasonCode: 'SHIELD_PREMIUM',
    description,
    now,
    postings: [posting],
    references: { reference: subscriptionId },
  };
  const command: PoolCommand = { type: 'ReceivePremium', data: { subscriptionId, amountMinor, transactionId, now } };
  return { kind: 'accepted', events: [event], money, poolCommand: { pool, command } } satisfies ShieldDecision;
}

export const currentPeriod = (subscription: Subscription) => subscription.periods[subscription.periods.length - 1]!;
/** The subscription that is still in force or awaiting renewal (active or cancelled), if any. */
export const currentSubscription = (state: ShieldAccountState): Subscription | undefined =>
  state.subscriptions.find((subscription) => subscription.status === 'active' || subscription.status === 'cancelled');
export const latestSubscription = (state: ShieldAccountState): Subscription | undefined =>
  state.subscriptions[state.subscriptions.length - 1];
/** Renewal (or the end of a cancelled subscription) is due once its paid period is over. */
export const isDue = (subscription: Subscription, now: string) =>
  (subscription.status === 'active' || subscription.status === 'cancelled') &&
  Date.parse(now) >= Date.parse(currentPeriod(subscription).end);

/**
 * A user's Social Shield (stream `growth-shield-<userId>`): subscriptions, their paid monthly periods and claims.
 * Terms (spec 3 §2): monthly premium, auto-renewal, coverage from 24 h after activation, cancel effective at the
 * period's end, claims within 7 days of an incident. One claim per paid period; an approved claim pays the
 * coverage minus the deductible. Pure decider: policy configuration, verified follower count, ids and time arrive
 * in the command.
 */
export function decideShield(command: ShieldCommand, state: ShieldAccountState): ShieldDecision {
  switch (command.type) {
    case 'Subscribe':
      return subscribe(command.data, state);
    case 'Renew': {
      const { subscriptionId, transactionId, now } = command.data;
      const subscription = state.subscriptions.find((candidate) => candidate.subscriptionId === subscriptionId);
      if (!subscription) return refuse({ code: 'SUBSCRIPTION_NOT_FOUND' });
      if (!isDue(subscription, now)) return accept();
      const end = currentPeriod(subscription).end;
      if (subscription.status === 'cancelled')
        return accept({ type: 'ShieldEnded', data: { subscriptionId, endedAt: end } });
      const { premiumMinor, pool } = subscription;
      const renewed: ShieldEvent = {
        type: 'ShieldRenewed',
        data: {
          subscriptionId,
          periodStart: end,
          periodEnd: plus(end, PERIOD_MS),
          premiumMinor: premiumMinor.toString(),
          transactionId,
        },
      };
      const move = { pool, amountMinor: premiumMinor, transactionId, now };
      return premium(state, renewed, subscriptionId, 'Social Shield monthly premium', move);
    }
    case 'Lapse': {
      const { subscriptionId, now } = command.data;
      const subscription = state.subscriptions.find((candidate) => candidate.subscriptionId === subscriptionId);
      if (!subscription) return refuse({ code: 'SUBSCRIPTION_NOT_FOUND' });
      if (subscription.status !== 'active' || !isDue(subscription, now)) return accept();
      return accept({
        type: 'ShieldLapsed',
        data: { subscriptionId, userId: state.userId, policyName: subscription.policyName, lapsedAt: now },
      });
    }
    case 'Cancel': {
      const { subscriptionId, now } = command.data;
      const subscription = state.subscriptions.find((candidate) => candidate.subscriptionId === subscriptionId);
      if (!subscription) return refuse({ code: 'SUBSCRIPTION_NOT_FOUND' });
      if (subscription.status !== 'active') return refuse({ code: 'ALREADY_CANCELLED' });
      return accept({
        type: 'ShieldCancelled',
        data: { subscriptionId, cancelledAt: now, endsAt: currentPeriod(subscription).end },
      });
    }
    case 'FileClaim':
      return fileClaim(command.data, state);
    case 'DecideClaim':
      return decideClaim(command.data, state);
  }
}

function subscribe(data: ShieldCommandData<'Subscribe'>, state: ShieldAccountState): ShieldDecision {
  const { subscriptionId, policy, verifiedFollowers, pool, transactionId, now } = data;
  if (verifiedFollowers < policy.min_followers)
    return refuse({ code: 'FOLLOWERS_BELOW_MINIMUM', min: policy.min_followers });
  if (currentSubscription(state)) return refuse({ code: 'ALREADY_SUBSCRIBED' });
  const premiumMinor = BigInt(policy.premium_amount) * GEM;
  const subscribed: ShieldEvent = {
    type: 'ShieldSubscribed',
    data: {
      subscriptionId,
      userId: state.userId,
      policy: {
        policyId: policy.id,
        name: policy.name,
        premiumMinor: premiumMinor.toString(),
        coverageMinor: (BigInt(policy.coverage_amount) * GEM).toString(),
        deductibleMinor: (BigInt(policy.deductible) * GEM).toString(),
        coverage: { ...policy.coverage },
      },
      pool,
      periodStart: now,
      periodEnd: plus(now, PERIOD_MS),
      coverageFrom: plus(now, GROWTH_RULES.shieldCoverageDelayHours * 3_600_000),
      transactionId,
    },
  };
  const move = { pool, amountMinor: premiumMinor, transactionId, now };
  return premium(state, subscribed, subscriptionId, `Social Shield premium: ${policy.name}`, move);
}

const withSubscription = (
  state: ShieldAccountState,
  subscriptionId: string,
  change: (subscription: Subscription) => Subscription,
): ShieldAccountState => ({
  ...state,
  subscriptions: state.subscriptions.map((subscription) =>
    subscription.subscriptionId === subscriptionId ? change(subscription) : subscription,
  ),
});

type EventData<Type extends ShieldEvent['type']> = Extract<ShieldEvent, { type: Type }>['data'];

function subscribedSubscription({ policy, ...data }: EventData<'ShieldSubscribed'>): Subscription {
  return {
    subscriptionId: data.subscriptionId,
    policyId: policy.policyId,
    policyName: policy.name,
    premiumMinor: BigInt(policy.premiumMinor),
    coverageMinor: BigInt(policy.coverageMinor),
    deductibleMinor: BigInt(policy.deductibleMinor),
    coverage: policy.coverage,
    pool: data.pool,
    subscribedAt: data.periodStart,
    coverageFrom: data.coverageFrom,
    periods: [{ start: data.periodStart, end: data.periodEnd }],
    status: 'active',
  };
}

export function evolveShield(state: ShieldAccountState, event: ShieldEvent): ShieldAccountState {
  switch (event.type) {
    case 'ShieldSubscribed':
      return { ...state, subscriptions: [...state.subscriptions, subscribedSubscription(event.data)] };
    case 'ShieldRenewed':
      return withSubscription(state, event.data.subscriptionId, (subscription) => ({
        ...subscription,
        periods: [...subscription.periods, { start: event.data.periodStart, end: event.data.periodEnd }],
      }));
    case 'ShieldLapsed':
      return withSubscription(state, event.data.subscriptionId, (subscription) => ({
        ...subscription,
        status: 'lapsed',
      }));
    case 'ShieldCancelled':
      return withSubscription(state, event.data.subscriptionId, (subscription) => ({
        ...subscription,
        status: 'cancelled',
      }));
    case 'ShieldEnded':
      return withSubscription(state, event.data.subscriptionId, (subscription) => ({
        ...subscription,
        status: 'ended',
      }));
    case 'ShieldClaimFiled':
      return { ...state, claims: [...state.claims, filedClaim(event.data)] };
    case 'ShieldClaimApproved':
      return withClaim(state, event.data.claimId, (claim) => ({
        ...claim,
        status: 'approved',
        decidedAt: event.data.decidedAt,
      }));
    case 'ShieldClaimRejected':
      return withClaim(state, event.data.claimId, (claim) => ({
        ...claim,
        status: 'rejected',
        decidedAt: event.data.decidedAt,
        reason: event.data.reason,
      }));
  }
}
