import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const DEFAULT_TEST_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase {
  /** Connection string of the new, empty database. */
  url: string;
  name: string;
  /** Runs one statement on a connection of its own to this database (as an outside tool or person would). */
  query<Row extends pg.QueryResultRow = Record<string, unknown>>(
    text: string,
    params?: unknown[],
  ): Promise<pg.QueryResult<Row>>;
  /** Drops the database, disconnecting whatever is still connected to it. */
  drop(): Promise<void>;
}

/**
 * Creates a uniquely named, empty database on `TEST_DATABASE_URL` (default the local server) for one test file.
 * Throws with a clear message when PostgreSQL is unreachable: tests run against the real thing and never skip.
 */
export async function createTestDatabase(prefix = 't'): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL ?? DEFAULT_TEST_DATABASE_URL;
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`.toLowerCase();
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Invalid test database prefix: ${prefix}`);
  await withAdminClient(adminUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    query: (text, params) => withAdminClient(url.toString(), (client) => client.query(text, params)),
    drop: () =>
      withAdminClient(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(
        () => undefined,
      ),
  };
}

async function withAdminClient<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(
      `PostgreSQL is unreachable at ${redact(adminUrl)} (${(error as Error).message}). Tests need a real server: ` +
        'start it (pg_ctlcluster <version> main start) or set TEST_DATABASE_URL.',
    );
  }
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function redact(connectionString: string): string {
  const url = new URL(connectionString);
  if (url.password) url.password = '***';
  return url.toString();
}

/**
 * The text of every statement any `pg` client of this process sends while `work` runs (a real count of round trips,
 * for tests that pin how many statements a path takes), with what `work` returned.
 */
export async function statementsSentDuring<T>(work: () => Promise<T>): Promise<{ result: T; sent: string[] }> {
  const original = pg.Client.prototype.query;
  const sent: string[] = [];
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const config = args[0] as string | { text: string };
    sent.push(typeof config === 'string' ? config : config.text);
    return (original as (...values: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  try {
    return { result: await work(), sent };
  } finally {
    pg.Client.prototype.query = original;
  }
}
