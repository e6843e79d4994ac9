import type { Currency } from './currency';
import type { ReasonCode } from './events';
import type { DemoPersona } from '../identity/users';

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

export const ESCROW_OWNER_KINDS = [
  'drop',
  'content',
  'forecast',
  'campaign',
  'withdrawal',
  'stake',
  'project',
  'insurance',
  'sponsorship',
  'offer',
] as const;
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
      data: {
        holdId: string;
        userId: string;
        currency: Currency;
        amountMinor: bigint;
        expiresAt: string;
        reasonCode: ReasonCode;
        description: string;
        now: string;
      };
    }
  | {
      type: 'CaptureHold';
      data: {
        holdId: string;
        userId: string;
        amountMinor: bigint;
        creditAccount: AccountId;
        /**
         * A second posting out of the same hold in the same transaction (a withdrawal's fee to `system:fees`):
         * `amountMinor + fee.amountMinor` must not exceed the hold.
         */
        fee?: { creditAccount: AccountId; amountMinor: bigint };
        transactionId: string;
        reasonCode: ReasonCode;
        description: string;
        now: string;
      };
    }
  | { type: 'ReleaseHold'; data: { holdId: string; userId: string; now: string } }
  | {
      type: 'ReverseTransaction';
      data: { originalTransactionId: string; reversalTransactionId: string; description: string; now: string };
    };

/**
 * The ledger's own commands on a user's accounts (its use cases decide them: a conversion, opening accounts, a demo
 * sandbox's top-up and archive, a hold past its deadline).
 */
export type LedgerAccountCommand =
  | { type: 'OpenUserAccounts'; data: { userId: string; transactionId: string; now: string } }
  /** Opens a demo login's sandbox (when the stream is new) and tops it up to the persona's floors. */
  | { type: 'FundDemoPersona'; data: { userId: string; persona: DemoPersona; transactionId: string; now: string } }
  /** Closes an expired sandbox: nothing moves in or out of it afterwards. */
  | { type: 'ArchiveSandbox'; data: { userId: string; now: string } }
  | {
      type: 'ConvertCurrency';
      data: {
        userId: string;
        fromCurrency: Currency;
        toCurrency: Currency;
        keys: bigint;
        transactionId: string;
        now: string;
      };
    }
  | { type: 'ExpireHold'; data: { holdId: string; userId: string; now: string } };

/**
 * Every command of the ledger (its decider's input, and what the money port runs): a movement, a two-phase or
 * reversal command, or one of the ledger's own. Time, ids and rates arrive in the command because a concurrency
 * retry decides again and must reach the same answer.
 */
export type LedgerCommand =
  { type: 'PostTransaction'; data: MoneyMovement } | LedgerMoneyCommand | LedgerAccountCommand;
