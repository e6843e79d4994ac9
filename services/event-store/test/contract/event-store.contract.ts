import { randomUUID } from 'node:crypto';
import {
  AppendGuardTakenError,
  CHECKPOINT_START,
  StreamOrderConflictError,
  WrongExpectedVersionError,
  compareCheckpoints,
  type Checkpoint,
  type EventStore,
  type StoredEvent,
} from '../../src/event-store.port';
import { GENESIS_HASH, verifyStreamChain } from '../../src/hash-chain';
import { UnsafeEventDataError } from '../../src/json-safety';

/** What an adapter under test provides. One context serves a whole spec file; tests use unique stream ids. */
export interface EventStoreContractContext {
  store: EventStore;
  /** Rewrites a stored event's data behind the store's back, as someone with direct database access could. */
  tamperWithEventData(streamId: string, streamVersion: bigint, data: unknown): Promise<void>;
  teardown(): Promise<void>;
}

/** What the adapter can do, known when tests are registered. */
export interface EventStoreContractCapabilities {
  /** Whether two sessions can hold transactions at the same time (false for PGlite's single shared session). */
  concurrentSessions: boolean;
  /** Size of the concurrent writers test: PostgreSQL runs the full 8 x 2,000. */
  concurrency: { writers: number; eventsPerWriter: number };
}

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

function uniqueStream(prefix: string): string {
  return `${prefix}-${randomUUID()}`;
}

function events(count: number, type = 'ThingHappened', extra: Record<string, unknown> = {}) {
  return Array.from({ length: count }, (_, index) => ({ type, data: { index, ...extra } }));
}

/**
 * Reads in batches until the checkpoint reaches `until` (the last event the test committed). On a shared server a
 * write transaction in ANY database holds back pg_snapshot_xmin, so a commit may become readable a little later:
 * readers lag, they never skip, and tests wait for the horizon instead of assuming it moved at once.
 */
async function readUntil(store: EventStore, from: Checkpoint, until: Checkpoint, limit: number, eventTypes?: string[]) {
  const collected: StoredEvent[] = [];
  let checkpoint = from;
  let batches = 0;
  const deadline = Date.now() + 60_000;
  for (;;) {
    const batch = await store.readAll(checkpoint, { limit, eventTypes });
    batches += 1;
    expect(batch.events.length).toBeLessThanOrEqual(limit);
    collected.push(...batch.events);
    expect(compareCheckpoints(batch.nextCheckpoint, checkpoint)).toBeGreaterThanOrEqual(0);
    checkpoint = batch.nextCheckpoint;
    if (compareCheckpoints(checkpoint, until) >= 0) {
      expect(batch.caughtUp).toBe(true);
      return { events: collected, checkpoint, batches };
    }
    if (batch.caughtUp) {
      if (Date.now() > deadline) throw new Error('the read horizon did not reach the last committed event within 60 s');
      await sleep(20);
    }
  }
}

/**
 * A checkpoint with everything committed so far at or below it: appends a marker event and waits until the read
 * horizon has passed it. Tests start reading from here, so earlier tests' events never leak into their range.
 */
async function settledCheckpoint(store: EventStore): Promise<Checkpoint> {
  const marker = await store.append([{ streamId: uniqueStream('marker'), expectedVersion: 'no_stream', events: events(1, 'Marker') }]);
  const target = checkpointOf(marker.events[0]);
  const deadline = Date.now() + 60_000;
  while (compareCheckpoints(await store.headCheckpoint(), target) < 0) {
    if (Date.now() > deadline) throw new Error('the read horizon did not pass the marker within 60 s');
    await sleep(20);
  }
  return target;
}

function checkpointOf(event: StoredEvent): Checkpoint {
  return { transactionId: event.transactionId, position: event.position };
}

