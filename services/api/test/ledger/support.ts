import { join } from 'node:path';
import { openDatabase, PostgresEventStore, runMigrations, type Database } from '@app/event-store';
import { createTestDatabase, type TestDatabase } from '@app/event-store/src/testing';
import { PLATFORM_MIGRATIONS_DIRECTORY, PLATFORM_MIGRATIONS_TABLE } from '../../src/platform/database/database.module';
import { ProjectionRunner } from '../../src/platform/projections/projection-runner';
import { LEDGER_MIGRATIONS_DIRECTORY, LEDGER_MIGRATIONS_TABLE } from '../../src/modules/ledger/infrastructure/ledger-migrations';
import { LEDGER_PROJECTIONS } from '../../src/modules/ledger/projections/ledger-projections';

export interface LedgerTestContext {
  testDatabase: TestDatabase;
  database: Database;
  eventStore: PostgresEventStore;
  runners: ProjectionRunner[];
  /** Runs every ledger projection up to the log's current end. */
  catchUp(): Promise<void>;
  close(): Promise<void>;
}

const silentLogger = { log: () => undefined, warn: () => undefined, error: (message: string) => console.error(message) };

/** A fresh PostgreSQL database with the event store, platform and ledger schemas, and runners for the projections. */
export async function openLedgerTestContext(maxConnections = 20): Promise<LedgerTestContext> {
  const testDatabase = await createTestDatabase('ledger');
  const database = await openDatabase({ databaseUrl: testDatabase.url, maxConnections });
  const eventStore = await PostgresEventStore.open(database);
  await runMigrations(database.pool, { directory: PLATFORM_MIGRATIONS_DIRECTORY, migrationsTable: PLATFORM_MIGRATIONS_TABLE });
  await runMigrations(database.pool, { directory: LEDGER_MIGRATIONS_DIRECTORY, migrationsTable: LEDGER_MIGRATIONS_TABLE });
  const runners = LEDGER_PROJECTIONS.map(
    (projection) =>
      new ProjectionRunner(projection, eventStore, database.pool, {
        ownerId: `test-${process.pid}`,
        pollIntervalMs: 50,
        leaseDurationMs: 30_000,
        batchSize: 1_000,
        logger: silentLogger,
      }),
  );
  for (const runner of runners) await runner.initialize();
  return {
    testDatabase,
    database,
    eventStore,
    runners,
    catchUp: async () => {
      for (const runner of runners) await runner.catchUp();
    },
    close: async () => {
      await eventStore.close();
      await database.close();
      await testDatabase.drop();
    },
  };
}

export const migrationsPath = join(__dirname, '..', '..', 'src', 'modules', 'ledger', 'infrastructure', 'migrations');
