import { runWhenScript, withBenchDatabase } from '../bench-main';
import { DEFAULT_TELEMETRY_BENCHMARK, formatTelemetryResults, runTelemetryBenchmark } from './telemetry-benchmark';

/**
 * `npm run bench:telemetry -w @app/bench`: a fresh database on BENCH_DATABASE_URL (default the local server), the API
 * in its own process, then telemetry batches at a fixed offered rate. Knobs: BENCH_TELEMETRY_BATCH (100 events),
 * BENCH_TELEMETRY_RATE (120 batches/s), BENCH_RATE_SECONDS (10), BENCH_CLIENTS (32), BENCH_TELEMETRY_TARGETS (500).
 */
export async function main(): Promise<void> {
  await withBenchDatabase('bench_telemetry', async (databaseUrl) => {
    const options = {
      eventsPerBatch: Number(process.env.BENCH_TELEMETRY_BATCH ?? DEFAULT_TELEMETRY_BENCHMARK.eventsPerBatch),
      batchesPerSecond: Number(process.env.BENCH_TELEMETRY_RATE ?? DEFAULT_TELEMETRY_BENCHMARK.batchesPerSecond),
      seconds: Number(process.env.BENCH_RATE_SECONDS ?? DEFAULT_TELEMETRY_BENCHMARK.seconds),
      clients: Number(process.env.BENCH_CLIENTS ?? DEFAULT_TELEMETRY_BENCHMARK.clients),
      targets: Number(process.env.BENCH_TELEMETRY_TARGETS ?? DEFAULT_TELEMETRY_BENCHMARK.targets),
    };
    const result = await runTelemetryBenchmark({ ...options, databaseUrl }, (line) => console.error(`[bench] ${line}`));
    console.log(formatTelemetryResults(result, options));
  });
}

runWhenScript(module, main);
