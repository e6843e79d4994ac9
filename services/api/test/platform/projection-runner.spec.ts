import { CHECKPOINT_START } from '@app/event-store';
import { statementsSentDuring } from '@app/event-store/src/testing';
import { defineProjection } from '../../src/platform/projections/projection';
import { ProjectionRunner, type ProjectionRunnerOptions } from '../../src/platform/projections/projection-runner';
import { EXAMPLE_EVENT, exampleProjection, silentLogger } from './support/example-projection';
import { eventually } from './support/eventually';
import {
  appendExampleEvents,
  expectedExampleTotals,
  openTestStore,
  readExampleTotals,
  settledHead,
  type TestStore,
} from './support/test-store';

const options = (ownerId: string, overrides: Partial<ProjectionRunnerOptions> = {}): ProjectionRunnerOptions => ({
  ownerId,
  pollIntervalMs: 10,
  // Long enough that a loaded machine's pauses do not cost a runner its lease mid-test (takeover tests set their own).
  leaseDurationMs: 5_000,
  batchSize: 100,
  logger: silentLogger,
  ...overrides,
});

async function waitFor(condition: () => Promise<boolean> | boolean, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('Timed out waiting for a condition');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('ProjectionRunner on PostgreSQL', () => {
  let store: TestStore;

  beforeEach(async () => {
    store = await openTestStore('api_projections');
  }, 180_000);
  afterEach(() => store?.close());

  const checkpointRow = async (name = 'example_totals') =>
    (
      await store.database.pool.query(
        'select transaction_id::text, position::text, version from projection_checkpoints where name = $1',
        [name],
      )
    ).rows[0];

  jest.setTimeout(180_000);

  it('commits a batch’s rows and its checkpoint together, or neither', async () => {
    // Proves atomicity: a handler that fails after writing some rows leaves no row and no checkpoint movement.
    const failing = defineProjection({
      ...exampleProjection(),
      async handle(events, transaction, tables) {
        await exampleProjection().handle(events.slice(0, 3), transaction, tables);
        throw new Error('handler broke half-way');
      },
    });
    await appendExampleEvents(store.eventStore, 10);
    const runner = new ProjectionRunner(failing, store.eventStore, store.database.pool, options('owner-a'));
    await runner.initialize();
    await eventually(() => expect(runner.catchUp()).rejects.toThrow('handler broke half-way'));
    expect(await readExampleTotals(store.database)).toEqual({});
    expect(await checkpointRow()).toMatchObject({ transaction_id: '0', position: '0' });

    // The same events through a working handler: everything lands once, and the checkpoint is at the head.
    const working = new ProjectionRunner(
      exampleProjection(),
      store.eventStore,
      store.database.pool,
      options('owner-a'),
    );
    await working.initialize();
    await eventually(async () => {
      await working.catchUp();
      expect(await readExampleTotals(store.database)).toEqual(expectedExampleTotals(10));
    });
    const head = await settledHead(store);
    expect(await checkpointRow()).toMatchObject({
      transaction_id: head.transactionId.toString(),
      position: head.position.toString(),
    });
  });

  it('never applies a batch twice: a runner with a stale checkpoint cannot commit it again', async () => {
    // Simulates a process that handled a batch, committed, then crashed before noting its new position.
    await appendExampleEvents(store.eventStore, 300);
    const first = new ProjectionRunner(exampleProjection(), store.eventStore, store.database.pool, options('owner-a'));
    const stale = new ProjectionRunner(exampleProjection(), store.eventStore, store.database.pool, options('owner-a'));
    await first.initialize();
    await stale.initialize();
    const before = await eventually(async () => {
      await first.catchUp();
      const rows = await readExampleTotals(store.database);
      expect(rows).toEqual(expectedExampleTotals(300));
      return rows;
    });
    expect(stale.currentCheckpoint).toMatchObject(CHECKPOINT_START);
    await expect(stale.processNextBatch()).rejects.toThrow();
    expect(await readExampleTotals(store.database)).toEqual(before);
    // Re-running the up-to-date runner is a no-op too.
    await first.catchUp();
    expect(await readExampleTotals(store.database)).toEqual(before);
  });

  it('rebuilds into fresh tables while the live table keeps answering, then swaps; the result equals the live fold', async () => {
    await appendExampleEvents(store.eventStore, 2_000);
    const runner = new ProjectionRunner(
      exampleProjection({ delayMsPerBatch: 5 }),
      store.eventStore,
      store.database.pool,
      options('owner-a', { batchSize: 200 }),
    );
    await runner.initialize();
    runner.start();
    const live = await eventually(async () => {
      const rows = await readExampleTotals(store.database);
      expect(rows).toEqual(expectedExampleTotals(2_000));
      return rows;
    });

    const progress: { eventsDone: number; eventsTotal: number; eventsPerSecond: number; phase: string }[] = [];
    const servedDuringRebuild: unknown[] = [];
    const reads: Promise<void>[] = [];
    await runner.rebuild((update) => {
      progress.push(update);
      if (update.phase === 'building')
        reads.push(readExampleTotals(store.database).then((rows) => void servedDuringRebuild.push(rows)));
    });
    await Promise.all(reads);

    // While building, readers saw the complete live table.
    expect(servedDuringRebuild.length).toBeGreaterThan(3);
    for (const rows of servedDuringRebuild) expect(rows).toEqual(live);
    // Progress climbed to the total, with a rate.
    const building = progress.filter((update) => update.phase === 'building');
    expect(building.map((update) => update.eventsDone)).toEqual(
      [...building.map((update) => update.eventsDone)].sort((a, b) => a - b),
    );
    // Every event in the log when it started (unless another database's open transaction held the safe end back;
    // then the live runner folds the rest into the swapped-in table, checked below).
    const last = progress.at(-1);
    expect(last).toMatchObject({ phase: 'completed', eventsDone: last?.eventsTotal });
    expect(last?.eventsDone).toBeGreaterThan(0);
    expect(last?.eventsDone).toBeLessThanOrEqual(2_000);
    expect(last?.eventsPerSecond).toBeGreaterThan(0);
    const rebuildRow = (
      await store.database.pool.query(`select status, events_done::int, events_total::int from projection_rebuilds`)
    ).rows;
    expect(rebuildRow).toEqual([
      { status: 'completed', events_done: last?.eventsDone, events_total: last?.eventsDone },
    ]);

    // After the swap: same rows, no leftover tables, and the live runner carries on into the new table.
    await eventually(async () => expect(await readExampleTotals(store.database)).toEqual(live));
    const tables = (
      await store.database.pool.query(`select tablename from pg_tables where tablename like 'example_totals%'`)
    ).rows;
    expect(tables).toEqual([{ tablename: 'example_totals' }]);
    await appendExampleEvents(store.eventStore, 150, { offset: 2_000 });
    await waitFor(
      async () =>
        JSON.stringify(await readExampleTotals(store.database)) === JSON.stringify(expectedExampleTotals(2_150)),
    );
    await runner.stop();
  }, 180_000);

  it('keeps serving and folding new events that arrive during a rebuild', async () => {
    await appendExampleEvents(store.eventStore, 1_000);
    const runner = new ProjectionRunner(
      exampleProjection({ delayMsPerBatch: 10 }),
      store.eventStore,
      store.database.pool,
      options('owner-a', { batchSize: 100 }),
    );
    await runner.initialize();
    runner.start();
    let appended = 0;
    await runner.rebuild((update) => {
      // Writers keep writing during the rebuild.
      if (update.phase === 'building' && appended < 5) {
        appended += 1;
        void appendExampleEvents(store.eventStore, 20, { offset: 1_000 + (appended - 1) * 20, perAppend: 20 });
      }
    });
    await waitFor(
      async () =>
        JSON.stringify(await readExampleTotals(store.database)) === JSON.stringify(expectedExampleTotals(1_100)),
    );
    await runner.stop();
  }, 180_000);

  it('builds the readers’ indexes once a rebuild has caught up, folds what arrived meanwhile, then swaps', async () => {
    await appendExampleEvents(store.eventStore, 600);
    const gate = 424_242;
    const runner = new ProjectionRunner(
      exampleProjection({ indexGate: gate }),
      store.eventStore,
      store.database.pool,
      options('owner-a'),
    );
    await runner.initialize();
    const indexesOf = async () =>
      (
        await store.database.pool.query(
          `select indexname from pg_indexes where tablename = 'example_totals' order by indexname`,
        )
      ).rows.map((row) => row.indexname);
    // Live tables get their indexes when they are created.
    expect(await indexesOf()).toEqual(['example_totals_amount_index', 'example_totals_pkey']);
    // The index build waits on this lock until 40 more events are committed and readable.
    const gateHolder = await store.database.pool.connect();
    await gateHolder.query('select pg_advisory_lock($1)', [gate]);
    const phases: string[] = [];
    let appending: Promise<void> | undefined;
    await runner.rebuild((update) => {
      if (phases.at(-1) !== update.phase) phases.push(update.phase);
      if (update.phase === 'indexing' && !appending) {
        appending = (async () => {
          await appendExampleEvents(store.eventStore, 40, { offset: 600, perAppend: 40 });
          await settledHead(store);
          await gateHolder.query('select pg_advisory_unlock($1)', [gate]);
          gateHolder.release();
        })();
      }
    });
    await appending;
    expect(phases).toEqual(['building', 'indexing', 'building', 'swapping', 'completed']);
    // The rebuild folded the 40 events itself (the live runner never started) and swapped in indexed tables.
    expect(await readExampleTotals(store.database)).toEqual(expectedExampleTotals(640));
    const renamed = await indexesOf();
    expect(renamed).toHaveLength(2);
    expect(renamed.some((name) => name.endsWith('_amount_index'))).toBe(true);
  }, 180_000);

  it('rebuilds at start when the projection’s version changed', async () => {
    await appendExampleEvents(store.eventStore, 500);
    const version1 = new ProjectionRunner(
      exampleProjection({ version: 1 }),
      store.eventStore,
      store.database.pool,
      options('owner-a'),
    );
    await version1.initialize();
    await eventually(async () => {
      await version1.catchUp();
      expect(await readExampleTotals(store.database)).toEqual(expectedExampleTotals(500));
    });
    const version2 = new ProjectionRunner(
      exampleProjection({ version: 2 }),
      store.eventStore,
      store.database.pool,
      options('owner-b'),
    );
    await version2.initialize();
    await version1.stop();
    version2.start();
    await waitFor(async () => (await checkpointRow())?.version === 2 && version2.status === 'live');
    await eventually(async () => expect(await readExampleTotals(store.database)).toEqual(expectedExampleTotals(500)));
    await version2.stop();
  }, 180_000);

  it('lets exactly one of two runners write; the other takes over when the first stops', async () => {
    // Two "processes" (owner ids) race for the same projection while events keep arriving.
    const first = new ProjectionRunner(
      exampleProjection(),
      store.eventStore,
      store.database.pool,
      options('process-1'),
    );
    const second = new ProjectionRunner(
      exampleProjection(),
      store.eventStore,
      store.database.pool,
      options('process-2'),
    );
    await Promise.all([first.initialize(), second.initialize()]);
    first.start();
    second.start();
    for (let round = 0; round < 5; round += 1)
      await appendExampleEvents(store.eventStore, 100, { offset: round * 100 });
    await waitFor(
      async () =>
        JSON.stringify(await readExampleTotals(store.database)) === JSON.stringify(expectedExampleTotals(500)),
    );
    await waitFor(() => [first.status, second.status].sort().join() === 'live,standby');
    const leader = first.status === 'live' ? first : second;
    const follower = leader === first ? second : first;
    const lease = (await store.database.pool.query('select owner_id from projection_leases')).rows;
    expect(lease).toEqual([{ owner_id: leader === first ? 'process-1' : 'process-2' }]);

    await leader.stop();
    await appendExampleEvents(store.eventStore, 100, { offset: 500 });
    await waitFor(
      async () =>
        JSON.stringify(await readExampleTotals(store.database)) === JSON.stringify(expectedExampleTotals(600)),
    );
    await waitFor(() => follower.status === 'live');
    await follower.stop();
  }, 180_000);

  it('takes over a lease only once it has expired', async () => {
    // A crashed process left its lease behind: nobody may write until it expires, then a runner takes over.
    await appendExampleEvents(store.eventStore, 50);
    await store.database.pool.query(
      `insert into projection_leases (name, owner_id, expires_at) values ('example_totals', 'crashed', clock_timestamp() + interval '700 milliseconds')`,
    );
    const runner = new ProjectionRunner(
      exampleProjection(),
      store.eventStore,
      store.database.pool,
      options('survivor', { leaseDurationMs: 300 }),
    );
    await runner.initialize();
    runner.start();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(runner.status).toBe('standby');
    expect(await readExampleTotals(store.database)).toEqual({});
    await waitFor(() => runner.status === 'live');
    await eventually(async () => expect(await readExampleTotals(store.database)).toEqual(expectedExampleTotals(50)));
    await runner.stop();
  }, 180_000);

  it('only hands the event types it declared to the handler, yet moves past the others', async () => {
    await store.eventStore.append([
      { streamId: 'other-1', expectedVersion: 'any', events: [{ type: 'SomethingElse', data: { amount: 5 } }] },
    ]);
    await appendExampleEvents(store.eventStore, 3);
    expect(EXAMPLE_EVENT).toBe('ExampleCounted');
    const runner = new ProjectionRunner(exampleProjection(), store.eventStore, store.database.pool, options('owner-a'));
    await runner.initialize();
    await eventually(async () => {
      await runner.catchUp();
      expect(await readExampleTotals(store.database)).toEqual(expectedExampleTotals(3));
    });
    expect(Object.keys(await readExampleTotals(store.database))).not.toContain('other-1');
    expect(await runner.lag(await settledHead(store))).toBe(0);
  });

  it('moves past events it ignores without a transaction each, and saves that progress within skippedProgressSaveMs', async () => {
    const runner = new ProjectionRunner(
      exampleProjection(),
      store.eventStore,
      store.database.pool,
      options('owner-a', { skippedProgressSaveMs: 60_000, leaseDurationMs: 60_000 }),
    );
    await runner.initialize();
    await runner.catchUp();
    const saved = await checkpointRow();
    for (let index = 0; index < 5; index += 1) {
      await store.eventStore.append([
        {
          streamId: `ignored-${index}`,
          expectedVersion: 'any',
          events: [{ type: 'SomethingElse', data: { amount: 1 } }],
        },
      ]);
    }
    const head = await settledHead(store);
    await eventually(async () => {
      await runner.processNextBatch();
      expect(runner.currentCheckpoint).toMatchObject({ transactionId: head.transactionId, position: head.position });
    });
    // Only in memory: the row has not moved, yet the projection reports no lag, since it skipped nothing of its own.
    expect(await checkpointRow()).toEqual(saved);
    expect(await runner.lag(head)).toBe(0);

    // A batch with rows of its own saves the skipped progress with them.
    await appendExampleEvents(store.eventStore, 2);
    await eventually(async () => {
      await runner.processNextBatch();
      expect(await readExampleTotals(store.database)).toEqual(expectedExampleTotals(2));
    });
    const after = await settledHead(store);
    expect(await checkpointRow()).toMatchObject({
      transaction_id: after.transactionId.toString(),
      position: after.position.toString(),
    });

    // Caught up with unsaved progress, a runner whose interval has passed saves it by itself.
    const eager = new ProjectionRunner(
      exampleProjection(),
      store.eventStore,
      store.database.pool,
      options('owner-a', { skippedProgressSaveMs: 0, leaseDurationMs: 60_000 }),
    );
    await eager.initialize();
    await eager.holdLease();
    await store.eventStore.append([
      { streamId: 'ignored-last', expectedVersion: 'any', events: [{ type: 'SomethingElse', data: { amount: 1 } }] },
    ]);
    const last = await settledHead(store);
    await eventually(async () => {
      await eager.processNextBatch();
      expect(await checkpointRow()).toMatchObject({
        transaction_id: last.transactionId.toString(),
        position: last.position.toString(),
      });
    });
  });

  // A busy log is mostly events a given projection ignores; their progress is saved once a second per projection,
  // and a batch with rows checks its lease and checkpoint with one locking statement.
  it('saves skipped progress in one statement and commits a batch in BEGIN, one lock, its rows, the checkpoint, COMMIT', async () => {
    const runner = new ProjectionRunner(
      exampleProjection(),
      store.eventStore,
      store.database.pool,
      options('owner-a', { skippedProgressSaveMs: 0, leaseDurationMs: 60_000 }),
    );
    await runner.initialize();
    await runner.holdLease();
    await store.eventStore.append([
      { streamId: 'ignored-1', expectedVersion: 'any', events: [{ type: 'SomethingElse', data: { amount: 1 } }] },
    ]);
    const ignored = await settledHead(store);
    const writes = (sent: string[]) =>
      sent
        .filter((text) => !/pg_snapshot_xmin/.test(text))
        .map((text) => text.trim().split(/\s+/).slice(0, 2).join(' ').toLowerCase());
    const { sent: skipping } = await statementsSentDuring(() =>
      eventually(async () => {
        await runner.processNextBatch();
        expect(await checkpointRow()).toMatchObject({
          transaction_id: ignored.transactionId.toString(),
          position: ignored.position.toString(),
        });
      }),
    );
    // Reads aside (the log, the test's own checks, an append's notification): the saves, and no transaction.
    expect(new Set(writes(skipping).filter((text) => !text.startsWith('select ')))).toEqual(
      new Set(['update projection_checkpoints']),
    );

    await appendExampleEvents(store.eventStore, 3);
    const head = await settledHead(store);
    const { sent: batch } = await statementsSentDuring(() =>
      eventually(async () => {
        await runner.processNextBatch();
        expect(await readExampleTotals(store.database)).toEqual(expectedExampleTotals(3));
      }),
    );
    const statements = writes(batch).filter((text) => !text.startsWith('select ') || text === 'select l.owner_id');
    // The example projection writes a row per event; what matters is the one locking statement around them.
    expect(statements.slice(0, 2)).toEqual(['begin', 'select l.owner_id']);
    expect(statements.slice(-2)).toEqual(['update projection_checkpoints', 'commit']);
    expect(new Set(statements.slice(2, -2))).toEqual(new Set(['insert into']));
    expect(await checkpointRow()).toMatchObject({
      transaction_id: head.transactionId.toString(),
      position: head.position.toString(),
    });
  });

  it('does not save skipped progress once another process holds the lease', async () => {
    const runner = new ProjectionRunner(
      exampleProjection(),
      store.eventStore,
      store.database.pool,
      options('owner-a', { skippedProgressSaveMs: 0, leaseDurationMs: 60_000 }),
    );
    await runner.initialize();
    await runner.holdLease();
    const before = await checkpointRow();
    // Taken over behind this runner's back (its lease had run out, say).
    await store.database.pool.query(`update projection_leases set owner_id = 'owner-b' where name = 'example_totals'`);
    await store.eventStore.append([
      { streamId: 'ignored-1', expectedVersion: 'any', events: [{ type: 'SomethingElse', data: { amount: 1 } }] },
    ]);
    await eventually(async () => {
      await expect(runner.processNextBatch()).rejects.toThrow(/lease lost/);
    });
    expect(await checkpointRow()).toEqual(before);
  });
});
