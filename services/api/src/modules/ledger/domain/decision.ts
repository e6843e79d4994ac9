import type { LedgerCommand } from '@app/contracts/ledger';
import { LedgerEvent, TransactionPosted } from './events';
import { UserLedgerState, initialUserLedgerState } from './user-ledger';

/** The ledger's commands: one vocabulary with the money port's, in `@app/contracts/ledger`. */
export type { LedgerCommand };

/** Expected refusals, written as the rule that did not hold. Mapped to HTTP in `ledger-refusals.ts`. */
export type LedgerRefusal =
  | 'BALANCE_MUST_COVER_AMOUNT'
  | 'DAILY_KEYS_FROM_POINTS_MUST_NOT_EXCEED_LIMIT'
  | 'CONVERSION_MUST_BE_POINTS_OR_GEMS_TO_KEYS'
  | 'AMOUNT_MUST_BE_POSITIVE'
  | 'POSTING_MUST_MOVE_BETWEEN_TWO_ACCOUNTS'
  | 'HOLD_MUST_BE_NEW'
  | 'HOLD_MUST_EXIST'
  | 'HOLD_MUST_BE_OPEN'
  | 'HOLD_MUST_NOT_HAVE_EXPIRED'
  | 'HOLD_MUST_HAVE_REACHED_ITS_DEADLINE'
  | 'CAPTURE_MUST_NOT_EXCEED_HOLD'
  | 'CAPTURE_MUST_CREDIT_A_SYSTEM_ACCOUNT'
  | 'TRANSACTION_MUST_EXIST'
  | 'TRANSACTION_MUST_NOT_BE_REVERSED_TWICE'
  | 'REVERSAL_MUST_NOT_BE_REVERSED'
  | 'TRANSACTION_MUST_NOT_MIX_DEMO_AND_REAL_ACCOUNTS'
  | 'DEMO_FUNDING_MUST_GO_TO_A_SANDBOX'
  | 'ACCOUNT_MUST_NOT_BE_ARCHIVED'
  | 'ONLY_A_SANDBOX_MUST_BE_ARCHIVED';

/** What a reversal needs to know about the original, folded from the stream of one user it touched. */
export interface ReversalView {
  original: TransactionPosted | null;
  reversedBy: string | null;
}

export interface LedgerDecisionState {
  /** The state of every user stream the command touches (absent users are treated as empty streams). */
  users: ReadonlyMap<string, UserLedgerState>;
  reversal?: ReversalView;
}

export type LedgerDecision =
  | {
      kind: 'accepted';
      /** Events per user stream, in the order to append. */
      userEvents: ReadonlyMap<string, LedgerEvent[]>;
      /** Events of a transaction that touches no user account (go to a journal shard). */
      journalEvents: LedgerEvent[];
      transactionId: string | null;
    }
  | { kind: 'refused'; refusal: LedgerRefusal };

/** The command of one type, for the function that decides it. */
export type CommandOf<T extends LedgerCommand['type']> = Extract<LedgerCommand, { type: T }>;

export const refuse = (refusal: LedgerRefusal): LedgerDecision => ({ kind: 'refused', refusal });

export function stateOf(state: LedgerDecisionState, userId: string): UserLedgerState {
  return state.users.get(userId) ?? initialUserLedgerState(userId);
}

export const accepted = (
  userId: string,
  events: LedgerEvent[],
  transactionId: string | null = null,
): LedgerDecision => ({
  kind: 'accepted',
  userEvents: new Map([[userId, events]]),
  journalEvents: [],
  transactionId,
});
