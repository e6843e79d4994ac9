import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createTestDatabase, type TestDatabase } from '@app/event-store/src/testing';

const API_ROOT = join(__dirname, '..', '..');
const DIST_MAIN = join(API_ROOT, 'dist', 'main.js');

/**
 * The production build: `npm run build -w @app/api` compiles the API, copies every module's migrations and packs
 * the workspace packages into dist/, and plain `node dist/main.js` (no TypeScript loader) migrates an empty
 * database and serves. One build for the whole file; it takes a while on a busy machine.
 */
describe('the built API (dist/)', () => {
  let testDatabase: TestDatabase;
  let api: ChildProcess | undefined;
  let output = '';

  beforeAll(async () => {
    await promisify(execFile)('npm', ['run', 'build'], { cwd: API_ROOT, maxBuffer: 16 * 1024 * 1024 }).catch(
      (error: { stdout?: string; stderr?: string }) => {
        throw new Error(`npm run build failed:\n${error.stdout ?? ''}\n${error.stderr ?? ''}`);
      },
    );
    testDatabase = await createTestDatabase('api_built');
  }, 300_000);

  afterAll(async () => {
    if (api && api.exitCode === null) {
      const exited = new Promise((resolve) => api!.once('exit', resolve));
      api.kill('SIGTERM');
      await exited;
    }
    await testDatabase?.drop();
  }, 30_000);

  it('holds every migrations folder under src, next to the code that runs it', () => {
    for (const folder of [
      'platform/database/migrations',
      'modules/identity/migrations',
      'modules/ledger/migrations',
      'modules/drops/migrations',
    ]) {
      expect(existsSync(join(API_ROOT, 'dist', folder))).toBe(true);
    }
    expect(existsSync(join(API_ROOT, 'dist', 'node_modules', '@app', 'event-store', 'migrations'))).toBe(true);
  });

  it('starts with plain node on an empty database, migrates it and answers health', async () => {
    const port = 3990 + Math.floor(Math.random() * 9);
    api = spawn(process.execPath, [DIST_MAIN], {
      cwd: API_ROOT,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        API_PORT: String(port),
        DATABASE_URL: testDatabase.url,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    api.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    api.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));

    const deadline = Date.now() + 60_000;
    let status = 0;
    while (Date.now() < deadline && api.exitCode === null) {
      try {
        status = (await fetch(`http://127.0.0.1:${port}/api/health`)).status;
        break;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
    if (status !== 200) throw new Error(`The built API did not answer health (status ${status}):\n${output}`);

    const tables = await testDatabase.query<{ name: string }>(
      `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_name LIKE '%migrations' ORDER BY 1`,
    );
    expect(tables.rows.map((row) => row.name)).toEqual(
      expect.arrayContaining(['drops_migrations', 'identity_migrations', 'ledger_migrations', 'platform_migrations']),
    );
    for (const table of ['drops_migrations', 'identity_migrations', 'ledger_migrations']) {
      const applied = await testDatabase.query<{ count: string }>(`SELECT count(*)::text AS count FROM ${table}`);
      expect(Number(applied.rows[0].count)).toBeGreaterThan(0);
    }
  }, 90_000);
});
