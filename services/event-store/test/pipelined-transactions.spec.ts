import net from 'node:net';
import pg from 'pg';
import { PostgresEventStore, type Database } from '../src';
import { openAdapterDatabase } from './adapter-database';

/** How many times any socket of this process handed bytes to the kernel while `work` ran. */
async function socketWritesDuring<T>(work: () => Promise<T>): Promise<{ result: T; writes: number }> {
  const prototype = net.Socket.prototype as unknown as Record<'_write' | '_writev', (...args: unknown[]) => unknown>;
  const originals = { _write: prototype._write, _writev: prototype._writev };
  let writes = 0;
  for (const name of ['_write', '_writev'] as const) {
    prototype[name] = function (this: net.Socket, ...args: unknown[]) {
      writes += 1;
      return originals[name].apply(this, args);
    };
  }
  try {
    return { result: await work(), writes };
  } finally {
    Object.assign(prototype, originals);
  }
}

// Transactions on PostgreSQL run in pg's pipeline mode: what a unit sends in one turn leaves in one write, and an
// error anywhere in a pipelined batch still rolls the whole unit back. On PGlite (one session, not pipelined) the
// statements a unit starts together are sent one after the other, with the same answers.
describe.each([
  ['PostgreSQL', 'postgres'],
  ['PGlite', 'pglite'],
] as const)('PostgresEventStore transactions with statements started together, on %s', (_name, kind) => {
  let database: Database;
  let store: PostgresEventStore;
  let cleanUp: () => Promise<void>;

  beforeAll(async () => {
    ({ database, remove: cleanUp } = await openAdapterDatabase(kind, 'event_store_pipelined'));
    store = await PostgresEventStore.open(database);
    await database.pool.query('CREATE TABLE pipelined_rows (id integer PRIMARY KEY)');
    // PGlite's worker takes seconds to start.
  }, 60_000);

  afterAll(async () => {
    await store.close();
    await database.close();
    await cleanUp();
  });

  beforeEach(() => database.pool.query('TRUNCATE pipelined_rows'));

  it('answers each statement of a batch with its own result', async () => {
    const { result, writes } = await socketWritesDuring(() =>
      store.withTransaction((transaction) =>
        Promise.all([1, 2, 3].map((n) => transaction.query<{ n: number }>('SELECT $1::integer AS n', [n]))),
      ),
    );
    expect(result.map((answer) => answer.rows[0]!.n)).toEqual([1, 2, 3]);
    // BEGIN with the three reads in one write, COMMIT in one more (one statement per write when not pipelined).
    expect(writes).toBe(kind === 'postgres' ? 2 : 5);
  });

  it('sees its own writes in order and commits them together', async () => {
    const seen = await store.withTransaction(async (transaction) => {
      await Promise.all([1, 2].map((id) => transaction.query('INSERT INTO pipelined_rows VALUES ($1)', [id])));
      return transaction.query<{ count: string }>('SELECT count(*)::text AS count FROM pipelined_rows');
    });
    expect(seen.rows[0]!.count).toBe('2');
    const { rows } = await database.pool.query<{ id: number }>('SELECT id FROM pipelined_rows ORDER BY id');
    expect(rows.map((row) => row.id)).toEqual([1, 2]);
  });

  it('rolls back every statement of the unit when one of a pipelined batch fails, and the session is reusable', async () => {
    await expect(
      store.withTransaction((transaction) =>
        Promise.all([
          transaction.query('INSERT INTO pipelined_rows VALUES (1)'),
          transaction.query('INSERT INTO pipelined_rows VALUES (1)'),
          transaction.query('INSERT INTO pipelined_rows VALUES (2)'),
        ]),
      ),
    ).rejects.toThrow(/duplicate key/);
    const { rows } = await database.pool.query<{ count: string }>('SELECT count(*)::text AS count FROM pipelined_rows');
    expect(rows[0]!.count).toBe('0');
    // The pool's only connection went back out of pipeline mode: a plain pool query and a new unit both work.
    const client = await database.pool.connect();
    try {
      expect((client as pg.PoolClient & { pipeline: boolean }).pipeline).toBe(false);
    } finally {
      client.release();
    }
    await store.withTransaction((transaction) => transaction.query('INSERT INTO pipelined_rows VALUES (3)'));
    const after = await database.pool.query<{ id: number }>('SELECT id FROM pipelined_rows');
    expect(after.rows).toEqual([{ id: 3 }]);
  });

  it('fails a unit whose COMMIT PostgreSQL answered with ROLLBACK (a failed statement it had swallowed)', async () => {
    await expect(
      store.withTransaction(async (transaction) => {
        await transaction.query('INSERT INTO pipelined_rows VALUES (1)');
        await transaction.query('SELECT 1 / 0').catch(() => undefined);
      }),
    ).rejects.toThrow(/rolled back at its COMMIT/);
    expect(
      (await database.pool.query<{ count: string }>('SELECT count(*)::text AS count FROM pipelined_rows')).rows[0]!
        .count,
    ).toBe('0');
  });

  it('refuses a statement a unit sends after its transaction ended, instead of running it outside', async () => {
    let late: Promise<unknown> | undefined;
    await expect(
      store.withTransaction(async (transaction) => {
        const failing = transaction.query('SELECT 1 / 0');
        const slow = (async () => {
          await new Promise((resolve) => setTimeout(resolve, 100));
          late = transaction.query('INSERT INTO pipelined_rows VALUES (9)');
          await late;
        })();
        await Promise.all([failing, slow]);
      }),
    ).rejects.toThrow(/division by zero/);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await expect(late).rejects.toThrow(/after its transaction ended/);
    const { rows } = await database.pool.query<{ count: string }>('SELECT count(*)::text AS count FROM pipelined_rows');
    expect(rows[0]!.count).toBe('0');
  });
});
