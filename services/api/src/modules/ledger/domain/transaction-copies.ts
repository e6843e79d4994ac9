import type { Currency } from '@app/contracts/ledger';
import { AccountId, userIdOfAccount } from './accounts';
import { LedgerEvent, TransactionPosted, fromPayload } from './events';
import { JOURNAL_STREAM_PREFIX, userIdOfStream } from './streams';

/** What the copy reader needs of a stored event (the event store's `StoredEvent` fits). */
export interface RecordedEvent {
  type: string;
  streamId: string;
  data: unknown;
}

/**
 * The one rule every projection of ledger transactions must follow. A transaction touching several users is
 * recorded as an identical copy in each of their streams, so reading all postings of every copy counts a
 * two-user transaction twice. Each copy contributes only the legs of its own stream's user, and copy 0 (or the
 * journal copy of a transaction touching no user) contributes the system and escrow legs: every leg counts once.
 */

/** One side of a posting: what it does to one account. */
export interface LedgerLeg {
  accountId: AccountId;
  /** The account's user; null for a system or escrow account. */
  userId: string | null;
  currency: Currency;
  /** A debit takes `amountMinor` out of the account, a credit puts it in. */
  side: 'debit' | 'credit';
  /** Always positive. */
  amountMinor: bigint;
  /** The posting's other account, and its user (null for a system or escrow account). */
  counterpartyAccountId: AccountId;
  counterpartyUserId: string | null;
}

/** The legs this copy of a transaction contributes (see the rule above), in posting order, debit before credit. */
export function legsForStreamCopy(
  streamId: string,
  transaction: Pick<TransactionPosted, 'postings' | 'copyIndex'>,
): LedgerLeg[] {
  const owner = userIdOfStream(streamId);
  const legs: LedgerLeg[] = [];
  const add = (
    accountId: AccountId,
    counterpartyAccountId: AccountId,
    side: LedgerLeg['side'],
    currency: Currency,
    amountMinor: bigint,
  ) => {
    const userId = userIdOfAccount(accountId);
    const counts = userId !== null ? userId === owner : transaction.copyIndex === 0;
    if (counts)
      legs.push({
        accountId,
        userId,
        currency,
        side,
        amountMinor,
        counterpartyAccountId,
        counterpartyUserId: userIdOfAccount(counterpartyAccountId),
      });
  };
  for (const posting of transaction.postings) {
    add(posting.debitAccount, posting.creditAccount, 'debit', posting.currency, posting.amountMinor);
    add(posting.creditAccount, posting.debitAccount, 'credit', posting.currency, posting.amountMinor);
  }
  return legs;
}

/** A stored copy of a transaction, read: its stream's user (null for a journal copy), the transaction, its legs. */
export interface LedgerTransactionCopy {
  ownerUserId: string | null;
  transaction: TransactionPosted;
  legs: readonly LedgerLeg[];
}

/**
 * Reads a stored `LedgerTransactionPosted` for a projection in another module: null when the event is not a
 * transaction copy on a ledger stream, 'unreadable' when its payload does not parse (the caller logs or skips it).
 */
export function readTransactionCopy(stored: RecordedEvent): LedgerTransactionCopy | 'unreadable' | null {
  if (stored.type !== 'LedgerTransactionPosted') return null;
  // Several projections read the same stored event object (one shared read): its legs are worked out once.
  const known = readCopies.get(stored);
  if (known !== undefined) return known;
  const copy = readCopy(stored);
  readCopies.set(stored, copy);
  return copy;
}

const readCopies = new WeakMap<object, LedgerTransactionCopy | 'unreadable' | null>();

function readCopy(stored: RecordedEvent): LedgerTransactionCopy | 'unreadable' | null {
  const ownerUserId = userIdOfStream(stored.streamId);
  if (ownerUserId === null && !stored.streamId.startsWith(JOURNAL_STREAM_PREFIX)) return null;
  let event: LedgerEvent;
  try {
    event = fromPayload(stored.type, stored.data);
  } catch {
    return 'unreadable';
  }
  if (event.type !== 'LedgerTransactionPosted') return 'unreadable';
  return { ownerUserId, transaction: event.data, legs: legsForStreamCopy(stored.streamId, event.data) };
}
