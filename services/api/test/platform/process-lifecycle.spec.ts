import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, type TestDatabase } from '@app/event-store/src/testing';
import { TEST_REDIS_URL } from './support/test-app';

const API_ROOT = join(__dirname, '..', '..');

interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

function startApi(environment: NodeJS.ProcessEnv): { child: ChildProcess; output: () => string; exit: Promise<Exit> } {
  let output = '';
  const child = spawn(process.execPath, ['-r', '@swc-node/register', 'src/main.ts'], {
    cwd: API_ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: 'info', NODE_ENV: 'test', ...environment },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exit = new Promise<Exit>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return { child, output: () => output, exit };
}

async function waitForHealth(
  port: number,
  timeoutMs: number,
): Promise<{ status: number; body: { database: { kind: string }; queue: { kind: string } } }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      return {
        status: response.status,
        body: (await response.json()) as { database: { kind: string }; queue: { kind: string } },
      };
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

describe('the API process', () => {
  it('exits with a clear message when the configuration is bad', async () => {
    const api = startApi({ API_PORT: 'not-a-port', REDIS_URL: 'http://wrong' });
    expect(await api.exit).toEqual({ code: 1, signal: null });
    expect(api.output()).toContain('Invalid configuration');
    expect(api.output()).toContain('API_PORT');
    expect(api.output()).toContain('REDIS_URL');
  }, 30_000);

  describe('on PostgreSQL and Redis', () => {
    let testDatabase: TestDatabase;
    beforeAll(async () => {
      testDatabase = await createTestDatabase('api_process');
    });
    afterAll(() => testDatabase?.drop());

    // Proves the shutdown path closes the pool, the BullMQ worker and every ioredis connection: the process exits
    // by itself after SIGTERM (an open handle would keep it alive).
    it('starts, answers health, and shuts down gracefully on SIGTERM', async () => {
      const port = 3900 + Math.floor(Math.random() * 90);
      const api = startApi({ API_PORT: String(port), DATABASE_URL: testDatabase.url, REDIS_URL: TEST_REDIS_URL });
      const health = await waitForHealth(port, 60_000);
      expect(health.status).toBe(200);
      expect(health.body).toMatchObject({ database: { kind: 'postgres' }, queue: { kind: 'redis' } });
      // At LOG_LEVEL=info every request gets its log line, carrying the id the response names.
      const refused = await fetch(`http://127.0.0.1:${port}/api/users/me`);
      expect(refused.status).toBe(401);
      const requestId = refused.headers.get('x-request-id');
      expect(requestId).toEqual(expect.any(String));
      const deadline = Date.now() + 5_000;
      while (!api.output().includes(requestId!) && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 50));
      const line = api
        .output()
        .split('\n')
        .find((candidate) => candidate.includes(requestId!));
      expect(JSON.parse(line!)).toMatchObject({
        req: { id: requestId, method: 'GET', url: '/api/users/me' },
        res: { statusCode: 401 },
      });
      api.child.kill('SIGTERM');
      const started = Date.now();
      // Nest re-raises the signal once every shutdown hook has run; the last hook closes the database.
      expect(await api.exit).toEqual({ code: null, signal: 'SIGTERM' });
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(api.output()).toContain('Database closed');
    }, 90_000);
  });

  it('starts on the embedded defaults from an empty DATA_DIR', async () => {
    const dataDirectory = mkdtempSync(join(tmpdir(), 'api-process-'));
    const port = 3900 + Math.floor(Math.random() * 90);
    const api = startApi({ API_PORT: String(port), DATA_DIR: dataDirectory });
    try {
      const health = await waitForHealth(port, 90_000);
      expect(health.status).toBe(200);
      expect(health.body).toMatchObject({ database: { kind: 'pglite' }, queue: { kind: 'in_process' } });
      api.child.kill('SIGTERM');
      expect(await api.exit).toEqual({ code: null, signal: 'SIGTERM' });
      expect(api.output()).toContain('Database closed');
    } finally {
      if (api.child.exitCode === null) api.child.kill('SIGKILL');
      rmSync(dataDirectory, { recursive: true, force: true });
    }
  }, 120_000);
});
