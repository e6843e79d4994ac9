import { GROWTH_RULES, type ShieldEvent } from '@app/contracts/growth';
import { escrowAccount, userAccount, type MoneyMovement } from '@app/contracts/ledger';
import type { PoolCommand } from './insurance-pool';
import {
  accept,
  gems,
  refuse,
  type Claim,
  type Move,
  type ShieldAccountState,
  type ShieldCommandData,
  type ShieldDecision,
  type Subscription,
} from './shield-state';
import { DAY_MS } from './staking';

// A shield's claims (spec 3 §2): filed within 7 days of an incident its subscription covered, one per paid period;
// an approved claim pays the coverage minus the deductible out of the pool the subscription paid its premiums into.

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

export function fileClaim(data: ShieldCommandData<'FileClaim'>, state: ShieldAccountState): ShieldDecision {
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

export function decideClaim(data: ShieldCommandData<'DecideClaim'>, state: ShieldAccountState): ShieldDecision {
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

export const withClaim = (
  state: ShieldAccountState,
  claimId: string,
  change: (claim: Claim) => Claim,
): ShieldAccountState => ({
  ...state,
  claims: state.claims.map((claim) => (claim.claimId === claimId ? change(claim) : claim)),
});

export function filedClaim(data: Extract<ShieldEvent, { type: 'ShieldClaimFiled' }>['data']): Claim {
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
