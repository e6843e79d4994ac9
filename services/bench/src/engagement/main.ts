import { runWhenScript, withBenchDatabase } from '../bench-main';
import { DEFAULT_LIKE_BENCHMARK, formatLikeResults, runLikeBenchmark } from './like-benchmark';

/**
 * `npm run bench:engagement -w @app/bench`: a fresh database on BENCH_DATABASE_URL (default the local server), the API
 * in its own process (one process doing everything, then an HTTP process beside a projection worker), then the like
 * command at a fixed offered rate in each, and one hot item liked by every user at once. Knobs: BENCH_LIKE_USERS
 * (1,000), BENCH_LIKE_ITEMS (10,000), BENCH_LIKE_SEEDED (100,000 likes before measuring), BENCH_CLIENTS (256),
 * BENCH_LIKE_RATE (1,000), BENCH_RATE_SECONDS (10), BENCH_TOPOLOGY (all or http: one deployment only),
 * BENCH_LATENCY_TIMELINE=<prefix> (each like's latency by when it was sent; see load-runners.ts).
 */
export async function main(): Promise<void> {
  await withBenchDatabase('bench_likes', async (databaseUrl) => {
    const options = {
      ...DEFAULT_LIKE_BENCHMARK,
      users: Number(process.env.BENCH_LIKE_USERS ?? DEFAULT_LIKE_BENCHMARK.users),
      items: Number(process.env.BENCH_LIKE_ITEMS ?? DEFAULT_LIKE_BENCHMARK.items),
      seededLikes: Number(process.env.BENCH_LIKE_SEEDED ?? DEFAULT_LIKE_BENCHMARK.seededLikes),
      clients: Number(process.env.BENCH_CLIENTS ?? DEFAULT_LIKE_BENCHMARK.clients),
      ratePerSecond: Number(process.env.BENCH_LIKE_RATE ?? DEFAULT_LIKE_BENCHMARK.ratePerSecond),
      rateSeconds: Number(process.env.BENCH_RATE_SECONDS ?? DEFAULT_LIKE_BENCHMARK.rateSeconds),
    };
    const results = await runLikeBenchmark({ ...options, databaseUrl: databaseUrl }, (line) =>
      console.error(`[bench] ${line}`),
    );
    console.log(formatLikeResults(results, options));
  });
}

runWhenScript(module, main);
