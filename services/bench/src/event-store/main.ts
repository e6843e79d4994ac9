import { runWhenScript, withBenchDatabase } from '../bench-main';
import {
  DEFAULT_EVENT_STORE_BENCHMARK,
  formatEventStoreResults,
  runEventStoreBenchmark,
} from './event-store-benchmark';

/**
 * `npm run bench:event-store -w @app/bench`: creates a fresh database on BENCH_DATABASE_URL (default the local
 * server), runs both adapters on it side by side, prints the table and drops the database.
 * Sizes can be changed with BENCH_WRITERS and BENCH_EVENTS.
 */
export async function main(): Promise<void> {
  await withBenchDatabase('bench_event_store', async (databaseUrl) => {
    const options = {
      ...DEFAULT_EVENT_STORE_BENCHMARK,
      databaseUrl,
      writers: Number(process.env.BENCH_WRITERS ?? DEFAULT_EVENT_STORE_BENCHMARK.writers),
      eventsPerScenario: Number(process.env.BENCH_EVENTS ?? DEFAULT_EVENT_STORE_BENCHMARK.eventsPerScenario),
    };
    const results = await runEventStoreBenchmark(options, (line) => console.error(`[bench] ${line}`));
    console.log(formatEventStoreResults(results, options));
  });
}

runWhenScript(module, main);
