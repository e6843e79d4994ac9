import type { SHIELD_COVERAGE_FLAGS, ShieldEvent, ShieldPolicyConfig, ShieldPool } from '@app/contracts/growth';
import type { AccountId, MoneyMovement, Posting } from '@app/contracts/ledger';
import type { PoolCommand } from './insurance-pool';

// A shield account's state, commands and decisions, apart from `decideShield`/`evolveShield` so that the claims
// (`shield-claims.ts`) and the subscriptions (`shield.ts`) build on them without importing each other.

export type CoverageFlag = (typeof SHIELD_COVERAGE_FLAGS)[number];

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

export type ShieldCommandData<Type extends ShieldCommand['type']> = Extract<ShieldCommand, { type: Type }>['data'];

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
export const refuse = (refusal: ShieldRefusal): ShieldDecision => ({ kind: 'refused', refusal });
/** A decision that moves nothing. */
export const accept = (...events: ShieldEvent[]): ShieldDecision => ({
  kind: 'accepted',
  events,
  money: null,
  poolCommand: null,
});

export interface Move {
  pool: ShieldPool;
  amountMinor: bigint;
  transactionId: string;
  now: string;
}

export const gems = (debitAccount: AccountId, creditAccount: AccountId, amountMinor: bigint): Posting => ({
  debitAccount,
  creditAccount,
  currency: 'gems',
  amountMinor,
});
