import 'reflect-metadata';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { Session } from 'node:inspector/promises';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { loadConfig } from '@app/api/src/platform/config/app-config';
import { createApp } from '@app/api/src/app.module';

/**
 * The API as its own process for the HTTP benchmark (so the load generator does not share the server's thread).
 * Reads BENCH_SERVER_DATABASE_URL and BENCH_SERVER_ROLE (PROCESS_ROLE: all, or http beside a worker process),
 * prints `listening <port>` once ready, stops on SIGTERM.
 */
async function main(): Promise<void> {
  // Where this process's clock starts: `--trace-gc` prints ms since it (load-runners.ts, BENCH_LATENCY_TIMELINE).
  console.log(`time-origin ${performance.timeOrigin.toFixed(1)}`);
  const stopHeapSampling = await startHeapSampling();
  reportEventLoopDelay();
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    NODE_ENV: 'production',
    DATABASE_URL: process.env.BENCH_SERVER_DATABASE_URL,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-ledger-server-')),
    REDIS_URL: '',
    PROCESS_ROLE: process.env.BENCH_SERVER_ROLE ?? 'all',
  });
  const app = await createApp(config);
  // A worker initialises the same application and keeps projecting, without listening.
  if (config.role !== 'worker') {
    await app.listen(0, '127.0.0.1');
    console.log(`listening ${(app.getHttpServer().address() as AddressInfo).port}`);
  }
  process.once('SIGTERM', () => {
    void stopHeapSampling()
      .then(() => app.close())
      .then(() => process.exit(0));
  });
}

/**
 * BENCH_SERVER_LOOP_DELAY=1: every 5 s, how late the event loop ran a 1 ms timer (p50, p99, max, in ms), printed as
 * `loop-delay ...` lines (keep them with BENCH_SERVER_OUTPUT). A request that arrives while the loop is blocked waits
 * at least that long.
 */
function reportEventLoopDelay(): void {
  if (!process.env.BENCH_SERVER_LOOP_DELAY) return;
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  const ms = (nanoseconds: number) => (nanoseconds / 1e6).toFixed(1);
  setInterval(() => {
    console.log(`loop-delay ${new Date().toISOString()} p50 ${ms(histogram.percentile(50))} p99 ${ms(histogram.percentile(99))} max ${ms(histogram.max)}`);
    histogram.reset();
  }, 5_000).unref();
}

/**
 * BENCH_SERVER_HEAP_PROFILE=<dir>: V8's sampling heap profiler over the whole run, written as
 * `<dir>/<role>-<pid>.heapprofile` (open in Chrome's DevTools). BENCH_SERVER_HEAP_PROFILE_SCOPE picks which objects
 * are counted: `promoted` (default) keeps those that survived young-generation collections, i.e. what reaches the old
 * generation and makes mark-compacts; `all` counts every allocation, garbage included.
 */
async function startHeapSampling(): Promise<() => Promise<void>> {
  const directory = process.env.BENCH_SERVER_HEAP_PROFILE;
  if (!directory) return async () => {};
  const session = new Session();
  session.connect();
  const all = process.env.BENCH_SERVER_HEAP_PROFILE_SCOPE === 'all';
  await session.post('HeapProfiler.startSampling', {
    samplingInterval: 16_384,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: all,
  });
  return async () => {
    const { profile } = await session.post('HeapProfiler.stopSampling');
    writeFileSync(join(directory, `${process.env.BENCH_SERVER_ROLE ?? 'all'}-${process.pid}.heapprofile`), JSON.stringify(profile));
    session.disconnect();
  };
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
