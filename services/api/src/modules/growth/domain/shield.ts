import {
  GROWTH_RULES,
  type SHIELD_COVERAGE_FLAGS,
  type ShieldEvent,
  type ShieldPolicyConfig,
  type ShieldPool,
} from '@app/contracts/growth';
import { escrowAccount, userAccount, type AccountId, type MoneyMovement, type Posting } from '@app/contracts/ledger';
import type { PoolCommand } from './insurance-pool';
import { DAY_MS } from './staking';

/**
 * A user's Social Shield (stream `growth-shield-<userId>`): subscriptions, their paid monthly periods and claims.
 * Terms (spec 3 §2): monthly premium, auto-renewal, coverage from 24 h after activation, cancel effective at the
 * period's end, claims within 7 days of an incident. One claim per paid period; an approved claim pays the
 * coverage minus the deductible. Pure decider: policy configuration, verified follower count, ids and time arrive
 * in the command.
 */
type CoverageFlag = (typeof SHIELD_COVERAGE_FLAGS)[number];
const PERIOD_MS = GROWTH_RULES.shieldPeriodDays * DAY_MS;
const GEM = 10_000n;

export interface Subscription {
  subscriptionId: string;
  policyId: string;
  policyName: string;
  premiumMinor: bigint;
  coverageMinor: bigint;
  deductibleMinor: bigint;
  coverage: Partial<Record<CoverageFlag, boolean>>;
  pool: ShieldPool;
  subscribedAt: string;
  coverageFrom: string;
  periods: Array<{ start: string; end: string }>;
  status: 'active' | 'cancelled' | 'lapsed' | 'ended';
}

export interface Claim {
  claimId: string;
  subscriptionId: string;
  incidentType: CoverageFlag;
  occurredAt: string;
  description: string;
  evidenceUrl: string;
  payoutMinor: bigint;
  filedAt: string;
  status: 'pending' | 'approved' | 'rejected';
  decidedAt: string | null;
  reason: string | null;
}

export interface ShieldAccountState {
  userId: string;
  subscriptions: Subscription[];
  claims: Claim[];
}

export const initialShieldAccount = (userId: string): ShieldAccountState => ({ userId, subscriptions: [], claims: [] });

export type ShieldCommand =
  | {
      type: 'Subscribe';
      data: {
        subscriptionId: string;
        policy: ShieldPolicyConfig;
        verifiedFollowers: number;
        pool: ShieldPool;
        transactionId: string;
        now: string;
      };
    }
  | { type: 'Renew'; data: { subscriptionId: string; transactionId: string; now: string } }
  | { type: 'Lapse'; data: { subscriptionId: string; now: string } }
  | { type: 'Cancel'; data: { subscriptionId: string; now: string } }
  | {
      type: 'FileClaim';
      data: {
        claimId: string;
        incidentType: CoverageFlag;
        occurredAt: string;
        description: string;
        evidenceUrl: string;
        now: string;
      };
    }
  | {
      type: 'DecideClaim';
      data: {
        claimId: string;
        approve: boolean;
        reason: string;
        decidedBy: string;
        transactionId: string;
        now: string;
      };
    };

export type ShieldRefusal =
  | { code: 'FOLLOWERS_BELOW_MINIMUM'; min: number }
  | { code: 'ALREADY_SUBSCRIBED' }
  | { code: 'SUBSCRIPTION_NOT_FOUND' }
  | { code: 'ALREADY_CANCELLED' }
  | { code: 'INCIDENT_IN_FUTURE' }
  | { code: 'CLAIM_TOO_LATE' }
  | { code: 'NOT_COVERED' }
  | { code: 'CLAIM_PENDING' }
  | { code: 'CLAIM_NOT_FOUND' }
  | { code: 'CLAIM_ALREADY_DECIDED' };

/**
 * The whole outcome: the events, the gems they move and the insurance pool's own command. A premium moves the user's
 * gems into `escrow:insurance:<real|demo>` (SHIELD_PREMIUM) and an approved claim's payout back out of it
 * (SHIELD_PAYOUT); each is also recorded on the pool's stream (`poolCommand`), whose balance bounds a payout.
 */
export type ShieldDecision =
  | {
      kind: 'accepted';
      events: ShieldEvent[];
      money: MoneyMovement | null;
      poolCommand: { pool: ShieldPool; command: PoolCommand } | null;
    }
  | { kind: 'refused'; refusal: ShieldRefusal };
const refuse = (refusal: ShieldRefusal): ShieldDecision => ({ kind: 'refused', refusal });
/** A decision that moves nothing. */
const accept = (...events: ShieldEvent[]): ShieldDecision => ({
  kind: 'accepted',
  events,
  money: null,
  poolCommand: null,
});
const plus = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();

interface Move {
  pool: ShieldPool;
  amountMinor: bigint;
  transactionId: string;
  now: string;
}

const gems = (debitAccount: AccountId, creditAccount: AccountId, amountMinor: bigint): Posting => ({
  debitAccount,
  creditAccount,
  currency: 'gems',
  amountMinor,
});

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

