// Preloaded (`node -r`) into every server process a benchmark starts, the built API (`node dist/main.js`) and the
// @swc-node/register one (`api-server.ts`) alike, so it is plain JavaScript: what the benchmark observes from inside.
//
// - `time-origin <epoch ms>` first: `--trace-gc` prints ms since it (load-runners.ts, BENCH_LATENCY_TIMELINE).
// - BENCH_SERVER_LOOP_DELAY=1: every 5 s, how late the event loop ran a 1 ms timer (p50, p99, max, in ms), as
//   `loop-delay ...` lines (keep them with BENCH_SERVER_OUTPUT). A request that arrives while the loop is blocked waits
//   at least that long.
// - BENCH_SERVER_HEAP_PROFILE=<dir>: V8's sampling heap profiler over the whole run, written at exit as
//   `<dir>/<role>-<pid>.heapprofile` (open in Chrome's DevTools). BENCH_SERVER_HEAP_PROFILE_SCOPE picks which objects
//   are counted: `promoted` (default) keeps those that survived young-generation collections, i.e. what reaches the old
//   generation and makes mark-compacts; `all` counts every allocation, garbage included.
// - SIGTERM ends the process through `exit`, so `--cpu-prof` and the heap profile are written: Nest's shutdown hook
//   closes the application and then sends itself the signal again, which would otherwise kill the process before its
//   exit handlers run.
'use strict';
const { writeFileSync } = require('node:fs');
const { join } = require('node:path');
const { Session } = require('node:inspector');
const { monitorEventLoopDelay } = require('node:perf_hooks');

console.log(`time-origin ${performance.timeOrigin.toFixed(1)}`);

const role = process.env.BENCH_SERVER_ROLE ?? process.env.PROCESS_ROLE ?? 'all';

if (process.env.BENCH_SERVER_LOOP_DELAY) {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  const ms = (nanoseconds) => (nanoseconds / 1e6).toFixed(1);
  setInterval(() => {
    const p50 = ms(histogram.percentile(50));
    console.log(`loop-delay ${new Date().toISOString()} p50 ${p50} p99 ${ms(histogram.percentile(99))} max ${ms(histogram.max)}`);
    histogram.reset();
  }, 5_000).unref();
}

const heapProfileDirectory = process.env.BENCH_SERVER_HEAP_PROFILE;
if (heapProfileDirectory) {
  // An in-thread inspector session answers synchronously, so the profile can be taken in an `exit` handler.
  const session = new Session();
  session.connect();
  const all = process.env.BENCH_SERVER_HEAP_PROFILE_SCOPE === 'all';
  session.post('HeapProfiler.startSampling', {
    samplingInterval: 16_384,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: all,
  });
  process.once('exit', () => {
    session.post('HeapProfiler.stopSampling', (error, result) => {
      if (error) return;
      writeFileSync(join(heapProfileDirectory, `${role}-${process.pid}.heapprofile`), JSON.stringify(result.profile));
    });
    session.disconnect();
  });
}

process.on('SIGTERM', () => {
  // Alone: the application's own handler (Nest's, or api-server.ts's) has finished and sent the signal again.
  if (process.listenerCount('SIGTERM') === 1) process.exit(0);
});
