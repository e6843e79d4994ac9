import { computeEventHash, type PostgresEventStore } from '@app/event-store';
import type pg from 'pg';

/** The stored payload of a `LedgerTransactionPosted` (amounts as strings), as far as the attack edits it. */
export interface TransactionData {
  postings: { currency: string; amountMinor: string }[];
}

/**
 * The insider's attack of issue 47, as a script: rewrite one event's data, then recompute its stream's hash chain from
 * that event on and the stream's head, so that every hash check passes again. (The projections are rebuilt after.)
 */
export async function rewriteAndRehash(
  eventStore: PostgresEventStore,
  pool: pg.Pool,
  eventId: string,
  rewrite: (data: TransactionData) => unknown,
): Promise<void> {
  const located = await pool.query<{ stream_id: string; stream_version: string }>(
    'SELECT stream_id, stream_version::text FROM events WHERE event_id = $1',
    [eventId],
  );
  const { stream_id: streamId, stream_version: version } = located.rows[0];
  const events = await eventStore.readStream(streamId);
  let previousHash: string | null = null;
  for (const event of events) {
    if (event.streamVersion < BigInt(version)) continue;
    const data = event.id === eventId ? rewrite(structuredClone(event.data) as TransactionData) : event.data;
    const linked = previousHash ?? event.previousHash;
    const hash = computeEventHash({
      previousHash: linked,
      streamId,
      streamVersion: event.streamVersion,
      type: event.type,
      data,
      metadata: event.metadata,
    });
    await pool.query('UPDATE events SET data = $2::jsonb, previous_hash = $3, hash = $4 WHERE event_id = $1', [
      event.id,
      JSON.stringify(data),
      linked,
      hash,
    ]);
    previousHash = hash;
  }
  await pool.query('UPDATE streams SET last_hash = $2 WHERE stream_id = $1', [streamId, previousHash]);
}

/** The insider rebuilds the stored Merkle tree from the rewritten log, to hide the rewrite from proofs too. */
export async function dropMerkleTree(pool: pg.Pool): Promise<void> {
  await pool.query('TRUNCATE ledger_merkle_nodes, ledger_merkle_leaves');
  await pool.query("UPDATE ledger_merkle_head SET tree_size = 0, transaction_id = '0', position = 0");
}
