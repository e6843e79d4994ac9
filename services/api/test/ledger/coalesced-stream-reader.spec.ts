import type { EventStore, ReadStreamRequest } from '@app/event-store';
import { CoalescedStreamReader } from '../../src/modules/ledger/infrastructure/coalesced-stream-reader';
import { LedgerTestContext, openLedgerTestContext } from './support';

jest.setTimeout(60_000);

const events = (count: number) => Array.from({ length: count }, (_, index) => ({ type: 'Counted', data: { index } }));

describe('CoalescedStreamReader on PostgreSQL', () => {
  let context: LedgerTestContext;
  /** The real store, with every `readStreams` call it answers written down. */
  let store: EventStore;
  let calls: ReadStreamRequest[][];

  beforeAll(async () => {
    context = await openLedgerTestContext();
    const real = context.eventStore;
    store = Object.create(real) as EventStore;
    store.readStreams = (requests, options) => {
      calls.push([...requests]);
      return real.readStreams(requests, options);
    };
  });
  beforeEach(() => {
    calls = [];
  });
  afterAll(() => context.close());

  it('answers 64 concurrent reads with what readStream answers, in far fewer statements', async () => {
    const streams = Array.from({ length: 64 }, (_, index) => `reader-${index}`);
    await context.eventStore.append(
      streams.map((streamId, index) => ({ streamId, expectedVersion: 0, events: events(1 + (index % 4)) })),
    );
    const reader = new CoalescedStreamReader(store);

    const read = await Promise.all(streams.map((streamId, index) => reader.read(streamId, BigInt(1 + (index % 2)))));

    for (const [index, streamId] of streams.entries()) {
      expect(read[index]).toEqual(
        await context.eventStore.readStream(streamId, { fromVersion: BigInt(1 + (index % 2)) }),
      );
    }
    expect(calls.flat()).toHaveLength(64);
    // Asked for in one tick: one statement.
    expect(calls).toHaveLength(1);
  });

  it('coalesces reads that arrive while one is in flight, and keeps each read its own versions of a stream asked for twice', async () => {
    await context.eventStore.append([{ streamId: 'reader-twice', expectedVersion: 0, events: events(5) }]);
    const reader = new CoalescedStreamReader(store);
    const results: Promise<unknown>[] = [];
    // Reads spread over several ticks while earlier ones are in flight.
    for (let index = 0; index < 40; index += 1) {
      results.push(reader.read(`reader-${index}`, 1n));
      if (index % 4 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    const twice = await Promise.all([
      reader.read('reader-twice', 4n),
      reader.read('reader-twice', 2n),
      reader.read('reader-missing', 1n),
    ]);
    await Promise.all(results);
    expect(calls.flat()).toHaveLength(43);
    expect(calls.length).toBeLessThan(15);
    expect(twice[0].map((event) => event.streamVersion)).toEqual([4n, 5n]);
    expect(twice[1].map((event) => event.streamVersion)).toEqual([2n, 3n, 4n, 5n]);
    expect(twice[2]).toEqual([]);
  });

  it('fails every read of a failed batch, and reads again afterwards', async () => {
    const failing = Object.create(store) as EventStore;
    let fail = true;
    failing.readStreams = (requests, options) =>
      fail ? Promise.reject(new Error('connection lost')) : store.readStreams(requests, options);
    const reader = new CoalescedStreamReader(failing);

    const outcomes = await Promise.allSettled([reader.read('reader-1', 1n), reader.read('reader-2', 1n)]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);

    fail = false;
    expect(await reader.read('reader-1', 1n)).toEqual(await context.eventStore.readStream('reader-1'));
  });
});
