import type { StoredEvent } from '@app/event-store';
import { InProcessJobQueue } from '../../src/platform/jobs/in-process-job-queue';
import type { JobQueue } from '../../src/platform/jobs/job-queue.port';
import { type Reactor, ReactorRunner } from '../../src/platform/jobs/reactor';
import { EXAMPLE_EVENT, silentLogger } from './support/example-projection';
import { bullMqTestQueue, deleteRedisKeys } from './support/redis';
import { eventually } from './support/eventually';
import { appendExampleEvents, openTestStore, settledHead, type TestStore } from './support/test-store';

async function waitFor(condition: () => Promise<boolean> | boolean, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('Timed out waiting for a condition');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A reactor that "notifies" once per example event by writing a row (idempotently, as handlers must). */
function notifierReactor(store: TestStore, runs: string[]): Reactor {
  return {
    name: 'example_notifier',
    eventTypes: [EXAMPLE_EVENT],
    react: (event: StoredEvent) => [
      { jobName: 'example.notify', payload: { eventId: event.id, streamId: event.streamId } },
    ],
    handlers: {
      'example.notify': async (payload) => {
        const { eventId } = payload as { eventId: string };
        runs.push(eventId);
        await store.database.pool.query(
          'insert into example_notifications (event_id) values ($1) on conflict do nothing',
          [eventId],
        );
      },
    },
  };
}

interface QueueKind {
  name: string;
  /** A queue; `lose` destroys everything it held, as a flushed Redis or a restarted process would. */
  create(): { queue: JobQueue; lose(): Promise<void>; replacement(): JobQueue };
}

const kinds: QueueKind[] = [
  {
    name: 'in-process (process restart)',
    create: () => {
      const queue = new InProcessJobQueue();
      return { queue, lose: () => queue.close(), replacement: () => new InProcessJobQueue() };
    },
  },
  {
    name: 'BullMQ (Redis flushed)',
    create: () => {
      const { prefix, queue } = bullMqTestQueue();
      return {
        queue,
        lose: async () => {
          await queue.close();
          expect(await deleteRedisKeys(prefix)).toBeGreaterThan(0);
        },
        replacement: () => bullMqTestQueue(prefix).queue,
      };
    },
  },
];

describe.each(kinds)('Reactor with the $name queue', (kind) => {
  let store: TestStore;
  const queues: JobQueue[] = [];

  beforeEach(async () => {
    store = await openTestStore('api_reactor');
    await store.database.pool.query('create table example_notifications (event_id uuid primary key)');
  }, 180_000);
  afterEach(async () => {
    for (const queue of queues.splice(0)) await queue.close().catch(() => undefined);
    await store?.close();
  });

  // Proves "losing the queue loses no work": jobs derived from the log are recorded in PostgreSQL with the reactor's
  // checkpoint, so after the queue forgets them they are derived back from the pending rows and each runs.
  it('re-enqueues the jobs a lost queue held, and runs each event’s job', async () => {
    await appendExampleEvents(store.eventStore, 40, { perAppend: 10 });
    await settledHead(store);
    const runs: string[] = [];
    const first = kind.create();
    queues.push(first.queue);
    const deriving = new ReactorRunner(
      notifierReactor(store, runs),
      store.eventStore,
      store.database.pool,
      first.queue,
      {
        pollIntervalMs: 20,
        batchSize: 15,
        logger: silentLogger,
      },
    );
    await deriving.initialize();
    const pending = await eventually(async () => {
      await deriving.catchUp();
      const rows = await store.database.pool.query('select job_id from reactor_jobs where completed_at is null');
      expect(rows.rowCount).toBe(40);
      return rows;
    });
    for (const row of pending.rows) expect(await first.queue.has(row.job_id)).toBe(true);
    // Deriving again (another process, or a replay) adds nothing.
    await deriving.catchUp();
    expect((await store.database.pool.query('select count(*)::int as count from reactor_jobs')).rows[0].count).toBe(40);

    // The queue dies before any job ran.
    await first.lose();
    expect(runs).toEqual([]);

    const replacement = first.replacement();
    queues.push(replacement);
    const resumed = new ReactorRunner(
      notifierReactor(store, runs),
      store.eventStore,
      store.database.pool,
      replacement,
      {
        pollIntervalMs: 20,
        batchSize: 15,
        logger: silentLogger,
      },
    );
    await resumed.initialize();
    expect(await resumed.reconcile()).toBe(40);
    await replacement.start();
    await waitFor(
      async () =>
        (await store.database.pool.query('select count(*)::int as count from reactor_jobs where completed_at is null'))
          .rows[0].count === 0,
    );
    expect(
      (await store.database.pool.query('select count(*)::int as count from example_notifications')).rows[0].count,
    ).toBe(40);
    expect(new Set(runs).size).toBe(40);
    // Nothing is pending, so nothing is enqueued again.
    expect(await resumed.reconcile()).toBe(0);

    // New events keep flowing through the running reactor.
    resumed.start();
    await appendExampleEvents(store.eventStore, 5, { offset: 40, perAppend: 5 });
    await settledHead(store);
    await waitFor(
      async () =>
        (await store.database.pool.query('select count(*)::int as count from example_notifications')).rows[0].count ===
        45,
    );
    await resumed.stop();
  }, 180_000);
});

describe('Reactor progress over events that call for no job', () => {
  let store: TestStore;
  beforeEach(async () => {
    store = await openTestStore('api_reactor_skips');
    await store.database.pool.query('create table example_notifications (event_id uuid primary key)');
  }, 180_000);
  afterEach(() => store?.close());

  const savedRow = async () =>
    (
      await store.database.pool.query<{ position: string }>(
        "select position::text as position from reactor_checkpoints where name = 'example_notifier'",
      )
    ).rows[0]!.position;

  // A busy log is mostly events a reactor derives nothing from: each poll used to save its step in a transaction of
  // four statements. Now the step stays in memory and the row follows at most once per `skippedProgressSaveMs`.
  it('moves the row only when the save is due, and then in one statement', async () => {
    const silent: Reactor = { ...notifierReactor(store, []), react: () => [] };
    const queues = [new InProcessJobQueue(), new InProcessJobQueue()];
    const runner = new ReactorRunner(silent, store.eventStore, store.database.pool, queues[0]!, {
      pollIntervalMs: 20,
      batchSize: 100,
      skippedProgressSaveMs: 60_000,
      logger: silentLogger,
    });
    await runner.initialize();
    await appendExampleEvents(store.eventStore, 10, { perAppend: 10 });
    await settledHead(store);
    await eventually(async () => expect((await runner.processNextBatch()).caughtUp).toBe(true));
    expect(await savedRow()).toBe('0');

    const statements: string[] = [];
    const recording = {
      query: (text: string, values?: unknown[]) => (statements.push(text), store.database.pool.query(text, values)),
    } as unknown as typeof store.database.pool;
    const saving = new ReactorRunner(silent, store.eventStore, recording, queues[1]!, {
      pollIntervalMs: 20,
      batchSize: 100,
      skippedProgressSaveMs: 0,
      logger: silentLogger,
    });
    await saving.initialize();
    statements.length = 0;
    await saving.catchUp();
    expect(Number(await savedRow())).toBeGreaterThan(0);
    expect(statements).toEqual([
      expect.stringMatching(/^update reactor_checkpoints .* and transaction_id = \$4 and position = \$5$/),
    ]);
    for (const queue of queues) await queue.close();
  }, 60_000);

  // Two processes: one skipped ahead in memory, the other saved jobs from the same events meanwhile (it derives).
  // The first must not write over the row the second moved: it follows it, and no job is derived twice.
  it('follows the row another process moved instead of saving over it', async () => {
    const runs: string[] = [];
    const queues = [new InProcessJobQueue(), new InProcessJobQueue()];
    const lazy = new ReactorRunner(
      { ...notifierReactor(store, runs), react: () => [] },
      store.eventStore,
      store.database.pool,
      queues[0]!,
      { pollIntervalMs: 20, batchSize: 100, skippedProgressSaveMs: 60_000, logger: silentLogger },
    );
    await lazy.initialize();
    await appendExampleEvents(store.eventStore, 5, { perAppend: 5 });
    await settledHead(store);
    await eventually(async () => expect((await lazy.processNextBatch()).caughtUp).toBe(true));

    const deriving = new ReactorRunner(
      notifierReactor(store, runs),
      store.eventStore,
      store.database.pool,
      queues[1]!,
      { pollIntervalMs: 20, batchSize: 100, logger: silentLogger },
    );
    await deriving.initialize();
    await deriving.catchUp();
    const movedTo = await savedRow();
    expect(Number(movedTo)).toBeGreaterThan(0);

    expect(await lazy.processNextBatch({ saveSkipped: true })).toEqual({ caughtUp: false, jobsDerived: 0 });
    expect(await savedRow()).toBe(movedTo);
    expect((await store.database.pool.query('select count(*)::int as count from reactor_jobs')).rows[0].count).toBe(5);
    for (const queue of queues) await queue.close();
  }, 60_000);
});
