import type { Currency } from './currency';
import type { ReasonCode } from './events';

/**
 * Ledger account ids. A user's account is `user:<userId>` (one balance per currency); system accounts are
 * `system:<name>`; escrows are `escrow:<owner kind>:<owner id>`. Only user accounts must stay at or above zero.
 */
export type AccountId = string;

export const SYSTEM_ACCOUNTS = Object.freeze({
  issuance: 'system:issuance',
  burn: 'system:burn',
  fees: 'system:fees',
  conversion: 'system:conversion',
  withdrawals: 'system:withdrawals',
});

export const ESCROW_OWNER_KINDS = ['drop', 'content', 'forecast', 'campaign', 'withdrawal', 'stake', 'project', 'insurance', 'sponsorship', 'offer'] as const;
export type EscrowOwnerKind = (typeof ESCROW_OWNER_KINDS)[number];

const userPrefix = 'user:';

export function userAccount(userId: string): AccountId {
  return `${userPrefix}${userId}`;
}

export function escrowAccount(ownerKind: EscrowOwnerKind, ownerId: string): AccountId {
  return `escrow:${ownerKind}:${ownerId}`;
}

export function isUserAccount(accountId: AccountId): boolean {
  return accountId.startsWith(userPrefix);
}

/** The user id behind a user account, or null for a system or escrow account. */
export function userIdOfAccount(accountId: AccountId): string | null {
  return isUserAccount(accountId) ? accountId.slice(userPrefix.length) : null;
}

/** A posting: `amountMinor` leaves `debitAccount` and arrives in `creditAccount`. Always positive. */
export interface Posting {
  debitAccount: AccountId;
  creditAccount: AccountId;
  currency: Currency;
  amountMinor: bigint;
}

/** One balanced movement of money as a use case decides it: the ledger's `PostTransaction`. */
export interface MoneyMovement {
  transactionId: string;
  reasonCode: ReasonCode;
  description: string;
  postings: Posting[];
  now: string;
  references?: Record<string, string>;
}

/**
 * The ledger's two-phase and reversal commands as a use case decides them (a withdrawal's hold, its capture with
 * the fee as a second posting, its release; a refund's linked reversal): run in the caller's unit like a movement.
 */
export type LedgerMoneyCommand =
  | {
      type: 'PlaceHold';
      data: { holdId: string; userId: string; currency: Currency; amountMinor: bigint; expiresAt: string; reasonCode: ReasonCode; description: string; now: string };
    }
  | {
      type: 'CaptureHold';
      data: {
        holdId: string;
        userId: string;
        amountMinor: bigint;
        creditAccount: string;
        fee?: { creditAccount: string; amountMinor: bigint };
        transactionId: string;
        reasonCode: ReasonCode;
        description: string;
        now: string;
      };
    }
  | { type: 'ReleaseHold'; data: { holdId: string; userId: string; now: string } }
  | { type: 'ReverseTransaction'; data: { originalTransactionId: string; reversalTransactionId: string; description: string; now: string } };

