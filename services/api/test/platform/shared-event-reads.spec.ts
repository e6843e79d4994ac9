import {
  CHECKPOINT_START,
  compareCheckpoints,
  type Checkpoint,
  type EventStore,
  type ReadAllOptions,
} from '@app/event-store';
import { ProjectionRunner, untilNextPoll } from '../../src/platform/projections/projection-runner';
import { SharedEventReads } from '../../src/platform/projections/shared-event-reads';
import { exampleProjection, silentLogger } from './support/example-projection';
import { openTestStore, type TestStore } from './support/test-store';

jest.setTimeout(60_000);

const ids = (events: { id: string }[]) => events.map((event) => event.id);

describe('SharedEventReads on PostgreSQL', () => {
  let store: TestStore;
  /** The real store, with every `readAll` it answers written down. */
  let counted: EventStore;
  let calls: { from: Checkpoint; options: ReadAllOptions | undefined }[];

  beforeAll(async () => {
    store = await openTestStore('api_shared_reads');
    const real = store.eventStore;
    counted = Object.create(real) as EventStore;
    counted.readAll = (from, options) => {
      calls.push({ from, options });
      return real.readAll(from, options);
    };
    // Three types, interleaved in the log: A, B, C, A, B, C, ...
    for (let number = 0; number < 30; number += 1) {
      const type = ['A', 'B', 'C'][number % 3];
      await real.append([{ streamId: `shared-${type}`, expectedVersion: 'any', events: [{ type, data: { number } }] }]);
    }
  });
  beforeEach(() => {
    calls = [];
  });
  afterAll(() => store.close());

  it('answers reads from one checkpoint in the same turn with one statement, each with what a read of its own gives', async () => {
    const shared = new SharedEventReads(counted);
    const asked = [['A'], ['B', 'C'], undefined] as const;

    const answers = await Promise.all(
      asked.map((eventTypes) =>
        shared.readAll(CHECKPOINT_START, { limit: 500, eventTypes: eventTypes && [...eventTypes] }),
      ),
    );

    expect(calls).toHaveLength(1);
    expect(calls[0].options?.eventTypes).toBeUndefined();
    for (const [index, eventTypes] of asked.entries()) {
      const own = await store.eventStore.readAll(CHECKPOINT_START, {
        limit: 500,
        eventTypes: eventTypes && [...eventTypes],
      });
      expect(ids(answers[index].events)).toEqual(ids(own.events));
      expect(answers[index].caughtUp).toBe(true);
      expect(own.caughtUp).toBe(true);
    }
    expect(answers[0].events).toHaveLength(10);
    expect(answers[1].events).toHaveLength(20);
    expect(answers[2].events).toHaveLength(30);
  });

  it('hands the batch to one reader per turn of the event loop, so work that arrives between them is not held up', async () => {
    const shared = new SharedEventReads(counted);
    const order: string[] = [];
    const reads = ['first', 'second', 'third'].map((name) =>
      shared.readAll(CHECKPOINT_START, { limit: 500, eventTypes: ['A'] }).then(() => {
        order.push(name);
        // What a request's I/O callback would be: due on the loop's next turn, after this reader's synchronous part.
        setImmediate(() => order.push(`turn after ${name}`));
      }),
    );

    await Promise.all(reads);
    await new Promise((resolve) => setImmediate(resolve));

    expect(calls).toHaveLength(1);
    expect(order).toEqual(['first', 'turn after first', 'second', 'turn after second', 'third', 'turn after third']);
  });

  it('reads the union of the types asked for, and stops where the limit stops the shared scan', async () => {
    const shared = new SharedEventReads(counted);

    const [a, b] = await Promise.all([
      shared.readAll(CHECKPOINT_START, { limit: 8, eventTypes: ['A'] }),
      shared.readAll(CHECKPOINT_START, { limit: 8, eventTypes: ['B'] }),
    ]);

    expect(calls).toHaveLength(1);
    expect(new Set(calls[0].options?.eventTypes)).toEqual(new Set(['A', 'B']));
    // Eight A-or-B events were scanned: four of each, and both resume after the eighth.
    expect(a.events.map((event) => event.type)).toEqual(['A', 'A', 'A', 'A']);
    expect(b.events.map((event) => event.type)).toEqual(['B', 'B', 'B', 'B']);
    expect(a.caughtUp).toBe(false);
    expect(a.nextCheckpoint).toEqual(b.nextCheckpoint);
    // Nothing of A was skipped: a read of A alone finds the same events up to that resume point.
    const ownA = await store.eventStore.readAll(CHECKPOINT_START, { limit: 500, eventTypes: ['A'] });
    expect(ids(a.events)).toEqual(ids(ownA.events.filter((event) => compareCheckpoints(event, a.nextCheckpoint) <= 0)));
  });

  it('reads separately from different checkpoints, and fails every read of a failed statement without breaking the next', async () => {
    const shared = new SharedEventReads(counted);
    const first = await store.eventStore.readAll(CHECKPOINT_START, { limit: 1 });
    await Promise.all([
      shared.readAll(CHECKPOINT_START, { limit: 500 }),
      shared.readAll(first.nextCheckpoint, { limit: 500 }),
    ]);
    expect(calls).toHaveLength(2);

    const failing = Object.create(store.eventStore) as EventStore;
    failing.readAll = () => Promise.reject(new Error('connection lost'));
    const broken = new SharedEventReads(failing);
    const outcomes = await Promise.allSettled([
      broken.readAll(CHECKPOINT_START, { limit: 5 }),
      broken.readAll(CHECKPOINT_START, { limit: 5, eventTypes: ['A'] }),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
    await expect(shared.readAll(CHECKPOINT_START, { limit: 5 })).resolves.toMatchObject({ caughtUp: false });
  });

  it('lets runners of one process that poll on the shared clock read the log once per poll', async () => {
    const shared = new SharedEventReads(counted);
    const runners = ['shared_reads_one', 'shared_reads_two', 'shared_reads_three'].map(
      (name) =>
        new ProjectionRunner(
          exampleProjection({ name, table: `${name}_totals` }),
          store.eventStore,
          store.database.pool,
          {
            ownerId: 'shared-reads-test',
            pollIntervalMs: 100,
            leaseDurationMs: 15_000,
            batchSize: 500,
            liveReads: shared,
            logger: silentLogger,
          },
        ),
    );
    for (const runner of runners) await runner.initialize();
    for (const runner of runners) runner.start();
    try {
      // Let them catch up and settle on the same checkpoint, then count a second's polls.
      await new Promise((resolve) => setTimeout(resolve, 600));
      calls = [];
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      // About ten polls of three runners each: far fewer statements than thirty.
      expect(calls.length).toBeGreaterThan(3);
      expect(calls.length).toBeLessThanOrEqual(13);
    } finally {
      await Promise.all(runners.map((runner) => runner.stop()));
    }
  });

  it('schedules polls on the multiples of the interval', () => {
    expect(untilNextPoll(250, 1_000)).toBe(250);
    expect(untilNextPoll(250, 1_001)).toBe(249);
    expect(untilNextPoll(250, 1_249)).toBe(1);
  });
});
