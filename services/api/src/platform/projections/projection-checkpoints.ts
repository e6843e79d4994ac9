import { type Checkpoint, compareCheckpoints, type TransactionHandle } from '@app/event-store';

/** Anything that runs a statement outside a transaction: a `pg.Pool`. */
export interface Queryable {
  query<Row = Record<string, unknown>>(
    text: string,
    params?: unknown[],
  ): Promise<{ rows: Row[]; rowCount: number | null }>;
}

/** A projection's checkpoint row: where its tables stand in the log, and the projection version they were built by. */
export interface StoredCheckpoint extends Checkpoint {
  version: number;
}

export function checkpointFromRow(row: { transaction_id: string; position: string }): Checkpoint {
  return { transactionId: BigInt(row.transaction_id), position: BigInt(row.position) };
}

/**
 * Where a projection's tables stand in the log (undefined before its first start): every event up to this checkpoint
 * is in them. Modules that must see beyond it read the log from here.
 */
export async function readProjectionCheckpoint(
  client: Queryable | TransactionHandle,
  name: string,
  forUpdate = false,
): Promise<StoredCheckpoint | undefined> {
  const result = await client.query<{ transaction_id: string; position: string; version: number }>(
    `select transaction_id, position, version from projection_checkpoints where name = ` +
      `$1${forUpdate ? ' for update' : ''}`,
    [name],
  );
  const row = result.rows[0];
  return row ? { ...checkpointFromRow(row), version: Number(row.version) } : undefined;
}

/** Events between a checkpoint and the head; exact unless a rolled-back writer burnt positions. */
export function lagInEvents(checkpoint: Checkpoint, head: Checkpoint): number {
  if (compareCheckpoints(checkpoint, head) >= 0) return 0;
  const difference = Number(head.position - checkpoint.position);
  return Math.max(1, difference);
}

/**
 * Progress over events a runner (a projection's or a reactor's) has nothing to write for stays in memory for this long
 * by default: saving each such step cost a transaction. A restart re-reads, and skips again, what was not saved.
 */
export const DEFAULT_SKIPPED_PROGRESS_SAVE_MS = 1_000;

/** Whether a runner's unsaved skipped progress is due for saving (`force`: at once, as `catchUp` asks). */
export function skippedProgressSaveDue(savedAt: number, saveEveryMs: number | undefined, force = false): boolean {
  return force || Date.now() - savedAt >= (saveEveryMs ?? DEFAULT_SKIPPED_PROGRESS_SAVE_MS);
}
