import { loadavg } from 'node:os';
import { runWhenScript } from '../bench-main';
import { apiBuildToRun, ensureBuiltApi } from '../api-build';
import { DEFAULT_QUICK, formatQuickResults, runQuickBenchmark } from './quick-benchmark';

/**
 * `npm run bench:quick` (root or `-w @app/bench`), under 3 minutes: the hot write paths against issue 46's goals
 * (like, convert, hot-item buy at their fixed rates; CPU per command split PostgreSQL · API · worker), as one markdown
 * table on stdout. Measures the built API unless BENCH_API=source; builds it first when its sources changed (not
 * timed). Knobs: BENCH_DATABASE_URL (a server of its own gives PostgreSQL figures nobody else's work is in),
 * BENCH_RATE_SECONDS (10), BENCH_SECONDS (saturated runs, 5), and the server knobs of `npm run bench:ledger`.
 */
export async function main(): Promise<void> {
  process.env.BENCH_API = apiBuildToRun('built');
  const log = (line: string) => console.error(`[bench] ${line}`);
  if (process.env.BENCH_API === 'built') ensureBuiltApi(log);
  const startedAt = new Date();
  const loadBefore = loadavg();
  const rows = await runQuickBenchmark({
    rateSeconds: Number(process.env.BENCH_RATE_SECONDS ?? DEFAULT_QUICK.rateSeconds),
    saturatedSeconds: Number(process.env.BENCH_SECONDS ?? DEFAULT_QUICK.saturatedSeconds),
    log,
  });
  console.log(formatQuickResults(rows, { startedAt, loadBefore, seconds: (Date.now() - startedAt.getTime()) / 1000 }));
}

runWhenScript(module, main);
