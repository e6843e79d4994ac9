import { join } from 'node:path';
import { compareCheckpoints, openDatabase, PostgresEventStore, runMigrations, type Database } from '@app/event-store';
import { createTestDatabase, type TestDatabase } from '@app/event-store/src/testing';
import { PLATFORM_MIGRATIONS_DIRECTORY, PLATFORM_MIGRATIONS_TABLE } from '../../src/platform/database/database.module';
import { ProjectionRunner } from '../../src/platform/projections/projection-runner';
import {
  LEDGER_MIGRATIONS_DIRECTORY,
  LEDGER_MIGRATIONS_TABLE,
} from '../../src/modules/ledger/infrastructure/ledger-migrations';
import { LEDGER_PROJECTIONS } from '../../src/modules/ledger/projections/ledger-projections';
import { lastWrittenCheckpoint } from '../platform/support/test-store';

export interface LedgerTestContext {
  testDatabase: TestDatabase;
  database: Database;
  eventStore: PostgresEventStore;
  runners: ProjectionRunner[];
  /** Runs every ledger projection up to the log's current end. */
  catchUp(): Promise<void>;
  close(): Promise<void>;
}

const silentLogger = {
  log: () => undefined,
  warn: () => undefined,
  error: (message: string) => console.error(message),
};

/** A fresh PostgreSQL database with the event store, platform and ledger schemas, and runners for the projections. */
export async function openLedgerTestContext(maxConnections = 20): Promise<LedgerTestContext> {
  const testDatabase = await createTestDatabase('ledger');
  const database = await openDatabase({ databaseUrl: testDatabase.url, maxConnections });
  const eventStore = await PostgresEventStore.open(database);
  await runMigrations(database.pool, {
    directory: PLATFORM_MIGRATIONS_DIRECTORY,
    migrationsTable: PLATFORM_MIGRATIONS_TABLE,
  });
  await runMigrations(database.pool, {
    directory: LEDGER_MIGRATIONS_DIRECTORY,
    migrationsTable: LEDGER_MIGRATIONS_TABLE,
  });
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
      // The log is readable only below the oldest transaction running anywhere in the cluster (other test files
      // included), so "caught up" can stop short: run until every projection has passed the last event written here.
      const target = await lastWrittenCheckpoint(database);
      const deadline = Date.now() + 30_000;
      for (const runner of runners) {
        for (;;) {
          await runner.catchUp();
          if (compareCheckpoints(runner.currentCheckpoint, target) >= 0) break;
          if (Date.now() > deadline)
            throw new Error(`Projection ${runner.name} did not reach position ${target.position}`);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      }
    },
    close: async () => {
      await eventStore.close();
      await database.close();
      await testDatabase.drop();
    },
  };
}

export const migrationsPath = join(__dirname, '..', '..', 'src', 'modules', 'ledger', 'infrastructure', 'migrations');
