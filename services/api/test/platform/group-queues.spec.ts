import { GroupQueues } from '../../src/platform/use-cases/group-queues';

interface Member {
  name: string;
  reject(error: unknown): void;
}

/** Queues whose groups stay in flight until the test finishes them, recording every group they were given. */
function controlledQueues(tickMs: number) {
  const groups: string[][] = [];
  const finishers: Array<() => void> = [];
  const queues = new GroupQueues<Member>(
    (_key, group) =>
      new Promise<void>((resolve) => {
        groups.push(group.map((member) => member.name));
        finishers.push(resolve);
      }),
    200,
    tickMs,
  );
  const add = (key: string, name: string) => queues.add(key, { name, reject: () => undefined });
  const finishNext = async () => {
    finishers.shift()!();
    await jest.advanceTimersByTimeAsync(0);
  };
  return { add, groups, finishNext };
}

describe('GroupQueues', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('without a tick, commits what arrived meanwhile as soon as the previous group is done', async () => {
    const { add, groups, finishNext } = controlledQueues(0);
    add('item', 'a');
    await jest.advanceTimersByTimeAsync(0);
    add('item', 'b');
    add('item', 'c');
    expect(groups).toEqual([['a']]);
    await finishNext();
    expect(groups).toEqual([['a'], ['b', 'c']]);
  });

  it('with a tick, starts a key’s groups at most once per tick, so a tick’s requests share one group', async () => {
    const { add, groups, finishNext } = controlledQueues(5);
    add('item', 'a');
    add('item', 'b');
    await jest.advanceTimersByTimeAsync(0);
    await finishNext();
    add('item', 'c');
    await jest.advanceTimersByTimeAsync(3);
    add('item', 'd');
    expect(groups).toEqual([['a', 'b']]);
    await jest.advanceTimersByTimeAsync(2);
    expect(groups).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
  });

  it('with a tick, a lone request starts no tick: the next one, alone too, is not delayed', async () => {
    const { add, groups, finishNext } = controlledQueues(5);
    add('item', 'a');
    await jest.advanceTimersByTimeAsync(0);
    await finishNext();
    add('item', 'b');
    await jest.advanceTimersByTimeAsync(0);
    expect(groups).toEqual([['a'], ['b']]);
  });

  it('with a tick, keys do not wait for each other, and a group longer than a tick is followed at once', async () => {
    const { add, groups, finishNext } = controlledQueues(5);
    add('one', 'a');
    add('two', 'x');
    await jest.advanceTimersByTimeAsync(0);
    expect(groups).toEqual([['a'], ['x']]);
    add('one', 'b');
    await jest.advanceTimersByTimeAsync(10);
    await finishNext();
    expect(groups).toEqual([['a'], ['x'], ['b']]);
  });
});
