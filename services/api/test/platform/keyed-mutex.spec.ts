import { KeyedMutex } from '../../src/platform/idempotency/keyed-mutex';

/** A piece of work that records when it starts and ends, and finishes only when told to. */
function gatedWork(log: string[], name: string) {
  let finish!: () => void;
  const gate = new Promise<void>((resolve) => (finish = resolve));
  return {
    finish,
    run: async () => {
      log.push(`${name} start`);
      await gate;
      log.push(`${name} end`);
      return name;
    },
  };
}

const ticks = async (count = 5) => {
  for (let index = 0; index < count; index += 1) await Promise.resolve();
};

describe('KeyedMutex', () => {
  it('runs work on disjoint keys at once, and work on a shared key one after the other in arrival order', async () => {
    const mutex = new KeyedMutex();
    const log: string[] = [];
    const first = gatedWork(log, 'first');
    const second = gatedWork(log, 'second');
    const third = gatedWork(log, 'third');
    const other = gatedWork(log, 'other');
    const running = [
      mutex.runExclusive(['a', 'b'], first.run),
      mutex.runExclusive(['b'], second.run),
      mutex.runExclusive(['b', 'a'], third.run),
      mutex.runExclusive(['c'], other.run),
    ];
    await ticks();
    expect(log).toEqual(['first start', 'other start']);

    first.finish();
    await ticks(10);
    expect(log).toEqual(['first start', 'other start', 'first end', 'second start']);

    second.finish();
    await ticks(10);
    expect(log.slice(-2)).toEqual(['second end', 'third start']);

    third.finish();
    other.finish();
    await expect(Promise.all(running)).resolves.toEqual(['first', 'second', 'third', 'other']);
  });

  it('frees every key when the work throws, and takes a key listed twice once', async () => {
    const mutex = new KeyedMutex();
    await expect(
      mutex.runExclusive(['x', 'x', 'y'], async () => {
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    // Were a key still held, this would never settle.
    await expect(mutex.runExclusive(['y', 'x'], async () => 'free')).resolves.toBe('free');
  });

  it('never deadlocks callers that list overlapping keys in opposite orders', async () => {
    const mutex = new KeyedMutex();
    let inside = 0;
    let most = 0;
    const work = async () => {
      inside += 1;
      most = Math.max(most, inside);
      await ticks(3);
      inside -= 1;
    };
    await Promise.all(
      Array.from({ length: 50 }, (_, index) => mutex.runExclusive(index % 2 === 0 ? ['p', 'q'] : ['q', 'p'], work)),
    );
    expect(most).toBe(1);
  });
});
