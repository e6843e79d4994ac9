/**
 * Stream naming. Each user has one stream carrying every currency of that user, appended with an expected version:
 * that is what makes "never below zero" and "at most 3 keys a day from points" hold under any concurrency. System
 * and escrow accounts have no stream of their own (a hot system account would serialise all traffic): their legs
 * ride inside the user streams' events, and transactions that touch no user account go to one of a few journal
 * shards appended with 'any'. System balances are derived by the projections.
 */
export const USER_STREAM_PREFIX = 'ledger-account-';
export const JOURNAL_STREAM_PREFIX = 'ledger-journal-';
export const JOURNAL_SHARD_COUNT = 16;

export function userStreamId(userId: string): string {
  return `${USER_STREAM_PREFIX}${userId}`;
}

export function userIdOfStream(streamId: string): string | null {
  return streamId.startsWith(USER_STREAM_PREFIX) ? streamId.slice(USER_STREAM_PREFIX.length) : null;
}

export function isLedgerStream(streamId: string): boolean {
  return streamId.startsWith(USER_STREAM_PREFIX) || streamId.startsWith(JOURNAL_STREAM_PREFIX);
}

export function journalStreamId(transactionId: string): string {
  let hash = 0;
  for (let index = 0; index < transactionId.length; index += 1) {
    hash = (hash * 31 + transactionId.charCodeAt(index)) >>> 0;
  }
  return `${JOURNAL_STREAM_PREFIX}${hash % JOURNAL_SHARD_COUNT}`;
}
