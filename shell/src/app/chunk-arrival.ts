import { yieldToBrowser } from '@app/platform';

type EnsureChunk = (chunkId: string | number) => Promise<unknown>;
declare const __webpack_require__: { e?: EnsureChunk } | undefined;

/**
 * Evaluates the modules of a chunk loaded on demand in a task after the one in which its script arrived (issue 45).
 * Webpack resolves `import()` in the arriving script's own task: the browser's compile of the script, then, in its
 * microtasks, the evaluation of every module the import needs (zod and the contracts with the session's chunk) and
 * the code that awaited it. On a phone that was one of the first page's longest tasks; now it is two.
 * Without webpack's runtime (tests), nothing changes.
 */
export function evaluateChunksInTheirOwnTask(): void {
  if (typeof __webpack_require__ === 'undefined' || typeof __webpack_require__.e !== 'function') return;
  const ensureChunk = __webpack_require__.e;
  __webpack_require__.e = (chunkId) => ensureChunk(chunkId).then(yieldToBrowser);
}