/** An approved claim paid out of the pool's escrow, bounded by the pool's balance (`decidePool`). */
function claimPayout(state: ShieldAccountState, event: ShieldEvent, claimId: string, move: Move) {
  const { pool, amountMinor, transactionId, now } = move;
  const posting = gems(escrowAccount('insurance', pool), userAccount(state.userId), amountMinor);
  const money: MoneyMovement = {
    transactionId,
    reasonCode: 'SHIELD_PAYOUT',
    description: 'Social Shield claim payout',
    now,
    postings: [posting],
    references: { reference: claimId },
  };
  const command: PoolCommand = { type: 'PayClaim', data: { claimId, amountMinor, transactionId, now } };
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

function covering(
  state: ShieldAccountState,
  at: string,
): { subscription: Subscription; period: { start: string; end: string } } | null {
  const time = Date.parse(at);
  for (const subscription of state.subscriptions) {
    if (time < Date.parse(subscription.coverageFrom)) continue;
    const period = subscription.periods.find(
      (candidate) => time >= Date.parse(candidate.start) && time < Date.parse(candidate.end),
    );
    if (period) return { subscription, period };
  }
  return null;
}

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

type Data<Type extends ShieldCommand['type']> = Extract<ShieldCommand, { type: Type }>['data'];

function subscribe(data: Data<'Subscribe'>, state: ShieldAccountState): ShieldDecision {
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

function fileClaim(data: Data<'FileClaim'>, state: ShieldAccountState): ShieldDecision {
  const { claimId, incidentType, occurredAt, description, evidenceUrl, now } = data;
  if (Date.parse(occurredAt) > Date.parse(now)) return refuse({ code: 'INCIDENT_IN_FUTURE' });
  if (Date.parse(now) - Date.parse(occurredAt) > GROWTH_RULES.claimWindowDays * DAY_MS)
    return refuse({ code: 'CLAIM_TOO_LATE' });
  const cover = covering(state, occurredAt);
  if (!cover || cover.subscription.coverage[incidentType] !== true) return refuse({ code: 'NOT_COVERED' });
  const { subscription, period } = cover;
  const periodClaimed = state.claims.some(
    (claim) =>
      claim.status === 'pending' ||
      (claim.status === 'approved' &&
        claim.subscriptionId === subscription.subscriptionId &&
        Date.parse(claim.occurredAt) >= Date.parse(period.start) &&
        Date.parse(claim.occurredAt) < Date.parse(period.end)),
  );
  if (periodClaimed) return refuse({ code: 'CLAIM_PENDING' });
  return accept({
    type: 'ShieldClaimFiled',
    data: {
      claimId,
      subscriptionId: subscription.subscriptionId,
      userId: state.userId,
      incidentType,
      occurredAt,
      description,
      evidenceUrl,
      payoutMinor: (subscription.coverageMinor - subscription.deductibleMinor).toString(),
      filedAt: now,
    },
  });
}

function decideClaim(data: Data<'DecideClaim'>, state: ShieldAccountState): ShieldDecision {
  const { claimId, approve, reason, decidedBy, transactionId, now } = data;
  const claim = state.claims.find((candidate) => candidate.claimId === claimId);
  if (!claim) return refuse({ code: 'CLAIM_NOT_FOUND' });
  if (claim.status !== 'pending') return refuse({ code: 'CLAIM_ALREADY_DECIDED' });
  if (!approve) return accept({ type: 'ShieldClaimRejected', data: { claimId, decidedBy, reason, decidedAt: now } });
  // The payout leaves the pool the claim's subscription paid its premiums into.
  const pool = state.subscriptions.find((subscription) => subscription.subscriptionId === claim.subscriptionId)?.pool;
  if (!pool) throw new Error(`Invariant broken: claim ${claimId} has no subscription ${claim.subscriptionId}`);
  const approved: ShieldEvent = {
    type: 'ShieldClaimApproved',
    data: { claimId, payoutMinor: claim.payoutMinor.toString(), decidedBy, transactionId, decidedAt: now },
  };
  return claimPayout(state, approved, claimId, { pool, amountMinor: claim.payoutMinor, transactionId, now });
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
const withClaim = (
  state: ShieldAccountState,
  claimId: string,
  change: (claim: Claim) => Claim,
): ShieldAccountState => ({
  ...state,
  claims: state.claims.map((claim) => (claim.claimId === claimId ? change(claim) : claim)),
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

function filedClaim(data: EventData<'ShieldClaimFiled'>): Claim {
  return {
    claimId: data.claimId,
    subscriptionId: data.subscriptionId,
    incidentType: data.incidentType,
    occurredAt: data.occurredAt,
    description: data.description,
    evidenceUrl: data.evidenceUrl,
    payoutMinor: BigInt(data.payoutMinor),
    filedAt: data.filedAt,
    status: 'pending',
    decidedAt: null,
    reason: null,
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
