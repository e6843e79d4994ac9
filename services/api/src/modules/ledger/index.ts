/** The ledger context's public surface: what other modules may import. */
export { RunLedgerCommand, type LedgerCommandResult } from './post-transaction/ledger-commands';
export {
  GetUserBalancesQuery,
  GetUserLedgerSummaryQuery,
  type UserLedgerSummary,
} from './read-wallets/get-user-balances.query';
export { newTransactionId } from './infrastructure/ledger-executor';
export { SYSTEM_ACCOUNTS, escrowAccount, userAccount } from './domain/accounts';
export type { LedgerCommand, LedgerRefusal } from './domain/decision';
export type { Posting, TransactionPosted } from './domain/events';
export { userIdOfStream } from './domain/streams';
export {
  legsForStreamCopy,
  readTransactionCopy,
  type LedgerLeg,
  type LedgerTransactionCopy,
} from './domain/transaction-copies';
export { refusalToApiError } from './ledger-refusals';
