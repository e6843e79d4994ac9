import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, PostgresEventStore, runMigrations, type Database, type EventStore } from '@app/event-store';
import { PLATFORM_MIGRATIONS_DIRECTORY, PLATFORM_MIGRATIONS_TABLE } from '../../src/platform/database/database.module';
import { ProjectionRunner } from '../../src/platform/projections/projection-runner';
import { eventually } from './support/eventually';
import { exampleProjection, silentLogger } from './support/example-projection';
import { appendExampleEvents, expectedExampleTotals, readExampleTotals } from './support/test-store';

// Embedded mode has ONE connection: the runner must never ask the pool for a second one inside a transaction, and
// a rebuild must interleave with live batches and readers on that single session.
describe('ProjectionRunner on embedded PGlite (one connection)', () => {
  let dataDirectory: string;
  let database: Database;
  let eventStore: EventStore;

  beforeAll(async () => {
    dataDirectory = mkdtempSync(join(tmpdir(), 'api-projection-pglite-'));
    database = await openDatabase({ dataDir: dataDirectory });
    eventStore = await PostgresEventStore.open(database);
    await runMigrations(database.pool, {
      directory: PLATFORM_MIGRATIONS_DIRECTORY,
      migrationsTable: PLATFORM_MIGRATIONS_TABLE,
    });
  }, 120_000);
  afterAll(async () => {
    await eventStore?.close();
    await database?.close();
    rmSync(dataDirectory, { recursive: true, force: true });
  }, 30_000);

  it('folds live, rebuilds while serving, swaps, and keeps folding', async () => {
    expect(database.kind).toBe('pglite');
    await appendExampleEvents(eventStore, 600, { perAppend: 200 });
    const runner = new ProjectionRunner(exampleProjection(), eventStore, database.pool, {
      ownerId: 'embedded',
      pollIntervalMs: 20,
      leaseDurationMs: 2_000,
      batchSize: 100,
      logger: silentLogger,
    });
    await runner.initialize();
    runner.start();
    const live = await eventually(async () => {
      const rows = await readExampleTotals(database);
      expect(rows).toEqual(expectedExampleTotals(600));
      return rows;
    });
    const served: unknown[] = [];
    const reads: Promise<void>[] = [];
    await runner.rebuild((progress) => {
      if (progress.phase === 'building') reads.push(readExampleTotals(database).then((rows) => void served.push(rows)));
    });
    await Promise.all(reads);
    expect(served.length).toBeGreaterThan(0);
    for (const rows of served) expect(rows).toEqual(live);
    expect(await readExampleTotals(database)).toEqual(live);
    await appendExampleEvents(eventStore, 60, { offset: 600, perAppend: 60 });
    await eventually(async () => expect(await readExampleTotals(database)).toEqual(expectedExampleTotals(660)));
    await runner.stop();
    expect((await database.pool.query('select count(*)::int as count from projection_leases')).rows[0].count).toBe(0);
  }, 90_000);
});
