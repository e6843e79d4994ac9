import { CHECKPOINT_START, type Checkpoint, type EventStore } from '@app/event-store';
import { minorToApiNumber, type IssuanceReport } from '@app/contracts/ledger';
import { userIdOfAccount, type AccountId } from '../domain/accounts';
import { IssuanceTally } from '../domain/issuance-tally';
import { isLedgerStream } from '../domain/streams';
import { parseLedgerEvent } from '../projections/ledger-fold';

/**
 * `GET /api/admin/ledger/issuance`: credits out of `system:issuance` committed in [from, to), per reason and currency,
 * per UTC day and per receiving account. Read from the log itself (the same events `verify` replays), so it is never
 * behind and needs no projection of its own.
 */
export async function issuanceReport(
  eventStore: EventStore,
  range: { from: Date; to: Date; top: number },
): Promise<IssuanceReport> {
  const tally = new IssuanceTally();
  let checkpoint: Checkpoint = CHECKPOINT_START;
  for (;;) {
    const batch = await eventStore.readAll(checkpoint, { limit: 5_000, eventTypes: ['LedgerTransactionPosted'] });
    for (const stored of batch.events) {
      if (!isLedgerStream(stored.streamId) || stored.recordedAt < range.from || stored.recordedAt >= range.to) continue;
      const event = parseLedgerEvent(stored);
      if (event.type === 'LedgerTransactionPosted') tally.add(event.data, stored.recordedAt.toISOString().slice(0, 10));
    }
    checkpoint = batch.nextCheckpoint;
    if (batch.caughtUp || batch.events.length === 0) break;
  }
  return {
    from: range.from.toISOString(),
    to: range.to.toISOString(),
    totals: tally.byReason().map((row) => ({
      reason_code: row.reasonCode,
      currency: row.currency,
      amount: minorToApiNumber(row.totalMinor, row.currency),
      credits: row.credits,
      largest: minorToApiNumber(row.largestMinor, row.currency),
      documented: row.undocumented === null,
    })),
    days: tally.byDay().map((row) => ({
      day: row.day,
      reason_code: row.reasonCode,
      currency: row.currency,
      amount: minorToApiNumber(row.totalMinor, row.currency),
      credits: row.credits,
    })),
    top_receivers: tally.topReceivers(range.top).map((row) => ({
      account_id: row.accountId,
      user_id: userIdOfAccount(row.accountId as AccountId),
      currency: row.currency,
      amount: minorToApiNumber(row.totalMinor, row.currency),
      credits: row.credits,
    })),
  };
}
