import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { createTestDatabase, type TestDatabase } from '@app/event-store/src/testing';
import { startApi } from '../api-process';
import { UnexpectedExit } from '../process-watch';
import { DEFAULT_CHAOS, runChaos } from './ledger-chaos';

/** This process's children that are a benchmark server (API or worker), with their role and DATA_DIR, from /proc. */
function benchServers(): { pid: number; role: string; dataDirectory: string }[] {
  const servers: { pid: number; role: string; dataDirectory: string }[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The parent's pid is the field after the command, which is in parentheses and may hold spaces.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) !== process.pid) continue;
      const environment = new Map(
        readFileSync(`/proc/${entry}/environ`, 'utf8')
          .split('\0')
          .map((variable) => [variable.slice(0, variable.indexOf('=')), variable.slice(variable.indexOf('=') + 1)]),
      );
      const role = environment.get('BENCH_SERVER_ROLE');
      const dataDirectory = environment.get('BENCH_SERVER_DATA_DIR') ?? environment.get('DATA_DIR');
      if (role && dataDirectory) servers.push({ pid: Number(entry), role, dataDirectory });
    } catch {
      // Gone meanwhile.
    }
  }
  return servers;
}

async function waitFor<T>(what: string, find: () => T | undefined, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

// The API and worker run from source here (BENCH_API unset); `npm run bench:chaos` runs the built ones the same way.
describe('chaos run: a process dying on its own', () => {
  let database: TestDatabase;
  // Creating and dropping a database waits for a checkpoint: seconds on a machine busy with other work.
  beforeEach(async () => {
    database = await createTestDatabase('chaos_watch');
  }, 60_000);
  afterEach(async () => {
    await database?.drop();
  }, 60_000);

  it('fails the run at once, naming the worker and how it died, and stops the API and its DATA_DIR', async () => {
    const log: string[] = [];
    const options = {
      ...DEFAULT_CHAOS,
      databaseUrl: database.url,
      fault: 'API' as const,
      clients: 2,
      ratePerSecond: 20,
      seconds: 30,
      faultAfterSeconds: 20,
    };
    const run = runChaos(options, (line) => log.push(line));
    const outcome = run.catch((error: Error) => error);
    // Once the load runs, the worker dies of something the benchmark did not do.
    await waitFor('the warm-up', () => (log.some((line) => line.startsWith('warming up')) ? true : undefined));
    const servers = benchServers();
    const worker = servers.find((server) => server.role === 'worker')!;
    process.kill(worker.pid, 'SIGKILL');
    const killedAt = Date.now();

    const error = await outcome;
    expect(error).toBeInstanceOf(UnexpectedExit);
    expect((error as Error).message).toMatch(
      new RegExp(`^The worker process \\(pid ${worker.pid}\\) exited unexpectedly \\(killed by SIGKILL\\); its last`),
    );
    // At once: not after the 30 s run, nor the 60 s a command is given up after.
    expect(Date.now() - killedAt).toBeLessThan(10_000);
    // Reported once, by the error the run throws: not also as a log line.
    expect(log.filter((line) => line.includes('exited unexpectedly'))).toEqual([]);
    // Nothing the run started is left: no server process, no DATA_DIR.
    expect(servers.map((server) => server.role).sort()).toEqual(['http', 'worker']);
    expect(servers.filter((server) => isAlive(server.pid))).toEqual([]);
    expect(benchServers()).toEqual([]);
    expect(existsSync(dirname(worker.dataDirectory))).toBe(false);
  }, 120_000);

  it('stays silent when the benchmark kills the worker and starts it again, and watches the new one', async () => {
    const log: string[] = [];
    const api = await startApi(database.url, 'api + worker', (line) => log.push(line));
    try {
      const before = api.workerPid!;
      await api.killAndRestart('worker');
      expect(api.workerPid).not.toBe(before);
      const settled = await Promise.race([
        api.failed.catch((error: Error) => error),
        new Promise((resolve) => setTimeout(() => resolve('still running'), 1_000)),
      ]);
      expect(settled).toBe('still running');
      expect(log.filter((line) => line.includes('unexpectedly'))).toEqual([]);

      process.kill(api.workerPid!, 'SIGTERM');
      await expect(api.failed).rejects.toThrow(
        new RegExp(`^The worker process \\(pid ${api.workerPid}\\) exited unexpectedly \\((exit code|killed by)`),
      );
      // This caller read `failed`, so the rejection is the report; startApi logs nothing of it.
      expect(log.filter((line) => line.includes('exited unexpectedly'))).toEqual([]);
    } finally {
      await api.stop();
    }
    expect(benchServers()).toEqual([]);
  }, 120_000);
});
