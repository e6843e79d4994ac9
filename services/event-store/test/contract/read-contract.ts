import { randomUUID } from 'node:crypto';
import {
  CHECKPOINT_START,
  type Checkpoint,
  type EventStore,
  type StoredEvent,
  StreamOrderConflictError,
  WrongExpectedVersionError,
  compareCheckpoints,
} from '../../src/event-store.port';
import { verifyStreamChain } from '../../src/hash-chain';
import {
  type EventStoreContractCapabilities,
  type EventStoreContractFixture,
  sleep,
  uniqueStream,
  events,
  readUntil,
  settledCheckpoint,
  checkpointOf,
} from './contract-support';

/** Reads: readAll, subscriptions, commit order and concurrent writers. */
export function readContract(
  name: string,
  fixture: EventStoreContractFixture,
  capabilities: EventStoreContractCapabilities,
): void {
  const { writers, eventsPerWriter } = capabilities.concurrency;
  let store: EventStore;
  beforeAll(() => {
    store = fixture.store;
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
      expect(everything.checkpoint).toEqual({
        transactionId: appended.at(-1)!.transactionId,
        position: appended.at(-1)!.position,
      });
      expect(await store.headCheckpoint()).toEqual(everything.checkpoint);
      const after = await store.readAll(everything.checkpoint);
      expect(after).toEqual({ events: [], nextCheckpoint: everything.checkpoint, caughtUp: true });
    });

    it('filters by event type and still moves the checkpoint past skipped events', async () => {
      const start = await settledCheckpoint(store);
      for (let index = 0; index < 4; index += 1) {
        await store.append([
          {
            streamId: uniqueStream('filter'),
            expectedVersion: 'no_stream',
            events: [...events(2, 'Wanted'), ...events(3, 'Unwanted')],
          },
        ]);
      }
      const tail = await store.append([
        { streamId: uniqueStream('filter-tail'), expectedVersion: 'no_stream', events: events(2, 'Unwanted') },
      ]);
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
        appended.push(
          ...(
            await store.append([
              { streamId: uniqueStream('subscribed'), expectedVersion: 'no_stream', events: events(3, 'Seen') },
            ])
          ).events,
        );
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
      const appended = (
        await store.append([
          { streamId: uniqueStream('retried'), expectedVersion: 'no_stream', events: events(4, 'Retried') },
        ])
      ).events;
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
          const result = await store.append(
            [{ streamId: uniqueStream('slow'), expectedVersion: 'no_stream', events: events(1, 'Slow') }],
            { transaction },
          );
          slowAppended();
          await slowMayCommit;
          return result;
        });
        await slowHasAppended;
        const fast = await store.append([
          { streamId: uniqueStream('fast'), expectedVersion: 'no_stream', events: events(1, 'Fast') },
        ]);
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
          await store.append(
            [{ streamId: uniqueStream('snapshot-slow'), expectedVersion: 'no_stream', events: events(1, 'Slow') }],
            { transaction },
          );
          slowAppended();
          await slowMayCommit;
        });
        await slowHasAppended;
        const fast = await store.append([
          { streamId: uniqueStream('snapshot-fast'), expectedVersion: 'no_stream', events: events(2, 'Fast') },
        ]);
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
          await store.append(
            [{ streamId: uniqueStream('older-own'), expectedVersion: 'no_stream', events: events(1) }],
            { transaction },
          );
          olderWrote();
          await olderMayAppend;
          // It decides on the stream as it is now (version 2, committed by the newer transaction meanwhile).
          const version = await store.streamVersion(streamId, { transaction });
          return store.append([{ streamId, expectedVersion: version, events: events(1, 'FromOlder') }], {
            transaction,
          });
        });
        await olderHasWritten;
        const newer = await store.append([{ streamId, expectedVersion: 1, events: events(1, 'FromNewer') }]);
        releaseOlder();
        const refusal = await older.then(
          () => undefined,
          (error: unknown) => error,
        );
        expect(refusal).toBeInstanceOf(StreamOrderConflictError);
        expect(refusal).toBeInstanceOf(WrongExpectedVersionError);
        expect((refusal as StreamOrderConflictError).actualVersion).toBe(2n);
        // Retried in a new transaction, as a command handler does, it succeeds after the newer one.
        const retried = await store.withTransaction((transaction) =>
          store.append([{ streamId, expectedVersion: 2, events: events(1, 'FromOlder') }], { transaction }),
        );
        expect(retried.streams[0].nextExpectedVersion).toBe(3n);
        const read = await readUntil(store, start, checkpointOf(retried.events[0]), 100);
        const stream = read.events.filter((event) => event.streamId === streamId);
        expect(stream.map((event) => [event.streamVersion, event.type])).toEqual([
          [1n, 'First'],
          [2n, 'FromNewer'],
          [3n, 'FromOlder'],
        ]);
        expect(stream[0].id).toBe(first.events[0].id);
        expect(stream[1].id).toBe(newer.events[0].id);
      });
    } else {
      it('serialises transactions on its single session, so each commit is readable at once and in order', async () => {
        const head = await settledCheckpoint(store);
        const inside = await store.withTransaction(async (transaction) => {
          const result = await store.append(
            [{ streamId: uniqueStream('serial'), expectedVersion: 'no_stream', events: events(2) }],
            { transaction },
          );
          return result;
        });
        const after = await store.append([
          { streamId: uniqueStream('serial'), expectedVersion: 'no_stream', events: events(1) },
        ]);
        const read = await readUntil(store, head, checkpointOf(after.events.at(-1)!), 10);
        expect(read.events.map((event) => event.id)).toEqual(
          [...inside.events, ...after.events].map((event) => event.id),
        );
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
          const batch = Array.from({ length: count }, (_, index) => ({
            id: randomUUID(),
            type: 'Load',
            data: { writerIndex, index },
          }));
          const hotEvent = { id: randomUUID(), type: 'HotLoad', data: { writerIndex } };
          const ids = [...batch.map((event) => event.id), ...(useHotStream ? [hotEvent.id] : [])];
          try {
            const result = await store.withTransaction(async (transaction) => {
              const appended = await store.append(
                [
                  { streamId: ownStream, expectedVersion: ownVersion, events: batch },
                  ...(useHotStream
                    ? [{ streamId: hotStream, expectedVersion: 'any' as const, events: [hotEvent] }]
                    : []),
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
            await store
              .append([{ streamId: ownStream, expectedVersion: ownVersion + 5n, events: events(1, 'Stale') }])
              .catch((error: unknown) => {
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
      expect(await Promise.all(ownStreams.map((streamId) => store.streamVersion(streamId)))).toEqual(
        ownStreams.map(() => BigInt(eventsPerWriter)),
      );
    }, 120_000);
  });
}