async function expectConflict(promise: Promise<unknown>, streamId: string, actualVersion: bigint) {
  const error = await promise.then(
    () => undefined,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(WrongExpectedVersionError);
  expect((error as WrongExpectedVersionError).code).toBe('WRONG_EXPECTED_VERSION');
  expect((error as WrongExpectedVersionError).streamId).toBe(streamId);
  expect((error as WrongExpectedVersionError).actualVersion).toBe(actualVersion);
}

export function runEventStoreContract(
  name: string,
  capabilities: EventStoreContractCapabilities,
  factory: () => Promise<EventStoreContractContext>,
): void {
  const { writers, eventsPerWriter } = capabilities.concurrency;
  describe(`EventStore contract: ${name}`, () => {
    let context: EventStoreContractContext;
    let store: EventStore;

    beforeAll(async () => {
      context = await factory();
      store = context.store;
    }, 60_000);

    afterAll(async () => {
      await context?.teardown();
    }, 30_000);

    describe('append and read', () => {
      it('appends events to a new stream and reads them back in version order with positions and hashes', async () => {
        const streamId = uniqueStream('account');
        const result = await store.append([
          { streamId, expectedVersion: 'no_stream', events: [{ type: 'AccountOpened', data: { owner: 'ada' }, metadata: { correlationId: 'c-1' } }, { type: 'PointsCredited', data: { amountMinor: '1500' } }] },
        ]);
        expect(result.streams).toEqual([{ streamId, nextExpectedVersion: 2n }]);
        expect(result.events.map((event) => event.streamVersion)).toEqual([1n, 2n]);
        expect(result.events[0].position < result.events[1].position).toBe(true);
        expect(result.events.every((event) => event.transactionId === result.transactionId)).toBe(true);

        const read = await store.readStream(streamId);
        expect(read).toEqual(result.events);
        expect(read[0]).toMatchObject({ streamId, type: 'AccountOpened', data: { owner: 'ada' }, metadata: { correlationId: 'c-1' }, previousHash: GENESIS_HASH });
        expect(read[1].metadata).toEqual({});
        expect(read[0].recordedAt).toBeInstanceOf(Date);
        expect(await store.streamVersion(streamId)).toBe(2n);
      });

      it('reads a range of versions and answers [] and version 0 for a stream that does not exist', async () => {
        const streamId = uniqueStream('range');
        await store.append([{ streamId, expectedVersion: 0, events: events(5) }]);
        const middle = await store.readStream(streamId, { fromVersion: 2n, toVersion: 4n });
        expect(middle.map((event) => event.streamVersion)).toEqual([2n, 3n, 4n]);
        expect(await store.readStream(uniqueStream('missing'))).toEqual([]);
        expect(await store.streamVersion(uniqueStream('missing'))).toBe(0n);
      });

      it('reads several streams in one call, each from its own version, [] for a missing one', async () => {
        const [first, second, missing] = [uniqueStream('many-a'), uniqueStream('many-b'), uniqueStream('many-missing')];
        await store.append([
          { streamId: first, expectedVersion: 0, events: events(3) },
          { streamId: second, expectedVersion: 0, events: events(4) },
        ]);
        const read = await store.readStreams([{ streamId: second, fromVersion: 3n }, { streamId: first }, { streamId: missing, fromVersion: 1n }]);
        expect([...read.keys()].sort()).toEqual([first, second, missing].sort());
        expect(read.get(first)).toEqual(await store.readStream(first));
        expect(read.get(second)).toEqual(await store.readStream(second, { fromVersion: 3n }));
        expect(read.get(second)!.map((event) => event.streamVersion)).toEqual([3n, 4n]);
        expect(read.get(missing)).toEqual([]);
        expect(await store.readStreams([])).toEqual(new Map());
        // Asked for twice: read once, from the lower version.
        const twice = await store.readStreams([{ streamId: first, fromVersion: 3n }, { streamId: first, fromVersion: 2n }]);
        expect(twice.get(first)!.map((event) => event.streamVersion)).toEqual([2n, 3n]);
      });

      it('keeps caller-chosen event ids', async () => {
        const streamId = uniqueStream('ids');
        const id = randomUUID();
        const result = await store.append([{ streamId, expectedVersion: 'any', events: [{ id, type: 'Named', data: {} }] }]);
        expect(result.events[0].id).toBe(id);
        expect((await store.readStream(streamId))[0].id).toBe(id);
      });

      it('refuses bigints and unsafe numbers in payloads, writing nothing (callers send money as decimal strings)', async () => {
        const streamId = uniqueStream('unsafe');
        await expect(store.append([{ streamId, expectedVersion: 'any', events: [{ type: 'Bad', data: { amountMinor: 10n } }] }])).rejects.toBeInstanceOf(UnsafeEventDataError);
        await expect(store.append([{ streamId, expectedVersion: 'any', events: [{ type: 'Bad', data: { amountMinor: 2 ** 60 } }] }])).rejects.toThrow(/decimal string/);
        await expect(store.append([{ streamId, expectedVersion: 'any', events: [{ type: 'Bad', data: {}, metadata: { at: Number.NaN } }] }])).rejects.toBeInstanceOf(UnsafeEventDataError);
        expect(await store.streamVersion(streamId)).toBe(0n);
      });
    });

    describe('expected versions', () => {
      it('accepts the exact current version (number or bigint) and refuses a stale one with a typed error', async () => {
        const streamId = uniqueStream('exact');
        await store.append([{ streamId, expectedVersion: 0, events: events(2) }]);
        await store.append([{ streamId, expectedVersion: 2n, events: events(1) }]);
        await store.append([{ streamId, expectedVersion: 3, events: events(1) }]);
        await expectConflict(store.append([{ streamId, expectedVersion: 3, events: events(1) }]), streamId, 4n);
        const error = (await store.append([{ streamId, expectedVersion: 1n, events: events(1) }]).catch((failure: unknown) => failure)) as WrongExpectedVersionError;
        expect(error.expectedVersion).toBe(1n);
        expect(error.message).toContain('version 4');
        expect(await store.streamVersion(streamId)).toBe(4n);
      });

      it("'no_stream' succeeds only for a new stream", async () => {
        const streamId = uniqueStream('no-stream');
        await store.append([{ streamId, expectedVersion: 'no_stream', events: events(1) }]);
        await expectConflict(store.append([{ streamId, expectedVersion: 'no_stream', events: events(1) }]), streamId, 1n);
        await expectConflict(store.append([{ streamId, expectedVersion: 0, events: events(1) }]), streamId, 1n);
      });

      it("'stream_exists' succeeds only once the stream has events", async () => {
        const streamId = uniqueStream('exists');
        await expectConflict(store.append([{ streamId, expectedVersion: 'stream_exists', events: events(1) }]), streamId, 0n);
        await store.append([{ streamId, expectedVersion: 'any', events: events(1) }]);
        await store.append([{ streamId, expectedVersion: 'stream_exists', events: events(1) }]);
        expect(await store.streamVersion(streamId)).toBe(2n);
      });

      it("'any' appends to new and existing streams without a check", async () => {
        const streamId = uniqueStream('any');
        await store.append([{ streamId, expectedVersion: 'any', events: events(1) }]);
        const result = await store.append([{ streamId, expectedVersion: 'any', events: events(2) }]);
        expect(result.streams[0].nextExpectedVersion).toBe(3n);
      });

      it('lets exactly one of several racing writers with the same expected version win', async () => {
        const streamId = uniqueStream('race');
        await store.append([{ streamId, expectedVersion: 'no_stream', events: events(1) }]);
        const outcomes = await Promise.allSettled(Array.from({ length: 6 }, () => store.append([{ streamId, expectedVersion: 1, events: events(1) }])));
        expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
        const refusals = outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
        expect(refusals).toHaveLength(5);
        refusals.forEach((refusal) => expect(refusal.reason).toBeInstanceOf(WrongExpectedVersionError));
        expect(await store.streamVersion(streamId)).toBe(2n);
      });
    });

    describe('multi-stream append', () => {
      it('commits every stream in one transaction and reports versions in request order', async () => {
        const payer = uniqueStream('payer');
        const payee = uniqueStream('payee');
        await store.append([{ streamId: payer, expectedVersion: 'no_stream', events: events(2) }]);
        const result = await store.append([
          { streamId: payer, expectedVersion: 2, events: [{ type: 'TipSent', data: { amountMinor: '100' } }] },
          { streamId: payee, expectedVersion: 'no_stream', events: [{ type: 'TipReceived', data: { amountMinor: '100' } }] },
        ]);
        expect(result.streams).toEqual([
          { streamId: payer, nextExpectedVersion: 3n },
          { streamId: payee, nextExpectedVersion: 1n },
        ]);
        expect(result.events.map((event) => event.type)).toEqual(['TipSent', 'TipReceived']);
        expect(new Set(result.events.map((event) => event.transactionId)).size).toBe(1);
      });

      it('writes nothing at all when one stream of the request conflicts', async () => {
        const first = uniqueStream('first');
        const second = uniqueStream('second');
        await store.append([{ streamId: second, expectedVersion: 'no_stream', events: events(1) }]);
        await expectConflict(
          store.append([
            { streamId: first, expectedVersion: 'no_stream', events: events(3) },
            { streamId: second, expectedVersion: 'no_stream', events: events(1) },
          ]),
          second,
          1n,
        );
        expect(await store.readStream(first)).toEqual([]);
        expect(await store.streamVersion(first)).toBe(0n);
        expect(await store.streamVersion(second)).toBe(1n);
      });

      it('refuses the same stream twice in one request', async () => {
        const streamId = uniqueStream('twice');
        await expect(store.append([
          { streamId, expectedVersion: 'any', events: events(1) },
          { streamId, expectedVersion: 'any', events: events(1) },
        ])).rejects.toThrow(/twice/);
      });
    });

    describe('guarded appends', () => {
      const table = 'append_guard_contract';
      const guard = (key: string, answer: unknown = { ok: true }) => ({ table, rows: [{ scope: 'contract', key, answer }] });
      const guardRows = async (keys: string[]) =>
        (
          await store.withTransaction((transaction) =>
            transaction.query<{ key: string; answer: unknown }>(`SELECT key, answer FROM ${table} WHERE key = ANY($1::text[]) ORDER BY key`, [keys]),
          )
        ).rows;

      beforeAll(async () => {
        await store.withTransaction((transaction) =>
          transaction.query(`CREATE TABLE IF NOT EXISTS ${table} (scope text NOT NULL, key text NOT NULL, answer jsonb NOT NULL, PRIMARY KEY (scope, key))`),
        );
      });

      it('writes the guard rows with the events, and refuses a taken row writing nothing', async () => {
        const streamId = uniqueStream('guarded');
        const key = randomUUID();
        await store.append([{ streamId, expectedVersion: 'no_stream', events: events(1) }]);
        await store.append([{ streamId, expectedVersion: 1, events: events(1) }], { guard: guard(key, { answer: 'first', amount: 3 }) });
        expect(await guardRows([key])).toEqual([{ key, answer: { answer: 'first', amount: 3 } }]);
        const refusal = await store.append([{ streamId, expectedVersion: 2, events: events(1) }], { guard: guard(key, { answer: 'second' }) }).catch((error: unknown) => error);
        expect(refusal).toBeInstanceOf(AppendGuardTakenError);
        expect(await store.streamVersion(streamId)).toBe(2n);
        expect(await guardRows([key])).toEqual([{ key, answer: { answer: 'first', amount: 3 } }]);
      });

      it('writes nothing of several streams and rows when one row is taken', async () => {
        const [left, right] = [uniqueStream('guarded-left'), uniqueStream('guarded-right')];
        const [taken, fresh] = [randomUUID(), randomUUID()];
        await store.append([{ streamId: uniqueStream('guard-owner'), expectedVersion: 'no_stream', events: events(1) }], { guard: guard(taken) });
        const refusal = await store
          .append(
            [
              { streamId: left, expectedVersion: 'no_stream', events: events(1) },
              { streamId: right, expectedVersion: 'no_stream', events: events(1) },
            ],
            { guard: { table, rows: [{ scope: 'contract', key: fresh, answer: {} }, { scope: 'contract', key: taken, answer: {} }] } },
          )
          .catch((error: unknown) => error);
        expect(refusal).toBeInstanceOf(AppendGuardTakenError);
        expect(await store.streamVersion(left)).toBe(0n);
        expect(await store.streamVersion(right)).toBe(0n);
        expect(await guardRows([fresh])).toEqual([]);
      });

      it('leaves no guard row behind when the append itself is refused', async () => {
        const streamId = uniqueStream('guarded-conflict');
        await store.append([{ streamId, expectedVersion: 'no_stream', events: events(2) }]);
        const [stale, missing] = [randomUUID(), randomUUID()];
        // 'no_stream' is tried on the one-statement path, which misses and must undo its guard row; 5 is refused by the locking path.
        await expectConflict(store.append([{ streamId, expectedVersion: 'no_stream', events: events(1) }], { guard: guard(stale) }), streamId, 2n);
        await expectConflict(store.append([{ streamId, expectedVersion: 5, events: events(1) }], { guard: guard(missing) }), streamId, 2n);
        expect(await guardRows([stale, missing])).toEqual([]);
        expect(await store.streamVersion(streamId)).toBe(2n);
      });

      it("joins a caller's transaction: a rollback removes the rows with the events", async () => {
        const streamId = uniqueStream('guarded-rollback');
        const key = randomUUID();
        const failure = new Error('caller failed after appending');
        await expect(
          store.withTransaction(async (transaction) => {
            await store.append([{ streamId, expectedVersion: 'no_stream', events: events(1) }], { transaction, guard: guard(key) });
            throw failure;
          }),
        ).rejects.toBe(failure);
        expect(await guardRows([key])).toEqual([]);
        expect(await store.streamVersion(streamId)).toBe(0n);
      });

      it('refuses a table or column that is not a plain SQL name, before writing anything', async () => {
        const streamId = uniqueStream('guarded-invalid');
        await expect(store.append([{ streamId, expectedVersion: 'no_stream', events: events(1) }], { guard: { table: 'x; DROP TABLE events', rows: [{ a: 1 }] } })).rejects.toThrow(TypeError);
        await expect(store.append([{ streamId, expectedVersion: 'no_stream', events: events(1) }], { guard: { table, rows: [{ 'key"': 1 }] } })).rejects.toThrow(TypeError);
        await expect(store.append([{ streamId, expectedVersion: 'no_stream', events: events(1) }], { guard: { table, rows: [{ scope: 'a', key: 'b', answer: {} }, { scope: 'a' }] } })).rejects.toThrow(TypeError);
        expect(await store.streamVersion(streamId)).toBe(0n);
      });

      if (capabilities.concurrentSessions) {
        it('lets exactly one of several racing appends with the same guard row write', async () => {
          const key = randomUUID();
          const outcomes = await Promise.allSettled(
            Array.from({ length: 6 }, (_, index) => store.append([{ streamId: uniqueStream(`racer-${index}`), expectedVersion: 'no_stream', events: events(1) }], { guard: guard(key, { index }) })),
          );
          expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
          const refusals = outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
          expect(refusals).toHaveLength(5);
          refusals.forEach((refusal) => expect(refusal.reason).toBeInstanceOf(AppendGuardTakenError));
        });
      }
    });

    describe('transactions', () => {
      it("joins the caller's transaction: reads inside see the append, and a rollback removes it", async () => {
        const streamId = uniqueStream('outer-rollback');
        const failure = new Error('caller failed after appending');
        await expect(
          store.withTransaction(async (transaction) => {
            await store.append([{ streamId, expectedVersion: 'no_stream', events: events(2) }], { transaction });
            expect(await store.streamVersion(streamId, { transaction })).toBe(2n);
            expect(await store.readStream(streamId, { transaction })).toHaveLength(2);
            expect((await store.readStreams([{ streamId }], { transaction })).get(streamId)).toHaveLength(2);
            const own = await transaction.query<{ answer: number }>('SELECT 42 AS answer');
            expect(own.rows[0].answer).toBe(42);
            throw failure;
          }),
        ).rejects.toBe(failure);
        expect(await store.readStream(streamId)).toEqual([]);
        expect(await store.streamVersion(streamId)).toBe(0n);
      });

      it("commits several appends of the caller's transaction together", async () => {
        const left = uniqueStream('outer-left');
        const right = uniqueStream('outer-right');
        const transactionIds = await store.withTransaction(async (transaction) => {
          const first = await store.append([{ streamId: left, expectedVersion: 'no_stream', events: events(1) }], { transaction });
          const second = await store.append([{ streamId: right, expectedVersion: 'no_stream', events: events(1) }], { transaction });
          return [first.transactionId, second.transactionId];
        });
        expect(transactionIds[0]).toBe(transactionIds[1]);
        expect(await store.streamVersion(left)).toBe(1n);
        expect(await store.streamVersion(right)).toBe(1n);
      });
    });

    describe('hash chain', () => {
      it('chains every event on the previous one across appends and verifies', async () => {
        const streamId = uniqueStream('chain');
        await store.append([{ streamId, expectedVersion: 'no_stream', events: events(3) }]);
        await store.append([{ streamId, expectedVersion: 3, events: events(2, 'Other', { nested: { b: 1, a: [1, 'two', null] } }) }]);
        const stored = await store.readStream(streamId);
        expect(stored[0].previousHash).toBe(GENESIS_HASH);
        for (let index = 1; index < stored.length; index += 1) expect(stored[index].previousHash).toBe(stored[index - 1].hash);
        expect(verifyStreamChain(stored)).toEqual({ valid: true, streamId, eventsChecked: 5, lastHash: stored[4].hash });
        // A slice verifies when told where it continues from.
        expect(verifyStreamChain(stored.slice(2), { streamVersion: 2n, hash: stored[1].hash }).valid).toBe(true);
      });

      it('detects a row whose data was changed behind the store', async () => {
        const streamId = uniqueStream('tampered');
        await store.append([{ streamId, expectedVersion: 'no_stream', events: [{ type: 'PointsCredited', data: { amountMinor: '100' } }, { type: 'PointsCredited', data: { amountMinor: '5' } }, { type: 'PointsDebited', data: { amountMinor: '5' } }] }]);
        await context.tamperWithEventData(streamId, 2n, { amountMinor: '5000000' });
        const verification = verifyStreamChain(await store.readStream(streamId));
        expect(verification).toMatchObject({ valid: false, streamId, streamVersion: 2n, reason: 'HASH_MISMATCH' });
      });

      it('detects a missing event as a gap', async () => {
        const streamId = uniqueStream('gap');
        await store.append([{ streamId, expectedVersion: 'no_stream', events: events(3) }]);
        const stored = await store.readStream(streamId);
        expect(verifyStreamChain([stored[0], stored[2]])).toMatchObject({ valid: false, reason: 'VERSION_GAP', streamVersion: 3n });
      });
    });

    describe('readAll', () => {
      it('returns every event after a checkpoint in batches, in (transaction, position) order, then reports caught up', async () => {
        const start = await settledCheckpoint(store);
        const appended: StoredEvent[] = [];
        for (let index = 0; index < 6; index += 1) {
          const result = await store.append([
            { streamId: uniqueStream('all-a'), expectedVersion: 'no_stream', events: events(3, 'Alpha') },
            { streamId: uniqueStream('all-b'), expectedVersion: 'no_stream', events: events(2, 'Beta') },
          ]);
          appended.push(...result.events);
        }
        const everything = await readUntil(store, start, checkpointOf(appended.at(-1)!), 7);
        expect(everything.events.map((event) => event.id)).toEqual(appended.map((event) => event.id));
        expect(everything.batches).toBeGreaterThanOrEqual(5);
        for (let index = 1; index < everything.events.length; index += 1) {
          const previous = everything.events[index - 1];
          expect(compareCheckpoints(everything.events[index], previous)).toBe(1);
        }
        expect(everything.checkpoint).toEqual({ transactionId: appended.at(-1)!.transactionId, position: appended.at(-1)!.position });
        expect(await store.headCheckpoint()).toEqual(everything.checkpoint);
        const after = await store.readAll(everything.checkpoint);
        expect(after).toEqual({ events: [], nextCheckpoint: everything.checkpoint, caughtUp: true });
      });

      it('filters by event type and still moves the checkpoint past skipped events', async () => {
        const start = await settledCheckpoint(store);
        for (let index = 0; index < 4; index += 1) {
          await store.append([{ streamId: uniqueStream('filter'), expectedVersion: 'no_stream', events: [...events(2, 'Wanted'), ...events(3, 'Unwanted')] }]);
        }
        const tail = await store.append([{ streamId: uniqueStream('filter-tail'), expectedVersion: 'no_stream', events: events(2, 'Unwanted') }]);
        const wanted = await readUntil(store, start, checkpointOf(tail.events.at(-1)!), 3, ['Wanted']);
        expect(wanted.events).toHaveLength(8);
        expect(wanted.events.every((event) => event.type === 'Wanted')).toBe(true);
        const last = tail.events.at(-1)!;
        expect(wanted.checkpoint).toEqual({ transactionId: last.transactionId, position: last.position });
        expect((await store.readAll(start, { eventTypes: ['NeverWritten'] })).nextCheckpoint).toEqual(wanted.checkpoint);
      });

      it('reads from the start of the log', async () => {
        const batch = await store.readAll(CHECKPOINT_START, { limit: 2 });
        expect(batch.events).toHaveLength(2);
        expect(batch.caughtUp).toBe(false);
      });
    });

    describe('subscribe', () => {
      it('delivers appended events in batches, in order, and stops cleanly', async () => {
        const start = await settledCheckpoint(store);
        const received: StoredEvent[] = [];
        const checkpoints: Checkpoint[] = [];
        const subscription = store.subscribe(
          async (batch, checkpoint) => {
            received.push(...batch);
            checkpoints.push(checkpoint);
          },
          { from: start, batchSize: 4, pollIntervalMs: 20 },
        );
        const appended: StoredEvent[] = [];
        for (let index = 0; index < 5; index += 1) {
          appended.push(...(await store.append([{ streamId: uniqueStream('subscribed'), expectedVersion: 'no_stream', events: events(3, 'Seen') }])).events);
        }
        const deadline = Date.now() + 10_000;
        while (received.length < appended.length && Date.now() < deadline) await sleep(10);
        await subscription.stop();
        expect(received.map((event) => event.id)).toEqual(appended.map((event) => event.id));
        const last = appended.at(-1)!;
        expect(subscription.checkpoint).toEqual({ transactionId: last.transactionId, position: last.position });
        expect(checkpoints.at(-1)).toEqual(subscription.checkpoint);
        // Nothing arrives after stop().
        await store.append([{ streamId: uniqueStream('after-stop'), expectedVersion: 'no_stream', events: events(1) }]);
        await sleep(60);
        expect(received).toHaveLength(appended.length);
      });
    });

    describe('subscribe failures', () => {
      it('offers a batch again after its handler throws, reports the error, and skips nothing', async () => {
        const start = await settledCheckpoint(store);
        const appended = (await store.append([{ streamId: uniqueStream('retried'), expectedVersion: 'no_stream', events: events(4, 'Retried') }])).events;
        const handled: string[] = [];
        const errors: unknown[] = [];
        let calls = 0;
        const failure = new Error('projection database unavailable');
        const subscription = store.subscribe(
          async (batch) => {
            calls += 1;
            if (calls === 1) throw failure;
            handled.push(...batch.map((event) => event.id));
          },
          { from: start, batchSize: 10, pollIntervalMs: 20, onError: (error) => errors.push(error) },
        );
        const deadline = Date.now() + 10_000;
        while (handled.length < appended.length && Date.now() < deadline) await sleep(10);
        await subscription.stop();
        expect(errors).toEqual([failure]);
        expect(handled).toEqual(appended.map((event) => event.id));
        expect(subscription.checkpoint).toEqual(checkpointOf(appended.at(-1)!));
      });
    });

    describe('commit order', () => {
      if (capabilities.concurrentSessions) {
        it('never hands out an event while an older transaction that could still commit before it is in flight', async () => {
          const start = await settledCheckpoint(store);
          let releaseSlow!: () => void;
          const slowMayCommit = new Promise<void>((resolve) => (releaseSlow = resolve));
          let slowAppended!: () => void;
          const slowHasAppended = new Promise<void>((resolve) => (slowAppended = resolve));
          const slow = store.withTransaction(async (transaction) => {
            const result = await store.append([{ streamId: uniqueStream('slow'), expectedVersion: 'no_stream', events: events(1, 'Slow') }], { transaction });
            slowAppended();
            await slowMayCommit;
            return result;
          });
          await slowHasAppended;
          const fast = await store.append([{ streamId: uniqueStream('fast'), expectedVersion: 'no_stream', events: events(1, 'Fast') }]);
          // The fast transaction committed, but the slow one (older, smaller position) is still open: a reader
          // that took the fast event now would checkpoint past the slow one and skip it forever.
          const whileOpen = await store.readAll(start);
          expect(whileOpen).toEqual({ events: [], nextCheckpoint: start, caughtUp: true });
          expect(await store.headCheckpoint()).toEqual(start);
          releaseSlow();
          const slowResult = await slow;
          const afterCommit = await readUntil(store, start, checkpointOf(fast.events[0]), 10);
          expect(afterCommit.events.map((event) => event.id)).toEqual([slowResult.events[0].id, fast.events[0].id]);
        });

        it("reads every committed event in one REPEATABLE READ snapshot with horizon 'snapshot', even while an older transaction holds the safe horizon back", async () => {
          const start = await settledCheckpoint(store);
          let releaseSlow!: () => void;
          const slowMayCommit = new Promise<void>((resolve) => (releaseSlow = resolve));
          let slowAppended!: () => void;
          const slowHasAppended = new Promise<void>((resolve) => (slowAppended = resolve));
          const slow = store.withTransaction(async (transaction) => {
            await store.append([{ streamId: uniqueStream('snapshot-slow'), expectedVersion: 'no_stream', events: events(1, 'Slow') }], { transaction });
            slowAppended();
            await slowMayCommit;
          });
          await slowHasAppended;
          const fast = await store.append([{ streamId: uniqueStream('snapshot-fast'), expectedVersion: 'no_stream', events: events(2, 'Fast') }]);
          expect((await store.readAll(start)).events).toEqual([]);
          const seen = await store.withTransaction(async (transaction) => {
            await transaction.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ');
            const batch = await store.readAll(start, { transaction, horizon: 'snapshot' });
            return batch.events.map((event) => event.id);
          });
          // The committed fast events are in the snapshot; the slow one, still in flight, is not.
          expect(seen).toEqual(fast.events.map((event) => event.id));
          releaseSlow();
          await slow;
          await expect(store.readAll(start, { horizon: 'snapshot' })).rejects.toThrow(TypeError);
        });

        it('keeps each version-checked stream in version order in the log: an append from a transaction older than the stream’s last writer is refused', async () => {
          const streamId = uniqueStream('ordered');
          const start = await settledCheckpoint(store);
          const first = await store.append([{ streamId, expectedVersion: 'no_stream', events: events(1, 'First') }]);
          let releaseOlder!: () => void;
          const olderMayAppend = new Promise<void>((resolve) => (releaseOlder = resolve));
          let olderWrote!: () => void;
          const olderHasWritten = new Promise<void>((resolve) => (olderWrote = resolve));
          // The older transaction writes something first (as an idempotency record would), which fixes its xid8.
          const older = store.withTransaction(async (transaction) => {
            await store.append([{ streamId: uniqueStream('older-own'), expectedVersion: 'no_stream', events: events(1) }], { transaction });
            olderWrote();
            await olderMayAppend;
            // It decides on the stream as it is now (version 2, committed by the newer transaction meanwhile).
            const version = await store.streamVersion(streamId, { transaction });
            return store.append([{ streamId, expectedVersion: version, events: events(1, 'FromOlder') }], { transaction });
          });
          await olderHasWritten;
          const newer = await store.append([{ streamId, expectedVersion: 1, events: events(1, 'FromNewer') }]);
          releaseOlder();
          const refusal = await older.then(() => undefined, (error: unknown) => error);
          expect(refusal).toBeInstanceOf(StreamOrderConflictError);
          expect(refusal).toBeInstanceOf(WrongExpectedVersionError);
          expect((refusal as StreamOrderConflictError).actualVersion).toBe(2n);
          // Retried in a new transaction, as a command handler does, it succeeds after the newer one.
          const retried = await store.withTransaction((transaction) => store.append([{ streamId, expectedVersion: 2, events: events(1, 'FromOlder') }], { transaction }));
          expect(retried.streams[0].nextExpectedVersion).toBe(3n);
          const read = await readUntil(store, start, checkpointOf(retried.events[0]), 100);
          const stream = read.events.filter((event) => event.streamId === streamId);
          expect(stream.map((event) => [event.streamVersion, event.type])).toEqual([[1n, 'First'], [2n, 'FromNewer'], [3n, 'FromOlder']]);
          expect(stream[0].id).toBe(first.events[0].id);
          expect(stream[1].id).toBe(newer.events[0].id);
        });
      } else {
        it('serialises transactions on its single session, so each commit is readable at once and in order', async () => {
          const head = await settledCheckpoint(store);
          const inside = await store.withTransaction(async (transaction) => {
            const result = await store.append([{ streamId: uniqueStream('serial'), expectedVersion: 'no_stream', events: events(2) }], { transaction });
            return result;
          });
          const after = await store.append([{ streamId: uniqueStream('serial'), expectedVersion: 'no_stream', events: events(1) }]);
          const read = await readUntil(store, head, checkpointOf(after.events.at(-1)!), 10);
          expect(read.events.map((event) => event.id)).toEqual([...inside.events, ...after.events].map((event) => event.id));
          expect(await store.headCheckpoint()).toEqual(read.checkpoint);
        });
      }
    });

    describe('under concurrency', () => {
      it(`delivers every committed event exactly once and no rolled-back one to a subscriber running alongside ${writers} writers x ${eventsPerWriter} events`, async () => {
        const start = await settledCheckpoint(store);
        const committed = new Set<string>();
        const rolledBack = new Set<string>();
        const seen = new Map<string, number>();
        const hotStream = uniqueStream('hot');
        let orderViolations = 0;
        let streamOrderViolations = 0;
        const lastVersionSeen = new Map<string, bigint>();
        let previous: Checkpoint = start;
        const subscription = store.subscribe(
          async (batch) => {
            for (const event of batch) {
              if (compareCheckpoints(event, previous) <= 0) orderViolations += 1;
              previous = { transactionId: event.transactionId, position: event.position };
              // Version-checked streams must arrive in version order, or a projection folding one would apply v+1
              // before v. The 'any' journal is exempt by design; it is checked by its hash chain below.
              if (event.streamId !== hotStream) {
                if (event.streamVersion !== (lastVersionSeen.get(event.streamId) ?? 0n) + 1n) streamOrderViolations += 1;
                lastVersionSeen.set(event.streamId, event.streamVersion);
              }
              seen.set(event.id, (seen.get(event.id) ?? 0) + 1);
            }
          },
          { from: start, batchSize: 500, pollIntervalMs: 10 },
        );
        let conflicts = 0;
        let hotCommitted = 0;
        let orderRetries = 0;
        let lastCommitted: Checkpoint = start;

        async function writer(writerIndex: number) {
          const ownStream = uniqueStream(`writer-${writerIndex}`);
          let ownVersion = 0n;
          let written = 0;
          let random = writerIndex * 7919 + 17;
          const next = (modulo: number) => {
            random = (random * 1103515245 + 12345) % 2147483648;
            return random % modulo;
          };
          while (written < eventsPerWriter) {
            const count = Math.min(1 + next(10), eventsPerWriter - written);
            const rollBack = next(10) === 0;
            const useHotStream = next(4) === 0;
            const batch = Array.from({ length: count }, (_, index) => ({ id: randomUUID(), type: 'Load', data: { writerIndex, index } }));
            const hotEvent = { id: randomUUID(), type: 'HotLoad', data: { writerIndex } };
            const ids = [...batch.map((event) => event.id), ...(useHotStream ? [hotEvent.id] : [])];
            try {
              const result = await store.withTransaction(async (transaction) => {
                const appended = await store.append(
                  [
                    { streamId: ownStream, expectedVersion: ownVersion, events: batch },
                    ...(useHotStream ? [{ streamId: hotStream, expectedVersion: 'any' as const, events: [hotEvent] }] : []),
                  ],
                  { transaction },
                );
                // Holding the transaction open a random while makes commits land out of position order.
                const delay = next(4);
                if (delay > 0) await sleep(delay);
                if (rollBack) throw new Error('deliberate rollback');
                return appended;
              });
              ownVersion = result.streams[0].nextExpectedVersion;
              const newest = checkpointOf(result.events.at(-1)!);
              if (compareCheckpoints(newest, lastCommitted) > 0) lastCommitted = newest;
              written += count;
              if (useHotStream) hotCommitted += 1;
              ids.forEach((id) => committed.add(id));
            } catch (error) {
              if (error instanceof StreamOrderConflictError) {
                // This transaction took its id before the hot stream's last writer did: retry it as a handler would.
                orderRetries += 1;
                continue;
              }
              if ((error as Error).message !== 'deliberate rollback') throw error;
              ids.forEach((id) => rolledBack.add(id));
            }
            // An occasional stale write must be refused and leave no trace.
            if (next(25) === 0) {
              await store.append([{ streamId: ownStream, expectedVersion: ownVersion + 5n, events: events(1, 'Stale') }]).catch((error: unknown) => {
                expect(error).toBeInstanceOf(WrongExpectedVersionError);
                conflicts += 1;
              });
            }
          }
          return ownStream;
        }

        const startedAt = Date.now();
        const ownStreams = await Promise.all(Array.from({ length: writers }, (_, index) => writer(index)));
        const writeSeconds = (Date.now() - startedAt) / 1000;
        // Wait for the subscriber to pass the newest committed event (the horizon may lag behind foreign transactions).
        const deadline = Date.now() + 60_000;
        while (compareCheckpoints(subscription.checkpoint, lastCommitted) < 0 && Date.now() < deadline) await sleep(20);
        await subscription.stop();
        expect(compareCheckpoints(subscription.checkpoint, await store.headCheckpoint())).toBe(0);

        const skipped = [...committed].filter((id) => !seen.has(id)).length;
        const duplicated = [...seen.values()].filter((times) => times > 1).length;
        const rolledBackSeen = [...rolledBack].filter((id) => seen.has(id)).length;
        const unexpected = [...seen.keys()].filter((id) => !committed.has(id)).length;
        console.log(
          `[${name}] ${writers} writers x ${eventsPerWriter} events in ${writeSeconds.toFixed(1)} s: committed ${committed.size}, ` +
            `rolled back ${rolledBack.size}, refused stale appends ${conflicts}, retried after order conflicts ${orderRetries}, subscriber saw ${seen.size} ` +
            `(skipped ${skipped}, duplicated ${duplicated}, rolled back seen ${rolledBackSeen}, unexpected ${unexpected}, out of order ${orderViolations}, streams out of version order ${streamOrderViolations})`,
        );
        expect(committed.size).toBe(writers * eventsPerWriter + hotCommitted);
        expect(rolledBack.size).toBeGreaterThan(0);
        expect(skipped).toBe(0);
        expect(duplicated).toBe(0);
        expect(rolledBackSeen).toBe(0);
        expect(unexpected).toBe(0);
        expect(orderViolations).toBe(0);
        expect(streamOrderViolations).toBe(0);
        expect(seen.size).toBe(committed.size);
        for (const streamId of [...ownStreams, hotStream]) {
          const stored = await store.readStream(streamId);
          expect(verifyStreamChain(stored).valid).toBe(true);
        }
        expect((await Promise.all(ownStreams.map((streamId) => store.streamVersion(streamId))))).toEqual(ownStreams.map(() => BigInt(eventsPerWriter)));
      }, 120_000);
    });
  });
}
