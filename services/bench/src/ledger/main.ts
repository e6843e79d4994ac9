import { runWhenScript, withBenchDatabase } from '../bench-main';
import { DEFAULT_LEDGER_BENCHMARK, formatLedgerResults, runLedgerBenchmark } from './ledger-benchmark';

/**
 * `npm run bench:ledger -w @app/bench`: a fresh database on BENCH_DATABASE_URL (default the local server),
 * money-moving commands directly and over HTTP with 64 concurrent clients, then projection rebuilds; prints the tables
 * (results, and CPU per command of the machine and of each process) and drops the database. Knobs: BENCH_CLIENTS,
 * BENCH_SECONDS, BENCH_USERS, BENCH_REBUILD_EVENTS, BENCH_POOL, BENCH_HTTP=0, BENCH_DIRECT=0, BENCH_REBUILD=0,
 * BENCH_HTTP_KEYED=0 (no Idempotency-Key runs), BENCH_TOPOLOGY=all|http
 * (only one of the HTTP deployments), BENCH_API=built|source (which API, default source; see api-build.ts),
 * BENCH_RATE (offered rate of the fixed-rate scenarios, direct and HTTP, default 1000) and BENCH_RATE_SECONDS (their
 * length, default 30), BENCH_SERVER_CPU_PROFILE=<dir> (CPU profiles of the API and worker processes),
 * BENCH_SERVER_NODE_FLAGS (Node.js flags for those processes, e.g. `--trace-gc` or `--perf-basic-prof`),
 * BENCH_SERVER_OUTPUT=<prefix> (what they print, into `<prefix>-API` and `<prefix>-worker`), BENCH_SERVER_LOOP_DELAY=1
 * (their event-loop delay every 5 s), BENCH_SERVER_HEAP_PROFILE=<dir> with BENCH_SERVER_HEAP_PROFILE_SCOPE=all|promoted
 * (sampling heap profiles; see server-probes.js), BENCH_PG_STATEMENTS=1 (statements per command,
 * load/pg-statements.ts).
 */
export async function main(): Promise<void> {
  await withBenchDatabase('bench_ledger', async (databaseUrl) => {
    const options = {
      ...DEFAULT_LEDGER_BENCHMARK,
      databaseUrl,
      clients: Number(process.env.BENCH_CLIENTS ?? DEFAULT_LEDGER_BENCHMARK.clients),
      secondsPerScenario: Number(process.env.BENCH_SECONDS ?? DEFAULT_LEDGER_BENCHMARK.secondsPerScenario),
      users: Number(process.env.BENCH_USERS ?? DEFAULT_LEDGER_BENCHMARK.users),
      rebuildEvents: Number(process.env.BENCH_REBUILD_EVENTS ?? DEFAULT_LEDGER_BENCHMARK.rebuildEvents),
      poolSize: Number(process.env.BENCH_POOL ?? DEFAULT_LEDGER_BENCHMARK.poolSize),
      direct: process.env.BENCH_DIRECT !== '0',
      http: process.env.BENCH_HTTP !== '0',
      keyedHttp: process.env.BENCH_HTTP_KEYED !== '0',
      rebuild: process.env.BENCH_REBUILD !== '0',
      ratePerSecond: Number(process.env.BENCH_RATE ?? DEFAULT_LEDGER_BENCHMARK.ratePerSecond),
      rateSeconds: Number(process.env.BENCH_RATE_SECONDS ?? DEFAULT_LEDGER_BENCHMARK.rateSeconds),
    };
    const results = await runLedgerBenchmark(options, (line) => console.error(`[bench] ${line}`));
    console.log(formatLedgerResults(results, options));
  });
}

runWhenScript(module, main);
