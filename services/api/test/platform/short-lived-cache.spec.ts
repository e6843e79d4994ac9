import { ShortLivedCache } from '../../src/platform/caching/short-lived-cache';

describe('ShortLivedCache', () => {
  let clock = 0;
  const cache = (ttl: number, max?: number) => new ShortLivedCache<string>(ttl, max, () => clock);
  beforeEach(() => {
    clock = 0;
  });

  it('loads a key once while fresh, and shares a load in flight', async () => {
    const subject = cache(1_000);
    let loads = 0;
    let release!: (value: string) => void;
    const load = () => {
      loads += 1;
      return new Promise<string>((resolve) => (release = resolve));
    };
    const first = subject.get('page', load);
    const second = subject.get('page', load);
    release('answer');
    expect(await Promise.all([first, second])).toEqual(['answer', 'answer']);
    clock = 999;
    expect(await subject.get('page', () => Promise.resolve('newer'))).toBe('answer');
    expect(loads).toBe(1);
  });

  it('loads again once the entry has expired', async () => {
    const subject = cache(1_000);
    await subject.get('page', () => Promise.resolve('old'));
    clock = 1_000;
    expect(await subject.get('page', () => Promise.resolve('new'))).toBe('new');
  });

  it('forgets everything on invalidate, loads in flight included', async () => {
    const subject = cache(1_000);
    let release!: (value: string) => void;
    const inFlight = subject.get('page', () => new Promise<string>((resolve) => (release = resolve)));
    subject.invalidate();
    const afterWrite = subject.get('page', () => Promise.resolve('after the write'));
    release('before the write');
    expect(await inFlight).toBe('before the write');
    expect(await afterWrite).toBe('after the write');
    expect(await subject.get('page', () => Promise.resolve('unused'))).toBe('after the write');
  });

  it('does not keep a failed load', async () => {
    const subject = cache(1_000);
    await expect(subject.get('page', () => Promise.reject(new Error('database down')))).rejects.toThrow(
      'database down',
    );
    expect(await subject.get('page', () => Promise.resolve('recovered'))).toBe('recovered');
  });

  it('holds at most maxEntries keys, dropping the oldest', async () => {
    const subject = cache(1_000, 2);
    await subject.get('a', () => Promise.resolve('a1'));
    await subject.get('b', () => Promise.resolve('b1'));
    await subject.get('c', () => Promise.resolve('c1'));
    expect(subject.size).toBe(2);
    expect(await subject.get('a', () => Promise.resolve('a2'))).toBe('a2');
    expect(await subject.get('c', () => Promise.resolve('c2'))).toBe('c1');
  });

  it('with a ttl of 0 loads every time', async () => {
    const subject = cache(0);
    await subject.get('page', () => Promise.resolve('first'));
    expect(await subject.get('page', () => Promise.resolve('second'))).toBe('second');
    expect(subject.size).toBe(0);
  });
});
