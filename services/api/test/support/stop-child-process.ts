import type { ChildProcess } from 'node:child_process';

/**
 * Sends `signal` to a test's child process and resolves once it has exited. An afterAll that only sends the signal
 * returns while the child (its handle and piped output) still holds Jest's worker open: when that file is the worker's
 * last, the worker outlives Jest's 500 ms end-of-run grace and is "force exited".
 */
export async function stopChildProcess(child: ChildProcess | undefined, signal: NodeJS.Signals = 'SIGTERM') {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill(signal);
  await exited;
}
