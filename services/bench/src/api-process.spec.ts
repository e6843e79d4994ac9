import { randomBytes } from 'node:crypto';
import { stripVTControlCharacters } from 'node:util';
import { createTestDatabase, DEFAULT_TEST_DATABASE_URL, type TestDatabase } from '@app/event-store/src/testing';
import { startApi } from './api-process';
import { UnexpectedExit } from './process-watch';

const reportsOfAnExit = (log: string[]) => log.filter((line) => line.includes('exited unexpectedly'));

async function waitFor(what: string, found: () => boolean, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!found()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// The API runs from source here (BENCH_API unset), as a real process: its exit is what is reported.
describe('startApi: an API process that exits unexpectedly is reported once, with its exit and last lines', () => {
  it('while starting: thrown by startApi, and not logged as well', async () => {
    const missing = `missing_${randomBytes(6).toString('hex')}`;
    const url = new URL(process.env.TEST_DATABASE_URL ?? DEFAULT_TEST_DATABASE_URL);
    url.pathname = `/${missing}`;
    const log: string[] = [];

    const error = await startApi(url.toString(), 'one process', (line) => log.push(line)).catch((thrown) => thrown);

    expect(error).toBeInstanceOf(UnexpectedExit);
    const failure = error as UnexpectedExit;
    expect(failure.message).toMatch(
      /^The API process \(pid \d+\) exited unexpectedly \(exit code 1\); its last lines:/,
    );
    // Its last words say why: the end of the PostgreSQL error (3D000: the database it was given does not exist).
    // Node colours what it prints when the run forces colours (Nx does): compare the text without them.
    expect(stripVTControlCharacters(failure.lastLines.join('\n'))).toContain("code: '3D000'");
    expect(reportsOfAnExit(log)).toEqual([]);
  }, 60_000);

  describe('once it runs', () => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await createTestDatabase('api_process');
    }, 60_000);
    afterAll(async () => {
      await database?.drop();
    }, 60_000);

    it('to a caller that does not read `failed`: logged, exactly once', async () => {
      const log: string[] = [];
      const api = await startApi(database.url, 'one process', (line) => log.push(line));
      try {
        const pid = api.apiPid!;
        process.kill(pid, 'SIGKILL');
        await waitFor('the report of the exit', () => reportsOfAnExit(log).length > 0);
        // Nothing more comes after it (the ProcessWatch's rejection handlers have all run by now).
        await new Promise((resolve) => setTimeout(resolve, 500));
        expect(reportsOfAnExit(log)).toEqual([
          expect.stringMatching(
            new RegExp(
              `^The API process \\(pid ${pid}\\) exited unexpectedly \\(killed by SIGKILL\\); its last lines:`,
            ),
          ),
        ]);
      } finally {
        await api.stop();
      }
    }, 60_000);
  });
});
