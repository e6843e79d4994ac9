import pg from 'pg';
import { DEFAULT_TEST_DATABASE_URL } from '@app/event-store/src/testing';
import { runWhenScript, withBenchDatabase } from '../bench-main';
import { apiBuildToRun, currentCommit, describeApi } from '../api-build';
import { DEFAULT_CHAOS, runChaos, type ChaosResult, type Fault } from './ledger-chaos';

const FAULTS: readonly Fault[] = ['API', 'worker', 'PostgreSQL'];

/**
 * `npm run bench:chaos` (root or `-w @app/bench`): converts at 1,000/s with an API beside a worker, and kills the API
 * (`kill -9`, then starts it again), then in a second run the worker, then in a third restarts PostgreSQL
 * (`pg_ctlcluster <version> <name> restart -m immediate`); prints what was acknowledged, what the log holds of it,
 * `ledger verify`'s verdict and how long 1,000/s took to come back. The PostgreSQL run needs a cluster of its own:
 * BENCH_CHAOS_PG_CLUSTER="<version> <name>" (e.g. "15 bench", made with `pg_createcluster 15 bench --port 5433
 * --start`, trust for 127.0.0.1) and BENCH_CHAOS_PG_URL (its server URL, e.g.
 * postgres://postgres@127.0.0.1:5433/postgres); without them it is skipped. Knobs: BENCH_CHAOS_FAULTS
 * (API,worker,PostgreSQL), BENCH_CHAOS_SECONDS (40), BENCH_CHAOS_FAULT_AFTER (10), BENCH_CLIENTS (128), BENCH_RATE
 * (1000), BENCH_DATABASE_URL (the other two runs' server), BENCH_API (default built). An API, worker or PostgreSQL
 * server that exits without the benchmark having killed it fails the run at once, naming it, how it ended and its last
 * lines, after every process the run started is stopped.
 */
export async function main(): Promise<void> {
  process.env.BENCH_API = apiBuildToRun('built');
  const log = (line: string) => console.error(`[chaos] ${line}`);
  const faults = (process.env.BENCH_CHAOS_FAULTS ?? FAULTS.join(',')).split(',').map((fault) => fault.trim());
  const options = {
    ...DEFAULT_CHAOS,
    clients: Number(process.env.BENCH_CLIENTS ?? DEFAULT_CHAOS.clients),
    ratePerSecond: Number(process.env.BENCH_RATE ?? DEFAULT_CHAOS.ratePerSecond),
    seconds: Number(process.env.BENCH_CHAOS_SECONDS ?? DEFAULT_CHAOS.seconds),
    faultAfterSeconds: Number(process.env.BENCH_CHAOS_FAULT_AFTER ?? DEFAULT_CHAOS.faultAfterSeconds),
  };
  // Read before any run: withBenchDatabase points TEST_DATABASE_URL at the server each run uses.
  const testsServer = process.env.TEST_DATABASE_URL ?? DEFAULT_TEST_DATABASE_URL;
  const results: ChaosResult[] = [];
  const skipped: string[] = [];
  try {
    for (const fault of faults) {
      if (!isFault(fault)) throw new Error(`BENCH_CHAOS_FAULTS: unknown fault ${fault} (API, worker, PostgreSQL)`);
      if (fault !== 'PostgreSQL') {
        const run = (databaseUrl: string) => runChaos({ ...options, databaseUrl, fault }, log);
        results.push(await withBenchDatabase('bench_chaos', run));
        continue;
      }
      const cluster = await privateCluster(testsServer);
      if ('skip' in cluster) {
        skipped.push(cluster.skip);
        log(cluster.skip);
        continue;
      }
      const run = (databaseUrl: string) => runChaos({ ...options, databaseUrl, fault, postgresCluster: cluster }, log);
      results.push(await withBenchDatabase('bench_chaos', run, cluster.url));
    }
  } catch (error) {
    // A run that failed (say, a process died that it did not kill) leaves the table of the runs before it.
    if (results.length > 0) console.log(formatChaosResults(results, options, skipped));
    throw error;
  }
  console.log(formatChaosResults(results, options, skipped));
  const failed = (result: ChaosResult) => !result.verify.ok || result.check.lost > 0 || result.check.duplicated > 0;
  if (results.some(failed)) process.exitCode = 1;
}

