import { BatchPause } from '../../src/platform/projections/batch-pause';
import { defineProjection } from '../../src/platform/projections/projection';
import { ProjectionRunner } from '../../src/platform/projections/projection-runner';
import { exampleProjection, silentLogger } from './support/example-projection';
import { appendExampleEvents, expectedExampleTotals, openTestStore, readExampleTotals, type TestStore } from './support/test-store';

jest.setTimeout(60_000);

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

describe('BatchPause', () => {
  it('runs its full length without a poke, ends early on one, but never before its earliest end', async () => {
    const pause = new BatchPause();
    let started = Date.now();
    await pause.wait(60);
    expect(Date.now() - started).toBeGreaterThanOrEqual(55);

    started = Date.now();
    const poked = pause.wait(5_000);
    setTimeout(() => pause.poke(), 20);
    await poked;
    expect(Date.now() - started).toBeLessThan(1_000);

    started = Date.now();
    const held = pause.wait(5_000, started + 150);
    setTimeout(() => pause.poke(), 10);
    await held;
    expect(Date.now() - started).toBeGreaterThanOrEqual(145);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('ends at once on stop, even before its earliest end', async () => {
    const pause = new BatchPause();
    const started = Date.now();
    const stopped = pause.wait(5_000, started + 5_000);
    setTimeout(() => pause.stop(), 10);
    await stopped;
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});

describe('projection runners woken by commits', () => {
  let store: TestStore;
  beforeEach(async () => {
    store = await openTestStore('api_projection_wakeups');
  });
  afterEach(() => store?.close());

  /** A runner that would poll only every 10 s, poked by the store after every commit, counting its batches. */
  const startRunner = async (minBatchIntervalMs: number) => {
    let batches = 0;
    const counted = defineProjection({
      ...exampleProjection(),
      async handle(events, transaction, tables) {
        batches += 1;
        await exampleProjection().handle(events, transaction, tables);
      },
    });
    const runner = new ProjectionRunner(counted, store.eventStore, store.database.pool, {
      ownerId: 'wakeups',
      pollIntervalMs: 10_000,
      leaseDurationMs: 30_000,
      batchSize: 500,
      minBatchIntervalMs,
      logger: silentLogger,
    });
    await runner.initialize();
    const stopWaking = store.eventStore.onAppended(() => runner.poke());
    runner.start();
    await sleep(100); // its first (empty) batch and the start of its 10 s pause
    return {
      batches: () => batches,
      async stop() {
        stopWaking();
        await runner.stop();
      },
    };
  };
  const projectedWithin = async (count: number, milliseconds: number) => {
    const deadline = Date.now() + milliseconds;
    while (Date.now() < deadline) {
      if (JSON.stringify(await readExampleTotals(store.database)) === JSON.stringify(expectedExampleTotals(count))) return true;
      await sleep(20);
    }
    return false;
  };

  it('projects a commit within moments, not at the next poll', async () => {
    const runner = await startRunner(0);
    try {
      await appendExampleEvents(store.eventStore, 5);
      expect(await projectedWithin(5, 3_000)).toBe(true);
    } finally {
      await runner.stop();
    }
  });

  it('under a stream of commits starts batches at most once per minimum interval, and still projects every event', async () => {
    const runner = await startRunner(300);
    try {
      await appendExampleEvents(store.eventStore, 1);
      expect(await projectedWithin(1, 3_000)).toBe(true); // idle before: the first commit is projected at once
      const before = runner.batches();
      const started = Date.now();
      for (let index = 1; index <= 30; index += 1) {
        await appendExampleEvents(store.eventStore, 1, { offset: index });
        await sleep(20);
      }
      const elapsed = Date.now() - started;
      expect(await projectedWithin(31, 5_000)).toBe(true);
      const batches = runner.batches() - before;
      // 30 commits over `elapsed` ms: without the interval, about one batch each.
      expect(batches).toBeLessThanOrEqual(Math.ceil(elapsed / 300) + 2);
      expect(batches).toBeLessThan(30);
    } finally {
      await runner.stop();
    }
  });
});
