import { runWhenScript, withBenchDatabase } from '../bench-main';
import { DEFAULT_MARKET_BENCHMARK, formatMarketResults, runMarketBenchmark } from './market-benchmark';

/**
 * `npm run bench:market -w @app/bench`: a fresh database on BENCH_DATABASE_URL (default the local server), the API in
 * its own process, then primary buys of one hot item at a fixed offered rate and in a closed loop, and the check that
 * shares and USD add up. Knobs: BENCH_MARKET_BUYERS (200), BENCH_CLIENTS (64), BENCH_MARKET_RATE (500),
 * BENCH_RATE_SECONDS (10), BENCH_CLOSED_SECONDS (10).
 */
export async function main(): Promise<void> {
  await withBenchDatabase('bench_market', async (databaseUrl) => {
    const options = {
      ...DEFAULT_MARKET_BENCHMARK,
      buyers: Number(process.env.BENCH_MARKET_BUYERS ?? DEFAULT_MARKET_BENCHMARK.buyers),
      clients: Number(process.env.BENCH_CLIENTS ?? DEFAULT_MARKET_BENCHMARK.clients),
      ratePerSecond: Number(process.env.BENCH_MARKET_RATE ?? DEFAULT_MARKET_BENCHMARK.ratePerSecond),
      rateSeconds: Number(process.env.BENCH_RATE_SECONDS ?? DEFAULT_MARKET_BENCHMARK.rateSeconds),
      closedSeconds: Number(process.env.BENCH_CLOSED_SECONDS ?? DEFAULT_MARKET_BENCHMARK.closedSeconds),
    };
    const results = await runMarketBenchmark({ ...options, databaseUrl }, (line) => console.error(`[bench] ${line}`));
    console.log(formatMarketResults(results, options));
    if (!results.conservation.conserved) process.exitCode = 1;
  });
}

runWhenScript(module, main);
