import { firstItems, InFlightBatcher } from '../../src/modules/ledger/infrastructure/in-flight-batcher';

/** A batcher whose batches stay in flight until the test finishes them, recording every batch it was given. */
function controlledBatcher(options: { maxInFlight: number; extraLaneAfterMs?: number; tickMs?: number }) {
  const batches: string[][] = [];
  const finishers: Array<() => void> = [];
  const batcher = new InFlightBatcher<string>({
    ...options,
    takeBatch: firstItems(256),
    process: (batch) =>
      new Promise<void>((resolve) => {
        batches.push(batch);
        finishers.push(resolve);
      }),
  });
  /** Finishes the oldest batch still in flight and lets the lane that carried it take what waits. */
  const finishNext = async () => {
    finishers.shift()!();
    await jest.advanceTimersByTimeAsync(0);
  };
  return { batcher, batches, finishNext };
}

describe('InFlightBatcher', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('without a lane delay, opens a lane per item up to maxInFlight, and the rest wait for the first lane free', async () => {
    const { batcher, batches, finishNext } = controlledBatcher({ maxInFlight: 3 });
    for (const item of ['a', 'b', 'c', 'd', 'e']) batcher.add(item);
    expect(batches).toEqual([['a'], ['b'], ['c']]);
    await finishNext();
    expect(batches).toEqual([['a'], ['b'], ['c'], ['d', 'e']]);
  });

  it('with a lane delay, items that arrive while a batch is in flight wait for it and then go as one batch', async () => {
    const { batcher, batches, finishNext } = controlledBatcher({ maxInFlight: 3, extraLaneAfterMs: 2 });
    batcher.add('a');
    batcher.add('b');
    batcher.add('c');
    expect(batches).toEqual([['a']]);
    await jest.advanceTimersByTimeAsync(1);
    expect(batches).toEqual([['a']]);
    await finishNext();
    expect(batches).toEqual([['a'], ['b', 'c']]);
    // The lane timer started for b and c is cleared once they are on their way (no wake-up for nothing).
    expect(jest.getTimerCount()).toBe(0);
    await jest.advanceTimersByTimeAsync(10);
    expect(batches).toEqual([['a'], ['b', 'c']]);
  });

  it('with a lane delay, items that have waited that long get a lane of their own while the first is still in flight', async () => {
    const { batcher, batches } = controlledBatcher({ maxInFlight: 3, extraLaneAfterMs: 2 });
    batcher.add('a');
    batcher.add('b');
    await jest.advanceTimersByTimeAsync(2);
    expect(batches).toEqual([['a'], ['b']]);
    batcher.add('c');
    batcher.add('d');
    await jest.advanceTimersByTimeAsync(2);
    expect(batches).toEqual([['a'], ['b'], ['c', 'd']]);
    // Three lanes are busy: the next items wait however long it takes.
    batcher.add('e');
    await jest.advanceTimersByTimeAsync(50);
    expect(batches).toEqual([['a'], ['b'], ['c', 'd']]);
  });

  it('with a lane delay, an item that arrives when nothing is in flight goes at once', async () => {
    const { batcher, batches, finishNext } = controlledBatcher({ maxInFlight: 3, extraLaneAfterMs: 2 });
    batcher.add('a');
    await finishNext();
    batcher.add('b');
    expect(batches).toEqual([['a'], ['b']]);
  });
});

describe('InFlightBatcher with a tick', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('starts batches at most once per tick: what arrives within a tick goes as one batch', async () => {
    const { batcher, batches, finishNext } = controlledBatcher({ maxInFlight: 3, extraLaneAfterMs: 2, tickMs: 5 });
    batcher.add('a');
    batcher.add('b');
    batcher.add('c');
    await finishNext();
    expect(batches).toEqual([['a'], ['b', 'c']]);
    await finishNext();
    batcher.add('d');
    await jest.advanceTimersByTimeAsync(2);
    batcher.add('e');
    // Nothing in flight, but the tick that started with b and c has not passed: d and e wait for it, no extra lane
    // opens.
    await jest.advanceTimersByTimeAsync(2);
    expect(batches).toEqual([['a'], ['b', 'c']]);
    await jest.advanceTimersByTimeAsync(1);
    expect(batches).toEqual([['a'], ['b', 'c'], ['d', 'e']]);
  });

  it('does not delay an item that arrives a tick or more after the last batch started', async () => {
    const { batcher, batches, finishNext } = controlledBatcher({ maxInFlight: 1, tickMs: 5 });
    batcher.add('a');
    batcher.add('b');
    batcher.add('c');
    await finishNext();
    await finishNext();
    await jest.advanceTimersByTimeAsync(5);
    batcher.add('d');
    expect(batches).toEqual([['a'], ['b', 'c'], ['d']]);
  });

  it('starts no tick with a lone item: the next item, alone too, is not delayed', async () => {
    const { batcher, batches, finishNext } = controlledBatcher({ maxInFlight: 3, tickMs: 5 });
    batcher.add('a');
    await finishNext();
    batcher.add('b');
    expect(batches).toEqual([['a'], ['b']]);
  });

  it('at saturation (batches longer than a tick) takes the next batch as soon as the lane is free', async () => {
    const { batcher, batches, finishNext } = controlledBatcher({ maxInFlight: 1, tickMs: 5 });
    batcher.add('a');
    batcher.add('b');
    await jest.advanceTimersByTimeAsync(10);
    batcher.add('c');
    await finishNext();
    expect(batches).toEqual([['a'], ['b', 'c']]);
  });
});
