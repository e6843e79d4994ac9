/**
 * @jest-environment node
 */
// A chunk's modules are evaluated in a task after the one its script arrived in (chunk-arrival.ts): webpack's runtime
// stood in for by its one function the change wraps, `__webpack_require__.e` (load a chunk), here resolved at once.
import { evaluateChunksInTheirOwnTask } from './chunk-arrival';

type Runtime = { e: (chunkId: string | number) => Promise<unknown> };
const holder = globalThis as { __webpack_require__?: Runtime };

/** The rest of the current task: its microtasks, many levels deep. */
async function restOfTask(): Promise<void> {
  for (let level = 0; level < 20; level += 1) await Promise.resolve();
}

describe('evaluateChunksInTheirOwnTask', () => {
  afterEach(() => delete holder.__webpack_require__);

  it('resolves a loaded chunk in a later task, not in the microtasks of the task it arrived in', async () => {
    const runtime: Runtime = { e: () => Promise.resolve() };
    holder.__webpack_require__ = runtime;
    evaluateChunksInTheirOwnTask();
    const order: string[] = [];
    const imported = runtime.e(3659).then(() => order.push('modules evaluated'));
    await restOfTask();
    order.push('arriving task over');
    await imported;
    expect(order).toEqual(['arriving task over', 'modules evaluated']);
  });

  it('passes a chunk that failed to load on as the same failure', async () => {
    const failure = new Error('Loading chunk 3659 failed.');
    const runtime: Runtime = { e: () => Promise.reject(failure) };
    holder.__webpack_require__ = runtime;
    evaluateChunksInTheirOwnTask();
    await expect(runtime.e(3659)).rejects.toBe(failure);
  });

  it('changes nothing without webpack’s runtime', () => {
    expect(() => evaluateChunksInTheirOwnTask()).not.toThrow();
    expect(holder.__webpack_require__).toBeUndefined();
  });
});
