import type pg from 'pg';

/**
 * BENCH_PG_STATEMENTS=1: which statements PostgreSQL ran per command during one scenario, from pg_stat_statements
 * (the server needs `shared_preload_libraries = pg_stat_statements` and `pg_stat_statements.track = top`, which a
 * private benchmark cluster can have; nothing is changed on the server). A statement run per command shows as about
 * 1 call per command at every rate; one run per batch, per poll or per timer shows as fewer calls per command
 * saturated than at a moderate fixed rate.
 */
export interface StatementCount {
  query: string;
  callsPerCommand: number;
  /** Execution time per command, ms (planning excluded). */
  msPerCommand: number;
  /** Plans made per call (0 with a cached generic plan; counted only with `pg_stat_statements.track_planning`). */
  plansPerCall: number;
  /** Planning time per command, ms (0 unless `pg_stat_statements.track_planning`). */
  planMsPerCommand: number;
}

/** What the server did per command besides statements: commits and WAL flushes (cluster-wide, pg_stat_wal). */
export interface ServerCounts {
  commitsPerCommand: number;
  walSyncsPerCommand: number;
  walWritesPerCommand: number;
}

export interface StatementCounter {
  /** Statements per command since `start` (this database only), the most called first; [] when not available. */
  perCommand(commands: number): Promise<{ statements: StatementCount[]; server: ServerCounts }>;
}

const SERVER_COUNTERS = `SELECT wal_sync::float8 AS syncs, wal_write::float8 AS writes,
  (SELECT xact_commit FROM pg_stat_database WHERE datname = current_database())::float8 AS commits FROM pg_stat_wal`;

/** Resets the server's statement statistics and counts from now; undefined unless asked for and available. */
export async function countStatements(
  pool: pg.Pool,
  log: (line: string) => void,
): Promise<StatementCounter | undefined> {
  if (process.env.BENCH_PG_STATEMENTS !== '1') return undefined;
  try {
    await pool.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    const { rows } = await pool.query<{ track: string }>("SELECT current_setting('pg_stat_statements.track') AS track");
    if (rows[0]?.track === 'none') throw new Error('pg_stat_statements.track is none');
    await pool.query('SELECT pg_stat_statements_reset()');
  } catch (error) {
    const why = (error as Error).message;
    log(`BENCH_PG_STATEMENTS: pg_stat_statements is not available here (${why}); see load/pg-statements.ts`);
    return undefined;
  }
  const before = (await pool.query<{ commits: number; syncs: number; writes: number }>(SERVER_COUNTERS)).rows[0]!;
  return {
    async perCommand(commands) {
      const after = (await pool.query<{ commits: number; syncs: number; writes: number }>(SERVER_COUNTERS)).rows[0]!;
      const { rows } = await pool.query<{ query: string; calls: string; plans: string; ms: number; plan_ms: number }>(
        `SELECT regexp_replace(query, '\\s+', ' ', 'g') AS query, calls::text, plans::text, total_exec_time AS ms,
                total_plan_time AS plan_ms
           FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
          ORDER BY calls DESC`,
      );
      return {
        statements: rows.map((row) => ({
          query: row.query,
          callsPerCommand: Number(row.calls) / commands,
          msPerCommand: row.ms / commands,
          plansPerCall: Number(row.plans) / Math.max(1, Number(row.calls)),
          planMsPerCommand: row.plan_ms / commands,
        })),
        server: {
          commitsPerCommand: (after.commits - before.commits) / commands,
          walSyncsPerCommand: (after.syncs - before.syncs) / commands,
          walWritesPerCommand: (after.writes - before.writes) / commands,
        },
      };
    },
  };
}

/**
 * The counts as lines: the totals per command, then per statement its calls, execution and planning ms per command,
 * plans per call and the statement's start.
 */
export function formatStatementCounts(
  scenario: string,
  counts: { statements: StatementCount[]; server: ServerCounts },
): string[] {
  const sum = (field: 'callsPerCommand' | 'msPerCommand' | 'planMsPerCommand') =>
    counts.statements.reduce((total, count) => total + count[field], 0);
  const total = sum('callsPerCommand');
  const { commitsPerCommand, walSyncsPerCommand, walWritesPerCommand } = counts.server;
  return [
    `${scenario}: ${total.toFixed(2)} statements, ${commitsPerCommand.toFixed(3)} commits, ` +
      `${walWritesPerCommand.toFixed(3)} WAL writes and ${walSyncsPerCommand.toFixed(3)} WAL syncs per command; ` +
      `statements ran ${sum('msPerCommand').toFixed(3)} ms and were planned ${sum('planMsPerCommand').toFixed(3)} ms ` +
      'per command; calls/command, exec ms/command, planning ms/command, plans/call:',
    ...counts.statements
      .filter((count) => count.callsPerCommand >= 0.001)
      .map(
        ({ callsPerCommand, msPerCommand, planMsPerCommand, plansPerCall, query }) =>
          `  ${callsPerCommand.toFixed(3).padStart(8)} ${msPerCommand.toFixed(3).padStart(7)} ms ` +
          `${planMsPerCommand.toFixed(3).padStart(7)} ms ${plansPerCall.toFixed(2).padStart(5)}  ` +
          query.slice(0, 140),
      ),
  ];
}

/** Runs one scenario and, with BENCH_PG_STATEMENTS=1, logs the statements PostgreSQL ran per command meanwhile. */
export async function withStatementCounts<Result extends { name: string; commands: number; refused: number }>(
  pool: pg.Pool,
  log: (line: string) => void,
  scenario: () => Promise<Result>,
): Promise<Result> {
  const counter = await countStatements(pool, log);
  const result = await scenario();
  if (!counter) return result;
  const counts = await counter.perCommand(result.commands + result.refused);
  for (const line of formatStatementCounts(result.name, counts)) log(line);
  return result;
}
