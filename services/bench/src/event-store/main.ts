import { createTestDatabase } from '@app/event-store/src/testing';
import { DEFAULT_EVENT_STORE_BENCHMARK, formatEventStoreResults, runEventStoreBenchmark } from './event-store-benchmark';

/**
 * `npm run bench:event-store -w @app/bench`: creates a fresh database on BENCH_DATABASE_URL (default the local
 * server), runs both adapters on it side by side, prints the table and drops the database.
 * Sizes can be changed with BENCH_WRITERS and BENCH_EVENTS.
 */
export async function main(): Promise<void> {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (serverUrl) process.env.TEST_DATABASE_URL = serverUrl;
  const database = await createTestDatabase('bench_event_store');
  const options = {
    ...DEFAULT_EVENT_STORE_BENCHMARK,
    databaseUrl: database.url,
    writers: Number(process.env.BENCH_WRITERS ?? DEFAULT_EVENT_STORE_BENCHMARK.writers),
    eventsPerScenario: Number(process.env.BENCH_EVENTS ?? DEFAULT_EVENT_STORE_BENCHMARK.eventsPerScenario),
  };
  try {
    const results = await runEventStoreBenchmark(options, (line) => console.error(`[bench] ${line}`));
    console.log(formatEventStoreResults(results, options));
  } finally {
    await database.drop();
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
