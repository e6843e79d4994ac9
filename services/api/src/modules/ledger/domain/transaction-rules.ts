import { Currency } from '@app/contracts/ledger';
import { AccountId, userIdOfAccount } from './accounts';
import { LedgerDecision, LedgerDecisionState, LedgerRefusal, refuse, stateOf } from './decision';
import { LedgerEvent, Posting, TransactionPosted } from './events';
import { availableBalance } from './user-ledger';

/** The user ids whose accounts appear in the postings, sorted so every copy lands in the same order. */
export function userIdsOfPostings(postings: readonly Posting[]): string[] {
  const userIds = new Set<string>();
  for (const posting of postings) {
    for (const account of [posting.debitAccount, posting.creditAccount]) {
      const userId = userIdOfAccount(account);
      if (userId !== null) userIds.add(userId);
    }
  }
  return [...userIds].sort();
}

/** Net change per user and currency that the postings cause. */
function netChanges(postings: readonly Posting[]): Map<string, Map<Currency, bigint>> {
  const changes = new Map<string, Map<Currency, bigint>>();
  const add = (account: AccountId, currency: Currency, delta: bigint) => {
    const userId = userIdOfAccount(account);
    if (userId === null) return;
    const perCurrency = changes.get(userId) ?? new Map<Currency, bigint>();
    perCurrency.set(currency, (perCurrency.get(currency) ?? 0n) + delta);
    changes.set(userId, perCurrency);
  };
  for (const posting of postings) {
    add(posting.debitAccount, posting.currency, -posting.amountMinor);
    add(posting.creditAccount, posting.currency, posting.amountMinor);
  }
  return changes;
}

/**
 * Validates postings and the "available never below zero" rule for every user the postings touch, then lays out
 * one identical copy of the transaction per user stream (copy 0 also carries the system legs) or a journal copy.
 */
export function postTransaction(
  state: LedgerDecisionState,
  transaction: Omit<TransactionPosted, 'copyIndex' | 'copyCount'>,
  extraEventsBefore: Map<string, LedgerEvent[]> = new Map(),
  extraEventsAfter: Map<string, LedgerEvent[]> = new Map(),
): LedgerDecision {
  for (const posting of transaction.postings) {
    if (posting.amountMinor <= 0n) return refuse('AMOUNT_MUST_BE_POSITIVE');
    if (posting.debitAccount === posting.creditAccount) return refuse('POSTING_MUST_MOVE_BETWEEN_TWO_ACCOUNTS');
  }
  const isolation = sandboxIsolationRefusal(state, userIdsOfPostings(transaction.postings));
  if (isolation) return refuse(isolation);
  for (const [userId, perCurrency] of netChanges(transaction.postings)) {
    const user = stateOf(state, userId);
    for (const [currency, delta] of perCurrency) {
      if (delta < 0n && availableBalance(user, currency) + delta < 0n) return refuse('BALANCE_MUST_COVER_AMOUNT');
    }
  }
  const userIds = userIdsOfPostings(transaction.postings);
  const userEvents = new Map<string, LedgerEvent[]>();
  userIds.forEach((userId, copyIndex) => {
    userEvents.set(userId, [
      ...(extraEventsBefore.get(userId) ?? []),
      { type: 'LedgerTransactionPosted', data: { ...transaction, copyIndex, copyCount: userIds.length } },
      ...(extraEventsAfter.get(userId) ?? []),
    ]);
  });
  for (const [userId, events] of [...extraEventsBefore, ...extraEventsAfter]) {
    if (!userEvents.has(userId)) userEvents.set(userId, events);
  }
  const journalEvents: LedgerEvent[] =
    userIds.length === 0
      ? [{ type: 'LedgerTransactionPosted', data: { ...transaction, copyIndex: 0, copyCount: 1 } }]
      : [];
  return { kind: 'accepted', userEvents, journalEvents, transactionId: transaction.transactionId };
}

/**
 * Demo sandboxes are isolated: a transaction may touch sandboxes or real users' accounts, never both (system and
 * escrow accounts serve either), and nothing moves in or out of an archived sandbox. Every user whose account a
 * transaction touches gets a copy appended with the expected version its state was decided on, so this holds under
 * any concurrency and cannot be bypassed by any caller of the ledger.
 */
function sandboxIsolationRefusal(state: LedgerDecisionState, userIds: readonly string[]): LedgerRefusal | null {
  let sandboxes = 0;
  for (const userId of userIds) {
    const user = stateOf(state, userId);
    if (user.archived) return 'ACCOUNT_MUST_NOT_BE_ARCHIVED';
    if (user.sandbox) sandboxes += 1;
  }
  return sandboxes > 0 && sandboxes < userIds.length ? 'TRANSACTION_MUST_NOT_MIX_DEMO_AND_REAL_ACCOUNTS' : null;
}
