import { CHECKPOINT_START, type Checkpoint, type EventStore, type TransactionHandle } from '@app/event-store';
import type { ReversalView } from '../domain/decision';
import { evolveReversalView } from '../domain/reversal';
import { userStreamId } from '../domain/streams';
import { readTransactionCopy } from '../domain/transaction-copies';
import { ledgerTransactionsProjection } from '../projections/ledger-projections';
import { readProjectionCheckpoint } from '../../../platform/projections/projection-runner';
import { toLedgerEvent } from './user-ledger-streams';

/**
 * Finds a user stream the original touched, then reads the truth from it. The transactions projection knows every
 * transaction up to its checkpoint; the few committed after it are found by reading the log's tail past that
 * checkpoint, so a reversal never depends on the projection having caught up.
 */
export async function loadReversalView(
  eventStore: EventStore,
  originalTransactionId: string,
  transaction: TransactionHandle,
): Promise<ReversalView> {
  let view: ReversalView = { original: null, reversedBy: null };
  const userId =
    (await projectedOwnerOf(originalTransactionId, transaction)) ??
    (await ownerInLogTail(eventStore, originalTransactionId, transaction));
  if (!userId) return view;
  for (const stored of await eventStore.readStream(userStreamId(userId), { transaction })) {
    view = evolveReversalView(view, toLedgerEvent(stored), originalTransactionId);
  }
  return view;
}

async function projectedOwnerOf(transactionId: string, transaction: TransactionHandle): Promise<string | undefined> {
  const found = await transaction.query<{ user_id: string }>(
    'SELECT user_id FROM ledger_transactions WHERE transaction_id = $1 LIMIT 1',
    [transactionId],
  );
  return found.rows[0]?.user_id;
}

async function ownerInLogTail(
  eventStore: EventStore,
  transactionId: string,
  transaction: TransactionHandle,
): Promise<string | undefined> {
  let from: Checkpoint =
    (await readProjectionCheckpoint(transaction, ledgerTransactionsProjection.name)) ?? CHECKPOINT_START;
  for (;;) {
    // 'snapshot': every event committed before this statement, including those above the subscribers' safe end.
    const batch = await eventStore.readAll(from, {
      eventTypes: ['LedgerTransactionPosted'],
      transaction,
      horizon: 'snapshot',
      limit: 1_000,
    });
    for (const stored of batch.events) {
      const copy = readTransactionCopy(stored);
      if (
        copy &&
        copy !== 'unreadable' &&
        copy.ownerUserId !== null &&
        copy.transaction.transactionId === transactionId
      )
        return copy.ownerUserId;
    }
    if (batch.caughtUp || batch.events.length === 0) return undefined;
    from = batch.nextCheckpoint;
  }
}
