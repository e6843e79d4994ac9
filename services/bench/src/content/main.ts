import { runWhenScript, withBenchDatabase } from '../bench-main';
import { DEFAULT_CONTENT_BENCHMARK, formatContentResults, runContentBenchmark } from './content-benchmark';

/**
 * `npm run bench:content -w @app/bench`: a fresh database on BENCH_DATABASE_URL (default the local server), the API in
 * its own process, 10,000 content items and 100,000 likes, then GET /api/content and the For You feed at a fixed
 * offered rate. Knobs: BENCH_CONTENT_ITEMS, BENCH_CONTENT_LIKES, BENCH_CLIENTS (default 32), BENCH_CONTENT_RATE
 * (default 500), BENCH_RATE_SECONDS (default 30).
 */
export async function main(): Promise<void> {
  await withBenchDatabase('bench_content', async (databaseUrl) => {
    const options = {
      ...DEFAULT_CONTENT_BENCHMARK,
      databaseUrl,
      items: Number(process.env.BENCH_CONTENT_ITEMS ?? DEFAULT_CONTENT_BENCHMARK.items),
      likes: Number(process.env.BENCH_CONTENT_LIKES ?? DEFAULT_CONTENT_BENCHMARK.likes),
      clients: Number(process.env.BENCH_CLIENTS ?? DEFAULT_CONTENT_BENCHMARK.clients),
      ratePerSecond: Number(process.env.BENCH_CONTENT_RATE ?? DEFAULT_CONTENT_BENCHMARK.ratePerSecond),
      rateSeconds: Number(process.env.BENCH_RATE_SECONDS ?? DEFAULT_CONTENT_BENCHMARK.rateSeconds),
    };
    const results = await runContentBenchmark(options, (line) => console.error(`[bench] ${line}`));
    console.log(formatContentResults(results, options));
  });
}

runWhenScript(module, main);
