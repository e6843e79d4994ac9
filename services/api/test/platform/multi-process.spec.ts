import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, type TestDatabase } from '@app/event-store/src/testing';
import { deleteRedisKeys } from './support/redis';
import { TEST_REDIS_URL } from './support/test-app';

/**
 * The deployment of issue 26 on this machine: two API processes (PROCESS_ROLE=http) and two workers, real OS
 * processes against one PostgreSQL database and one Redis, under load. Production timings: the projection lease
 * is 15 s.
 */
jest.setTimeout(240_000);

const API_ROOT = join(__dirname, '..', '..');
const LEASE_MS = 15_000;

interface Started {
  name: string;
  child: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function start(name: string, entry: 'main' | 'worker', environment: NodeJS.ProcessEnv, port: number): Started {
  let output = '';
  const child = spawn(process.execPath, ['-r', '@swc-node/register', `src/${entry}.ts`], {
    cwd: API_ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'test', LOG_LEVEL: 'warn', ...environment },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { name, child, port, output: () => output, exited };
}

async function waitUntil<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  timeoutMs: number,
  processes: Started[] = [],
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) {
      throw new Error(
        `Timed out waiting for ${what}\n${processes.map((process) => `--- ${process.name}\n${process.output().slice(-3_000)}`).join('\n')}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('two API processes and two workers on one database and Redis', () => {
  let database: TestDatabase;
  let dataDirectory: string;
  const prefix = `multi-${randomBytes(4).toString('hex')}`;
  const processes: Started[] = [];
  let apiA: Started, apiB: Started, workerA: Started, workerB: Started;

  const url = (process: Started, path: string) => `http://127.0.0.1:${process.port}${path}`;
  const call = async (
    process: Started,
    method: string,
    path: string,
    options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
  ) => {
    const response = await fetch(url(process, path), {
      method,
      headers: {
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...options.headers,
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      body: text ? (JSON.parse(text) as Record<string, any>) : {},
    };
  };
  let counter = 0;
  const signUp = async (process: Started) => {
    counter += 1;
    const suffix = `${Date.now().toString(36)}${counter}`;
    const response = await call(process, 'POST', '/api/auth/signup', {
      body: { email: `multi${suffix}@example.com`, password: 'correct horse battery', username: `multi_${suffix}` },
    });
    if (response.status !== 201)
      throw new Error(`sign-up answered ${response.status}: ${JSON.stringify(response.body)}`);
    return {
      email: `multi${suffix}@example.com`,
      token: response.body.token as string,
      userId: response.body.user.id as string,
      referralCode: response.body.user.referral_code as string,
    };
  };
  const leases = async () =>
    (
      await database.query<{ name: string; owner_id: string; expires_at: Date }>(
        'SELECT name, owner_id, expires_at FROM projection_leases ORDER BY name',
      )
    ).rows;
  const ownerPid = (ownerId: string) => Number(ownerId.split(':')[1]);
  /** Every projection's checkpoint at or past the newest event in the log. */
  const caughtUp = async () => {
    const head = await database.query<{ transaction_id: string; position: string }>(
      'SELECT transaction_id::text, position::text FROM events ORDER BY transaction_id DESC, position DESC LIMIT 1',
    );
    const behind = await database.query<{ count: string }>(
      'SELECT count(*)::text AS count FROM projection_checkpoints WHERE (transaction_id::text::bigint, position) < ($1::bigint, $2::bigint)',
      [head.rows[0].transaction_id, head.rows[0].position],
    );
    return behind.rows[0].count === '0' ? true : undefined;
  };

  beforeAll(async () => {
    database = await createTestDatabase('api_multi_process');
    dataDirectory = mkdtempSync(join(tmpdir(), 'multi-process-'));
    // Every request comes from this machine's address: the per-address sign-up limit would stop the load.
    const shared = {
      DATABASE_URL: database.url,
      REDIS_URL: TEST_REDIS_URL,
      QUEUE_PREFIX: prefix,
      DATA_DIR: dataDirectory,
      SIGN_UP_MAX_PER_ADDRESS: '1000',
    };
    // The first process applies the migrations alone; the others then start together.
    const portA = await freePort();
    apiA = start('api A', 'main', { ...shared, PROCESS_ROLE: 'http', API_PORT: String(portA) }, portA);
    processes.push(apiA);
    await waitUntil(
      'api A',
      async () => ((await fetch(url(apiA, '/api/health/live'))).ok ? true : undefined),
      120_000,
      processes,
    );
    const [portB, healthA, healthB] = [await freePort(), await freePort(), await freePort()];
    apiB = start('api B', 'main', { ...shared, PROCESS_ROLE: 'http', API_PORT: String(portB) }, portB);
    workerA = start('worker A', 'worker', { ...shared, WORKER_HEALTH_PORT: String(healthA) }, healthA);
    workerB = start('worker B', 'worker', { ...shared, WORKER_HEALTH_PORT: String(healthB) }, healthB);
    processes.push(apiB, workerA, workerB);
    for (const started of [apiB, workerA, workerB]) {
      await waitUntil(
        started.name,
        async () => ((await fetch(url(started, '/api/health/live'))).ok ? true : undefined),
        120_000,
        processes,
      );
    }
  });

  afterAll(async () => {
    for (const started of processes)
      if (started.child.exitCode === null && started.child.signalCode === null) started.child.kill('SIGTERM');
    await Promise.all(
      processes.map((started) =>
        Promise.race([started.exited, new Promise((resolve) => setTimeout(resolve, 20_000).unref())]),
      ),
    );
    for (const started of processes)
      if (started.child.exitCode === null && started.child.signalCode === null) started.child.kill('SIGKILL');
    await database?.drop();
    await deleteRedisKeys(prefix);
    if (dataDirectory) rmSync(dataDirectory, { recursive: true, force: true });
  });

  it("projects each event once under load: the leases are the workers', and the ledger balances fold exactly", async () => {
    const users = await Promise.all(Array.from({ length: 24 }, (_, index) => signUp(index % 2 === 0 ? apiA : apiB)));
    await waitUntil('the projections to catch up', caughtUp, 30_000, processes);
    const held = await leases();
    expect(held.length).toBeGreaterThan(5);
    const workerPids = new Set([workerA.child.pid, workerB.child.pid]);
    expect(held.filter((lease) => !workerPids.has(ownerPid(lease.owner_id)))).toEqual([]);
    // Applied twice, the balances projection would hold twice the issuance: verify compares it with a fresh fold.
    const admin = users[0];
    const grant = spawn(process.execPath, ['-r', '@swc-node/register', 'src/cli/admin.ts', 'grant', admin.email], {
      cwd: API_ROOT,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: database.url },
      stdio: 'ignore',
    });
    expect(await new Promise((resolve) => grant.once('exit', resolve))).toBe(0);
    const verify = await call(apiB, 'GET', '/api/admin/ledger/verify', { token: admin.token });
    expect(verify.status).toBe(200);
    expect(verify.body.findings).toEqual([]);
    expect(verify.body.currencies.points).toMatchObject({ sum: '0' });
    const issued = await database.query<{ amount_minor: string }>(
      "SELECT balance_minor::text AS amount_minor FROM ledger_balances WHERE account_id = 'system:issuance' AND currency = 'points'",
    );
    expect(BigInt(issued.rows[0].amount_minor)).toBe(-250n * BigInt(users.length));
  });

  it('refuses a session logged out in one API process at once in the other', async () => {
    const user = await signUp(apiA);
    expect((await call(apiB, 'GET', '/api/users/me', { token: user.token })).status).toBe(200);
    expect((await call(apiA, 'POST', '/api/auth/logout', { token: user.token })).status).toBe(200);
    const after = await call(apiB, 'GET', '/api/users/me', { token: user.token });
    expect(after.status).toBe(401);
  });

  it('answers an idempotency key replayed against the other process with the first answer, and moves the money once', async () => {
    const referrer = await signUp(apiA);
    const referred = await signUp(apiB);
    const key = `multi-${randomBytes(8).toString('hex')}`;
    const request = {
      token: referred.token,
      body: { referral_code: referrer.referralCode },
      headers: { 'idempotency-key': key },
    };
    const [first, replayed] = [
      await call(apiA, 'POST', '/api/users/process-referral', request),
      await call(apiB, 'POST', '/api/users/process-referral', request),
    ];
    expect(first.status).toBe(200);
    expect(replayed.status).toBe(200);
    expect(replayed.body).toEqual(first.body);
    expect(replayed.headers.get('idempotency-replayed')).toBe('true');
    const me = await call(apiA, 'GET', '/api/users/me', { token: referred.token });
    expect(me.body.points_balance).toBe(25 + 250);
  });

  it('replaces a worker killed with SIGKILL: the other takes its leases within the lease time and projects on', async () => {
    await waitUntil('the projections to catch up', caughtUp, 30_000, processes);
    const byOwner = new Map<number, string[]>();
    for (const lease of await leases())
      byOwner.set(ownerPid(lease.owner_id), [...(byOwner.get(ownerPid(lease.owner_id)) ?? []), lease.name]);
    // Kill the worker holding the most leases; the other must take every one of them over.
    const victim =
      (byOwner.get(workerA.child.pid!)?.length ?? 0) >= (byOwner.get(workerB.child.pid!)?.length ?? 0)
        ? workerA
        : workerB;
    const survivor = victim === workerA ? workerB : workerA;
    expect(byOwner.get(victim.child.pid!)?.length ?? 0).toBeGreaterThan(0);
    const killedAt = Date.now();
    victim.child.kill('SIGKILL');
    await victim.exited;
    const user = await signUp(apiA);
    await waitUntil(
      'the survivor to hold every lease',
      async () =>
        (await leases()).every((lease) => ownerPid(lease.owner_id) === survivor.child.pid) ? true : undefined,
      LEASE_MS + 15_000,
      processes,
    );
    const takeoverMs = Date.now() - killedAt;
    await waitUntil('the projections to catch up after the takeover', caughtUp, 10_000, processes);
    const elapsedMs = Date.now() - killedAt;
    console.log(
      `worker killed: leases taken over after ${takeoverMs} ms, caught up after ${elapsedMs} ms (lease ${LEASE_MS} ms)`,
    );
    // Within the lease time (the killed worker's last renewal was at most a third of a lease before the kill), plus
    // this test's own polling of the lease rows.
    expect(takeoverMs).toBeLessThan(LEASE_MS + 1_000);
    const me = await call(apiB, 'GET', '/api/users/me', { token: user.token });
    expect(me.status).toBe(200);
    expect((await fetch(url(survivor, '/api/health/ready'))).status).toBe(200);
  });

  it('stops gracefully on SIGTERM: a worker hands its leases back and every process exits promptly', async () => {
    const running = processes.filter((started) => started.child.exitCode === null && started.child.signalCode === null);
    const workers = running.filter((started) => started === workerA || started === workerB);
    expect(workers).toHaveLength(1);
    const pids = new Set(running.map((started) => started.child.pid));
    const stoppedAt = Date.now();
    for (const started of running) started.child.kill('SIGTERM');
    await Promise.all(running.map((started) => started.exited));
    const stopMs = Date.now() - stoppedAt;
    console.log(`SIGTERM to ${running.length} processes: all exited after ${stopMs} ms`);
    expect(stopMs).toBeLessThan(10_000);
    // Handed back, not left to expire: another worker could take them at once.
    expect((await leases()).filter((lease) => pids.has(ownerPid(lease.owner_id)))).toEqual([]);
  });
});