const isFault = (name: string): name is Fault => (FAULTS as readonly string[]).includes(name);

/**
 * The cluster the PostgreSQL fault may restart: BENCH_CHAOS_PG_CLUSTER, checked to be the one BENCH_CHAOS_PG_URL
 * reaches (its `cluster_name` is `<version>/<name>`), so the restart never hits another server than the run's, and
 * not the server the tests use (`testsServer`): other test runs on the machine share that one.
 */
async function privateCluster(
  testsServer: string,
): Promise<{ version: string; name: string; url: string } | { skip: string }> {
  const [version, name] = (process.env.BENCH_CHAOS_PG_CLUSTER ?? '').trim().split(/\s+/);
  const url = process.env.BENCH_CHAOS_PG_URL;
  if (!version || !name || !url) {
    const unset = 'no private cluster configured (BENCH_CHAOS_PG_CLUSTER, BENCH_CHAOS_PG_URL)';
    return { skip: `PostgreSQL restart skipped: ${unset}` };
  }
  const named = `${version}/${name}`;
  const reached = await clusterNameAt(url);
  if (reached !== named) {
    return { skip: `PostgreSQL restart skipped: BENCH_CHAOS_PG_URL reaches ${reached || '(unnamed)'}, not ${named}` };
  }
  // A tests' server that does not answer cannot be the one that just did.
  const shared = await clusterNameAt(testsServer).catch(() => undefined);
  if (shared === named) {
    return { skip: `PostgreSQL restart skipped: ${named} is the tests' shared server (TEST_DATABASE_URL or :5432)` };
  }
  return { version, name, url };
}

/** The `cluster_name` setting of the server at `url` (`<version>/<name>` for a Debian cluster; '' when unset). */
async function clusterNameAt(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    const { rows } = await client.query<{ cluster_name: string }>('SHOW cluster_name');
    return rows[0]?.cluster_name ?? '';
  } finally {
    await client.end();
  }
}

const seconds = (ms: number | undefined) => (ms === undefined ? 'not within the run' : `${(ms / 1000).toFixed(1)} s`);

export function formatChaosResults(results: ChaosResult[], options: typeof DEFAULT_CHAOS, skipped: string[]): string {
  const header = [
    'fault',
    'sent',
    'acknowledged',
    'present exactly once',
    'duplicated',
    'lost',
    'in doubt (in the log)',
    'refused',
    'retries',
    'ledger verify',
    'back up after',
    'longest silence',
    `answering ${options.ratePerSecond.toLocaleString('en-US')}/s again after`,
    'p99 < 50 ms again after',
    'p99 before / last 5 s',
    'projections caught up',
  ];
  const row = (result: ChaosResult) => [
    result.fault === 'PostgreSQL' ? 'PostgreSQL restart -m immediate' : `kill -9 ${result.fault}, restarted`,
    result.sent,
    result.acknowledged,
    result.check.presentOnce,
    result.check.duplicated,
    result.check.lost,
    `${result.inDoubt} (${result.check.unacknowledged})`,
    result.refused,
    result.retries,
    result.verify.ok ? 'OK' : `FAILED: ${result.verify.summary}`,
    seconds(result.restartMs),
    seconds(result.recovery.longestSilenceMs),
    seconds(result.recovery.rateBackMs),
    seconds(result.recovery.latencyBackMs),
    `${result.recovery.p99BeforeMs.toFixed(0)} / ${result.recovery.p99LastMs.toFixed(0)} ms`,
    `${seconds(result.projectionsCaughtUpMs)} after the run`,
  ];
  return [
    `bench:chaos ${new Date().toISOString()}, commit ${currentCommit()}, Node.js ${process.version}; ` +
      `the ${describeApi(apiBuildToRun('built'))} beside a worker`,
    'convert (POST /api/users/convert, a fresh Idempotency-Key each, retried under it after no answer or a 5xx) at ' +
      `${options.ratePerSecond}/s offered by ${options.clients} clients for ${options.seconds} s, ` +
      `the fault after ${options.faultAfterSeconds} s`,
    '',
    `| ${header.join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    ...results.map((result) => `| ${row(result).join(' | ')} |`),
    ...skipped.map((reason) => `\n${reason}`),
    '',
    'Goal (issue 46): every acknowledged command present exactly once, none lost, ledger verify OK.',
  ].join('\n');
}

runWhenScript(module, main);
