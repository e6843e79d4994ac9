import type { ChildProcess } from 'node:child_process';

/**
 * The last lines a process printed, bounded in lines and in characters per line: a benchmark's server may print for
 * minutes, and only its last words say why it died.
 */
export class OutputTail {
  private readonly kept: string[] = [];
  private partial = '';

  constructor(
    private readonly maxLines = 20,
    private readonly maxLineLength = 400,
  ) {}

  push(chunk: Buffer | string): void {
    const parts = (this.partial + chunk.toString()).split('\n');
    this.partial = this.clip(parts.pop()!);
    for (const line of parts) this.keep(line);
  }

  /** The kept lines, the unfinished last one included. */
  lines(): string[] {
    return this.partial ? [...this.kept, this.partial].slice(-this.maxLines) : [...this.kept];
  }

  private keep(line: string): void {
    this.kept.push(this.clip(line.replace(/\r$/, '')));
    if (this.kept.length > this.maxLines) this.kept.shift();
  }

  private clip(line: string): string {
    return line.length > this.maxLineLength ? `${line.slice(0, this.maxLineLength)}…` : line;
  }
}

/** A watched process ended without being told to: who, how, and its last lines. */
export class UnexpectedExit extends Error {
  constructor(
    readonly process: string,
    readonly how: string,
    readonly lastLines: string[],
  ) {
    const tail = lastLines.length > 0 ? lastLines.map((line) => `  | ${line}`).join('\n') : '  (it printed nothing)';
    super(`The ${process} exited unexpectedly (${how}); its last lines:\n${tail}`);
    this.name = 'UnexpectedExit';
  }
}

/** One watched process: `expectExit()` before stopping or killing it on purpose keeps its exit silent. */
export interface Watched {
  expectExit(): void;
}

const exitDescription = (code: number | null, signal: NodeJS.Signals | null) =>
  signal !== null ? `killed by ${signal}` : `exit code ${code}`;

/**
 * Watches the processes a benchmark started: `failed` rejects with an UnexpectedExit as soon as one of them exits
 * without having been told to (`expectExit`), so the benchmark stops at once instead of waiting for its timeouts.
 * `failed` is never left unhandled: a benchmark that does not race it loses nothing.
 */
export class ProcessWatch {
  readonly failed: Promise<never>;
  private fail!: (error: UnexpectedExit) => void;
  private closed = false;
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor() {
    this.failed = new Promise<never>((_, reject) => (this.fail = reject));
    this.failed.catch(() => undefined);
  }

  /**
   * A child of this process; its stdout and stderr (when piped) are read into `tail`. The child's exit code or signal
   * is known here, so the failure names it.
   */
  child(name: string, child: ChildProcess, tail = new OutputTail()): Watched {
    child.stdout?.on('data', (chunk: Buffer) => tail.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => tail.push(chunk));
    let expected = false;
    // 'close' comes after the pipes are drained, so the tail holds everything the process printed.
    child.once('close', (code, signal) => {
      if (expected || this.closed) return;
      this.reject(new UnexpectedExit(`${name} (pid ${child.pid})`, exitDescription(code, signal), tail.lines()));
    });
    return { expectExit: () => void (expected = true) };
  }

  /**
   * A process that is not a child (a daemon, say the postmaster `pg_ctlcluster` starts), polled every `everyMs`: its
   * exit status cannot be read, so the failure says so, and `lastLines` reads its last lines (say, from its log).
   */
  pid(name: string, pid: number, lastLines: () => string[], everyMs = 200): Watched {
    // A process found after `close` (say, a restart that was in flight) is the benchmark's to stop, not to watch.
    if (this.closed) return { expectExit: () => undefined };
    const timer = setInterval(() => {
      if (isAlive(pid)) return;
      this.stopPolling(timer);
      if (this.closed) return;
      const how = 'not a child of the benchmark, so its exit code and signal cannot be read';
      this.reject(new UnexpectedExit(`${name} (pid ${pid})`, how, safely(lastLines)));
    }, everyMs);
    this.timers.add(timer);
    return { expectExit: () => this.stopPolling(timer) };
  }

  /** Stops watching: exits from now on are the benchmark's own doing (it is stopping everything). */
  close(): void {
    this.closed = true;
    for (const timer of this.timers) clearInterval(timer);
    this.timers.clear();
  }

  private stopPolling(timer: NodeJS.Timeout): void {
    clearInterval(timer);
    this.timers.delete(timer);
  }

  private reject(error: UnexpectedExit): void {
    // Only the first exit fails the run; the others are usually its consequences.
    this.close();
    this.fail(error);
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, but another user's.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function safely(lastLines: () => string[]): string[] {
  try {
    return lastLines();
  } catch (error) {
    return [`(its last lines could not be read: ${error instanceof Error ? error.message : String(error)})`];
  }
}
