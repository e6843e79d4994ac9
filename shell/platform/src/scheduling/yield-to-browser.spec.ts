/**
 * @jest-environment node
 */
// Node has MessageChannel (as browsers do); the DOM environment of the component tests has neither it nor scheduler.
import { yieldToBrowser } from './yield-to-browser';

async function order(): Promise<string[]> {
  const seen: string[] = [];
  const yielded = yieldToBrowser().then(() => seen.push('after the yield'));
  queueMicrotask(() => seen.push('a microtask queued after it'));
  await yielded;
  return seen;
}

describe('yieldToBrowser', () => {
  afterEach(() => {
    delete (globalThis as { scheduler?: unknown }).scheduler;
  });

  it('resumes in a later task: the microtasks queued after it run first', async () => {
    expect(await order()).toEqual(['a microtask queued after it', 'after the yield']);
  });

  it("uses the browser's scheduler.yield() where there is one", async () => {
    const yieldCalls: number[] = [];
    (globalThis as { scheduler?: unknown }).scheduler = {
      yield: () => {
        yieldCalls.push(1);
        return new Promise<void>((resolve) => setTimeout(resolve, 0));
      },
    };
    expect(await order()).toEqual(['a microtask queued after it', 'after the yield']);
    expect(yieldCalls).toHaveLength(1);
  });
});
