import { PostgresEventStore, preparedQuery, type Database } from '../src';
import { openAdapterDatabase } from './adapter-database';

const READ = 'SELECT id, label FROM prepared_rows WHERE id = $1';

interface PreparedRow {
  count: string;
  generic_plans: string;
  custom_plans: string;
}

// A hot statement with a fixed text is prepared once per PostgreSQL connection and then runs a cached (generic) plan,
// instead of being planned on every call; on PGlite, and through a handle that cannot name statements, it runs as a
// plain query with the same answers.
describe.each([
  ['PostgreSQL', 'postgres'],
  ['PGlite', 'pglite'],
] as const)('preparedQuery on %s', (_name, kind) => {
  let database: Database;
  let store: PostgresEventStore;
  let cleanUp: () => Promise<void>;

  beforeAll(async () => {
    ({ database, remove: cleanUp } = await openAdapterDatabase(kind, 'event_store_prepared_query'));
    store = await PostgresEventStore.open(database);
    await database.pool.query('CREATE TABLE prepared_rows (id integer PRIMARY KEY, label text NOT NULL)');
    await database.pool.query(`INSERT INTO prepared_rows VALUES (1, 'one'), (2, 'two'), (3, 'three')`);
    // PGlite's worker takes seconds to start.
  }, 60_000);

  afterAll(async () => {
    await store.close();
    await database.close();
    await cleanUp();
  });

  it('answers like a plain query, call after call, and is prepared once per connection on PostgreSQL', async () => {
    const { answers, prepared } = await store.withTransaction(async (transaction) => {
      const answers = [];
      for (let call = 0; call < 8; call += 1)
        answers.push((await preparedQuery<{ id: number; label: string }>(transaction, READ, [(call % 3) + 1])).rows);
      const prepared = await transaction.query<PreparedRow>(
        `SELECT count(*)::text AS count, COALESCE(sum(generic_plans), 0)::text AS generic_plans,
                COALESCE(sum(custom_plans), 0)::text AS custom_plans
           FROM pg_prepared_statements WHERE statement = $1`,
        [READ],
      );
      return { answers, prepared: prepared.rows[0]! };
    });
    expect(answers.map((rows) => rows.map((row) => row.label).join())).toEqual([
      'one',
      'two',
      'three',
      'one',
      'two',
      'three',
      'one',
      'two',
    ]);
    if (kind === 'postgres') {
      // Parsed once; PostgreSQL plans the first five calls for their values, then keeps the generic plan.
      expect(prepared).toEqual({ count: '1', generic_plans: '3', custom_plans: '5' });
    } else {
      expect(prepared.count).toBe('0');
    }
  });

  it('runs as a plain query through a pool that cannot name statements', async () => {
    const { rows } = await preparedQuery<{ id: number; label: string }>(database.pool, READ, [2]);
    expect(rows).toEqual([{ id: 2, label: 'two' }]);
  });
});
