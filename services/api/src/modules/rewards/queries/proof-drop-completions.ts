import { CHECKPOINT_START, type Checkpoint, type EventStore, type TransactionHandle } from '@app/event-store';
import { DROP_APPLICATION_COMPLETED, DropApplicationCompletedSchema } from '@app/contracts/drops';
import { readProjectionCheckpoint } from '../../../platform/projections';
import { utcDayOf } from '../domain/calendar';
import { proofDropCompletionsProjection } from '../projections/proof-drops.projection';

const TAIL_BATCH = 1_000;

/**
 * A user's proof drops completed on a UTC day, never behind the log: the `rewards_proof_drop_completions`
 * projection up to its checkpoint, plus the `DropApplicationCompleted` events committed after that checkpoint, read
 * from the log itself (the projection trails the log by a poll, ~250 ms). Both the Master Key's status and its
 * activation count this way, so the fifth completion counts the moment the drop's command has committed.
 *
 * The checkpoint is read before the rows: rows the runner added since then are also in the tail, and an application
 * id counts once. Events below the checkpoint cannot appear later (the runner reads only below the oldest
 * transaction in flight), and `horizon: 'snapshot'` returns every event committed before the tail's statement.
 */
export async function proofDropsCompletedOn(
  eventStore: EventStore,
  transaction: TransactionHandle,
  userId: string,
  utcDay: string,
): Promise<number> {
  const projection = proofDropCompletionsProjection.name;
  const table = proofDropCompletionsProjection.tableNames[0];
  let from: Checkpoint = CHECKPOINT_START;
  const completed = new Set<string>();
  const exists = await transaction.query<{ name: string | null }>('SELECT to_regclass($1)::text AS name', [table]);
  if (exists.rows[0]?.name) {
    from = (await readProjectionCheckpoint(transaction, projection)) ?? CHECKPOINT_START;
    const rows = await transaction.query<{ application_id: string }>(
      `SELECT application_id FROM ${table} WHERE user_id = $1 AND utc_day = $2`,
      [userId, utcDay],
    );
    for (const row of rows.rows) completed.add(row.application_id);
  }
  for (;;) {
    const batch = await eventStore.readAll(from, {
      eventTypes: [DROP_APPLICATION_COMPLETED],
      transaction,
      horizon: 'snapshot',
      limit: TAIL_BATCH,
    });
    for (const stored of batch.events) {
      const parsed = DropApplicationCompletedSchema.safeParse(stored.data);
      // The projection skips an unreadable payload (with a log); so does this count.
      if (!parsed.success) continue;
      const data = parsed.data;
      if (data.dropType === 'proof' && data.applicantUserId === userId && utcDayOf(data.completedAt) === utcDay)
        completed.add(data.applicationId);
    }
    if (batch.caughtUp || batch.events.length === 0) break;
    from = batch.nextCheckpoint;
  }
  return completed.size;
}

/** The same count in one snapshot of its own (for reads outside a unit of work). */
export function proofDropsCompletedNow(eventStore: EventStore, userId: string, utcDay: string): Promise<number> {
  return eventStore.withTransaction(async (transaction) => {
    await transaction.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY');
    return proofDropsCompletedOn(eventStore, transaction, userId, utcDay);
  });
}
