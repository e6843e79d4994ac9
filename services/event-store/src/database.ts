import { once } from 'node:events';
import { mkdirSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import pg from 'pg';

/**
 * How to reach PostgreSQL. With `databaseUrl` the service talks to a real server; without it an embedded PGlite
 * (PostgreSQL compiled to WASM) is started and served over the wire protocol, so both modes share the `pg` code path.
 */
export interface DatabaseConfig {
  databaseUrl?: string;
  /** Where the embedded database persists its files. Default `<cwd>/.data/pglite`. */
  dataDir?: string;
  /** Pool size for a real server (default 10). The embedded mode always uses 1: PGlite has a single session. */
  maxConnections?: number;
}

export type DatabaseKind = 'postgres' | 'pglite';

export interface Database {
  pool: pg.Pool;
  kind: DatabaseKind;
  /** Connections the pool may open. 1 for PGlite: never await a second connection inside a transaction there. */
  maxConnections: number;
  /** Connection string a separate client (for example `psql` or a migration CLI) can use while this is open. */
  connectionString: string;
  close(): Promise<void>;
}

const DEFAULT_POSTGRES_POOL_SIZE = 10;

export async function openDatabase(config: DatabaseConfig = {}): Promise<Database> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl, config.maxConnections ?? DEFAULT_POSTGRES_POOL_SIZE);
  return openPglite(config.dataDir ?? join(process.cwd(), '.data', 'pglite'));
}

function openPostgres(databaseUrl: string, maxConnections: number): Database {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: maxConnections });
  // An idle client losing its server must not crash the process; the pool replaces it on the next checkout.
  pool.on('error', (error) => console.error('[database] idle client error:', error.message));
  survivesLostConnections(pool);
  let closed = false;
  return {
    pool,
    kind: 'postgres',
    maxConnections,
    connectionString: databaseUrl,
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

/**
 * A checked-out client whose server goes away (a restart, a failover, `pg_terminate_backend`) emits 'error' between
 * its queries, and the pool listens only to idle clients: without a listener of its own that error is thrown and
 * ends the process (seen: the worker died when `bench:chaos` restarted PostgreSQL at 1,000/s). Nothing more is
 * needed here: the query or transaction holding the client fails by itself, and the pool drops the client when it
 * is released, because it can no longer be queried.
 */
function survivesLostConnections(pool: pg.Pool): void {
  pool.on('connect', (client) => client.on('error', () => undefined));
}

async function openPglite(dataDir: string): Promise<Database> {
  const directory = isAbsolute(dataDir) ? dataDir : resolve(dataDir);
  mkdirSync(directory, { recursive: true });
  const worker = new Worker(join(__dirname, 'pglite-worker.js'), {
    workerData: { dataDir: directory, maxSocketConnections: 4 },
  });
  let address: string;
  // events.once removes exactly the listeners it added (rejecting on 'error'). Removing all of the worker's listeners
  // would also remove the hook by which Node keeps its message port referenced while it has 'message' listeners,
  // and the answer to 'close' then waited for close()'s 10 s timeout.
  const startup = new AbortController();
  try {
    const [message] = (await Promise.race([
      once(worker, 'message', { signal: startup.signal }),
      once(worker, 'exit', { signal: startup.signal }).then(([code]) => {
        throw new Error(`PGlite worker exited with code ${code} before it was ready`);
      }),
    ])) as [WorkerMessage];
    if (message.type !== 'ready')
      throw new Error(`PGlite failed to start: ${message.type === 'error' ? message.message : message.type}`);
    address = message.address;
  } catch (error) {
    await worker.terminate();
    throw error;
  } finally {
    startup.abort();
  }
  worker.on('error', (error) => console.error('[database] PGlite worker error:', error));
  const connectionString = `postgres://postgres@${address}/postgres`;
  // One client only: every socket connection shares PGlite's single session, so a second client could run its
  // queries inside another's open transaction. The pool queues callers instead.
  const pool = new pg.Pool({ connectionString, max: 1 });
  pool.on('error', (error) => console.error('[database] embedded client error:', error.message));
  survivesLostConnections(pool);
  let closed = false;
  return {
    pool,
    kind: 'pglite',
    maxConnections: 1,
    connectionString,
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
      // PGlite must close cleanly to flush its files; terminate only if it does not answer.
      const stopped = new Promise<void>((resolveStop) => {
        worker.once('message', () => resolveStop());
        worker.once('exit', () => resolveStop());
      });
      worker.postMessage('close');
      const timeout = new Promise<'timeout'>((resolveTimeout) =>
        setTimeout(() => resolveTimeout('timeout'), 10_000).unref(),
      );
      await Promise.race([stopped, timeout]);
      await worker.terminate();
    },
  };
}

type WorkerMessage = { type: 'ready'; address: string } | { type: 'closed' } | { type: 'error'; message: string };

export interface MigrationOptions {
  /** Folder of migration files (`<timestamp>_<name>.sql` with `-- Up Migration` / `-- Down Migration`, or .js/.ts). */
  directory: string;
  /** Table recording which of this module's migrations ran, so each module owns its own history. */
  migrationsTable: string;
}

/**
 * Applies every pending migration of one module, in one transaction, under node-pg-migrate's advisory lock
 * (waiting for it, so replicas starting together take turns). Returns the names of the migrations applied.
 */
export async function runMigrations(pool: pg.Pool, options: MigrationOptions): Promise<string[]> {
  // node-pg-migrate ships only ES modules; Node loads them through require(esm) and Jest through the preset's
  // transformIgnorePatterns exception.
  // The type path is spelled out because the repository's node10 module resolution ignores package `exports`.
  const specifier = 'node-pg-migrate';
  const { runner } = (await import(specifier)) as typeof import('node-pg-migrate/dist/bundle/index');
  const client = await pool.connect();
  try {
    const applied = await runner({
      dbClient: client,
      dir: options.directory,
      migrationsTable: options.migrationsTable,
      direction: 'up',
      count: Infinity,
      singleTransaction: true,
      advisoryLockMode: 'wait',
      checkOrder: true,
      log: () => undefined,
      logger: {
        debug: () => undefined,
        info: () => undefined,
        warn: (message: string) => console.warn(message),
        error: (message: string) => console.error(message),
      },
    });
    return applied.map((migration) => migration.name);
  } finally {
    client.release();
  }
}
