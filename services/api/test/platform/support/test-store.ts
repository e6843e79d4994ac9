import {
  compareCheckpoints,
  openDatabase,
  PostgresEventStore,
  runMigrations,
  type Checkpoint,
  type Database,
  type EventStore,
} from '@app/event-store';
import { createTestDatabase, type TestDatabase } from '@app/event-store/src/testing';
import {
  PLATFORM_MIGRATIONS_DIRECTORY,
  PLATFORM_MIGRATIONS_TABLE,
} from '../../../src/platform/database/database.module';
import { EXAMPLE_EVENT } from './example-projection';

export interface TestStore {
  testDatabase: TestDatabase;
  database: Database;
  eventStore: EventStore;
  close(): Promise<void>;
}

/** A fresh PostgreSQL database with the event store's and the platform's migrations applied. */
export async function openTestStore(prefix = 'api_platform'): Promise<TestStore> {
  const testDatabase = await createTestDatabase(prefix);
  const database = await openDatabase({ databaseUrl: testDatabase.url, maxConnections: 6 });
  const eventStore = await PostgresEventStore.open(database);
  await runMigrations(database.pool, {
    directory: PLATFORM_MIGRATIONS_DIRECTORY,
    migrationsTable: PLATFORM_MIGRATIONS_TABLE,
  });
  return {
    testDatabase,
    database,
    eventStore,
    async close() {
      await eventStore.close();
      await database.close();
      await testDatabase.drop();
    },
  };
}

/** Appends `count` example events spread over `streams` streams, `perAppend` per transaction. */
export async function appendExampleEvents(
  eventStore: EventStore,
  count: number,
  options: { streams?: number; perAppend?: number; offset?: number } = {},
) {
  const streams = options.streams ?? 7;
  const perAppend = options.perAppend ?? 250;
  const offset = options.offset ?? 0;
  for (let start = 0; start < count; start += perAppend) {
    const size = Math.min(perAppend, count - start);
    const byStream = new Map<string, { type: string; data: { amount: number } }[]>();
    for (let index = start; index < start + size; index += 1) {
      const number = offset + index;
      const streamId = `example-${number % streams}`;
      const events = byStream.get(streamId) ?? [];
      events.push({ type: EXAMPLE_EVENT, data: { amount: (number % 13) + 1 } });
      byStream.set(streamId, events);
    }
    await eventStore.append(
      [...byStream].map(([streamId, events]) => ({ streamId, expectedVersion: 'any' as const, events })),
    );
  }
}

/** What the example projection must hold for the given events, computed independently of it. */
export function expectedExampleTotals(
  count: number,
  streams = 7,
): Record<string, { event_count: string; amount_total: string }> {
  const totals: Record<string, { event_count: bigint; amount_total: bigint }> = {};
  for (let number = 0; number < count; number += 1) {
    const streamId = `example-${number % streams}`;
    totals[streamId] ??= { event_count: 0n, amount_total: 0n };
    totals[streamId].event_count += 1n;
    totals[streamId].amount_total += BigInt((number % 13) + 1);
  }
  return Object.fromEntries(
    Object.entries(totals).map(([key, value]) => [
      key,
      { event_count: value.event_count.toString(), amount_total: value.amount_total.toString() },
    ]),
  );
}

export async function readExampleTotals(database: Pick<Database, 'pool'>, table = 'example_totals') {
  const result = await database.pool.query<{ stream_id: string; event_count: string; amount_total: string }>(
    `select stream_id, event_count::text, amount_total::text from ${table} order by stream_id`,
  );
  return Object.fromEntries(
    result.rows.map((row) => [row.stream_id, { event_count: row.event_count, amount_total: row.amount_total }]),
  );
}

/** The newest event written to this database, whether or not readers may see it yet. */
export async function lastWrittenCheckpoint(database: Database): Promise<Checkpoint> {
  const last = await database.pool.query<{ transaction_id: string; position: string }>(
    'SELECT transaction_id::text, position::text FROM events ORDER BY transaction_id DESC, position DESC LIMIT 1',
  );
  const row = last.rows[0];
  return row
    ? { transactionId: BigInt(row.transaction_id), position: BigInt(row.position) }
    : { transactionId: 0n, position: 0n };
}

/**
 * The head once it covers every event written here. The log is readable only below the oldest transaction running
 * anywhere in the cluster (other test files and other databases included), so right after an append the head the
 * store reports can still be behind it: a test that takes that head as "everything" races the rest of the machine.
 */
export async function settledHead(
  store: Pick<TestStore, 'database' | 'eventStore'>,
  timeoutMs = 30_000,
): Promise<Checkpoint> {
  const target = await lastWrittenCheckpoint(store.database);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const head = await store.eventStore.headCheckpoint();
    if (compareCheckpoints(head, target) >= 0) return head;
    if (Date.now() > deadline)
      throw new Error(`The head did not reach position ${target.position} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
