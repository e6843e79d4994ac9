import { spawn, type ChildProcess } from 'node:child_process';
import { OutputTail, ProcessWatch, UnexpectedExit } from './process-watch';

const PENDING = Symbol('pending');

/** What `promise` settled with within `ms`, or PENDING. */
async function within<T>(promise: Promise<T>, ms: number): Promise<T | Error | typeof PENDING> {
  let timer: NodeJS.Timeout | undefined;
  const pending = new Promise<typeof PENDING>((resolve) => (timer = setTimeout(() => resolve(PENDING), ms)));
  try {
    return await Promise.race([promise.catch((error: Error) => error), pending]);
  } finally {
    clearTimeout(timer);
  }
}

/** A real Node.js child running `script`, its output piped. */
function node(script: string): ChildProcess {
  return spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
}

const exited = (child: ChildProcess) => new Promise<number>((resolve) => child.once('exit', () => resolve(Date.now())));
const LIVES_ON = 'setInterval(() => undefined, 1000)';

describe('ProcessWatch', () => {
  const children: ChildProcess[] = [];
  afterEach(() => {
    for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill();
  });

  it('fails at once when a child exits by itself, naming it, its exit code and its last lines (a bounded tail)', async () => {
    const watch = new ProcessWatch();
    const child = node(
      `for (let i = 1; i <= 50; i++) console.log('line ' + i);
       setTimeout(() => { console.error('Error: Connection terminated unexpectedly'); process.exit(3); }, 300);`,
    );
    children.push(child);
    const exitAt = exited(child);
    watch.child('worker process', child, new OutputTail(5));

    const error = await within(watch.failed, 5_000);
    const failedAt = Date.now();
    expect(error).toBeInstanceOf(UnexpectedExit);
    const failure = error as UnexpectedExit;
    expect(failure.message).toBe(
      `The worker process (pid ${child.pid}) exited unexpectedly (exit code 3); its last lines:\n` +
        ['line 47', 'line 48', 'line 49', 'line 50', 'Error: Connection terminated unexpectedly']
          .map((line) => `  | ${line}`)
          .join('\n'),
    );
    expect(failure.process).toBe(`worker process (pid ${child.pid})`);
    // Promptly: as soon as the exit is seen, not after some timeout.
    expect(failedAt - (await exitAt)).toBeLessThan(1_000);
  });

  it('names the signal when something else kills a child', async () => {
    const watch = new ProcessWatch();
    const child = node(`console.log('up'); ${LIVES_ON}`);
    children.push(child);
    watch.child('API process', child);
    await new Promise((resolve) => child.stdout!.once('data', resolve));
    process.kill(child.pid!, 'SIGKILL');

    const error = await within(watch.failed, 5_000);
    expect(error).toBeInstanceOf(UnexpectedExit);
    expect((error as Error).message).toBe(
      `The API process (pid ${child.pid}) exited unexpectedly (killed by SIGKILL); its last lines:\n  | up`,
    );
  });

  it('stays silent when a child it was told about is killed, and still watches the one started in its place', async () => {
    const watch = new ProcessWatch();
    const first = node(LIVES_ON);
    children.push(first);
    const watched = watch.child('worker process', first);
    watched.expectExit();
    const firstExit = exited(first);
    first.kill('SIGKILL');
    await firstExit;
    expect(await within(watch.failed, 500)).toBe(PENDING);

    // kill -9, then started again: the new process is watched as the old one was.
    const second = node(`setTimeout(() => process.exit(1), 200)`);
    children.push(second);
    watch.child('worker process', second);
    const error = await within(watch.failed, 5_000);
    expect((error as Error).message).toBe(
      `The worker process (pid ${second.pid}) exited unexpectedly (exit code 1); its last lines:\n` +
        '  (it printed nothing)',
    );
  });

  it('stays silent on every exit after close (the benchmark stopping what it started)', async () => {
    const watch = new ProcessWatch();
    const child = node(LIVES_ON);
    children.push(child);
    watch.child('API process', child);
    watch.close();
    const exit = exited(child);
    child.kill('SIGTERM');
    await exit;
    expect(await within(watch.failed, 500)).toBe(PENDING);
  });

  it('polls a process that is not its child (a daemon) and fails once it is gone, with the lines it is given', async () => {
    const watch = new ProcessWatch();
    // Detached, as pg_ctlcluster leaves a postmaster: only its pid is known.
    const daemon = spawn(process.execPath, ['-e', 'setTimeout(() => process.exit(0), 300)'], {
      detached: true,
      stdio: 'ignore',
    });
    children.push(daemon);
    const exitAt = exited(daemon);
    watch.pid('PostgreSQL server 15/chaos', daemon.pid!, () => ['LOG:  database system is shut down'], 50);

    const error = await within(watch.failed, 5_000);
    expect((error as Error).message).toBe(
      `The PostgreSQL server 15/chaos (pid ${daemon.pid}) exited unexpectedly (not a child of the benchmark, so its ` +
        'exit code and signal cannot be read); its last lines:\n  | LOG:  database system is shut down',
    );
    expect(Date.now() - (await exitAt)).toBeLessThan(1_000);
  });

  it('stays silent when a polled process it was told about goes away', async () => {
    const watch = new ProcessWatch();
    const daemon = spawn(process.execPath, ['-e', LIVES_ON], { detached: true, stdio: 'ignore' });
    children.push(daemon);
    watch.pid('PostgreSQL server 15/chaos', daemon.pid!, () => [], 50).expectExit();
    const exit = exited(daemon);
    daemon.kill('SIGKILL');
    await exit;
    expect(await within(watch.failed, 500)).toBe(PENDING);
  });
});

describe('OutputTail', () => {
  it('joins lines split across chunks, keeps the last ones and clips long ones', () => {
    const tail = new OutputTail(3, 10);
    tail.push('one\ntw');
    tail.push('o\r\nthree\n');
    tail.push('a line longer than ten\nunfinished');
    expect(tail.lines()).toEqual(['three', 'a line lon…', 'unfinished']);
  });
});
