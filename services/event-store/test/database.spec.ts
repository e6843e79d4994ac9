import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EVENT_STORE_MIGRATIONS_TABLE, PostgresEventStore, openDatabase, runMigrations } from '../src';
import { createTestDatabase } from '../src/testing';

const moduleMigrations = {
  directory: join(__dirname, 'fixtures', 'migrations'),
  migrationsTable: 'module_things_migrations',
};

// openDatabase gives one pg code path over a real server or embedded PGlite; each module owns its migrations.
describe('openDatabase and runMigrations', () => {
  it('opens a pool on a PostgreSQL URL and applies each module’s migrations once, in its own table', async () => {
    const testDatabase = await createTestDatabase('event_store_db');
    const database = await openDatabase({ databaseUrl: testDatabase.url, maxConnections: 3 });
    try {
      expect(database.kind).toBe('postgres');
      expect(database.maxConnections).toBe(3);
      await PostgresEventStore.open(database);
      expect(await runMigrations(database.pool, moduleMigrations)).toEqual(['1763700000001_module-table']);
      expect(await runMigrations(database.pool, moduleMigrations)).toEqual([]);
      const tables = await database.pool.query<{ table_name: string }>(
        "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name",
      );
      expect(tables.rows.map((row) => row.table_name)).toEqual(
        ['event_store_migrations', 'events', 'module_things', 'module_things_migrations', 'streams'].sort(),
      );
      const history = await database.pool.query(`SELECT name FROM ${EVENT_STORE_MIGRATIONS_TABLE}`);
      expect(history.rows).toEqual([
        { name: '1763700000000_event-store' },
        { name: '1763700000002_events-primary-key' },
        { name: '1763700000003_streams-last-transaction' },
        { name: '1763700000004_fast-append-guard' },
        { name: '1763700000005_append-alongside' },
      ]);
    } finally {
      await database.close();
      await testDatabase.drop();
    }
  });

  it('survives the server dropping a checked-out connection between its queries (restart, failover)', async () => {
    const testDatabase = await createTestDatabase('event_store_lost');
    const database = await openDatabase({ databaseUrl: testDatabase.url, maxConnections: 2 });
    const uncaught: Error[] = [];
    const onUncaught = (error: Error) => uncaught.push(error);
    // Jest reports an uncaught exception as a failure of some test; catch it here to assert on it.
    process.on('uncaughtException', onUncaught);
    try {
      const client = await database.pool.connect();
      const backend = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      const lost = new Promise((resolve) => client.once('end', resolve));
      await testDatabase.query('SELECT pg_terminate_backend($1)', [backend.rows[0]!.pid]);
      await lost;
      await expect(client.query('SELECT 1')).rejects.toThrow();
      client.release(true);
      expect(uncaught).toEqual([]);
      const again = await database.pool.query<{ one: number }>('SELECT 1 AS one');
      expect(again.rows).toEqual([{ one: 1 }]);
    } finally {
      process.off('uncaughtException', onUncaught);
      await database.close();
      await testDatabase.drop();
    }
  });

  it('fails loudly, not silently, when PostgreSQL cannot be reached', async () => {
    const previous = process.env.TEST_DATABASE_URL;
    process.env.TEST_DATABASE_URL = 'postgres://postgres@127.0.0.1:1/postgres';
    try {
      await expect(createTestDatabase()).rejects.toThrow(/PostgreSQL is unreachable/);
    } finally {
      if (previous === undefined) delete process.env.TEST_DATABASE_URL;
      else process.env.TEST_DATABASE_URL = previous;
    }
  });

  it('runs embedded PGlite through the same pg pool (one connection) and keeps its data across a restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'event-store-persist-'));
    try {
      const first = await openDatabase({ dataDir });
      expect(first.kind).toBe('pglite');
      expect(first.maxConnections).toBe(1);
      const store = await PostgresEventStore.open(first);
      await store.append([
        { streamId: 'kept', expectedVersion: 'no_stream', events: [{ type: 'Kept', data: { value: 1 } }] },
      ]);
      await store.close();
      const closing = Date.now();
      await first.close();
      // PGlite answers 'close' within milliseconds and close() stops waiting for that answer after 10 s, so this
      // tells a clean close from the fallback (which once made every embedded shutdown take 10 s).
      expect(Date.now() - closing).toBeLessThan(5_000);

      const second = await openDatabase({ dataDir });
      const reopened = await PostgresEventStore.open(second);
      const events = await reopened.readStream('kept');
      expect(events.map((event) => event.data)).toEqual([{ value: 1 }]);
      await reopened.close();
      await second.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
