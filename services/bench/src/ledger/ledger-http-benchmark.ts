import { randomUUID } from 'node:crypto';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import http from 'node:http';
import pg from 'pg';
import type { PostgresEventStore } from '@app/event-store';
import { LedgerExecutor } from '@app/api/src/modules/ledger/infrastructure/ledger-executor';
import { SYSTEM_ACCOUNTS, userAccount } from '@app/api/src/modules/ledger/domain/accounts';
import { runClosedLoop, type LedgerBenchmarkOptions, type ScenarioResult } from './ledger-benchmark';

/**
 * The same money movement over HTTP: the whole Nest application (identity's auth guard, zod validation, the
 * idempotency service, the ledger) in its own process on a local port, `clients` keep-alive clients each
 * signed in as their own user, converting gems to keys. Every conversion also posts to system:conversion, the
 * one hot system account all requests share.
 */
export async function runHttpScenarios(
  options: LedgerBenchmarkOptions,
  eventStore: PostgresEventStore,
  log: (line: string) => void,
): Promise<ScenarioResult[]> {
  const server = spawn(process.execPath, [...(process.env.BENCH_SERVER_PROFILE ? ['--cpu-prof', '--cpu-prof-dir=/tmp/sprof'] : []), '-r', '@swc-node/register', join(__dirname, 'http-server.ts')], {
    env: { ...process.env, BENCH_SERVER_DATABASE_URL: options.databaseUrl },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const port = await new Promise<number>((resolve, reject) => {
      let output = '';
      server.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /listening (\d+)/.exec(output);
        if (match) resolve(Number(match[1]));
      });
      server.once('exit', (code) => reject(new Error(`The API process exited with code ${code} before listening`)));
    });
    const base = `http://127.0.0.1:${port}`;
    const executor = new LedgerExecutor(eventStore);
    log(`HTTP: API process listening on ${port}; signing up ${options.clients} users`);
    const tokens: string[] = [];
    for (let client = 0; client < options.clients; client += 1) {
      const suffix = `${Date.now().toString(36)}${client}`;
      const response = await fetch(`${base}/api/auth/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: `bench${suffix}@example.com`, password: 'correct horse battery', username: `bench_${suffix}` }),
      });
      if (response.status !== 201) throw new Error(`Sign-up failed: ${response.status} ${await response.text()}`);
      const body = (await response.json()) as { token: string; user: { id: string } };
      tokens.push(body.token);
      const funded = await executor.execute({
        type: 'PostTransaction',
        data: {
          transactionId: randomUUID(),
          reasonCode: 'GEM_PURCHASE',
          description: 'Benchmark gems',
          postings: [{ debitAccount: SYSTEM_ACCOUNTS.issuance, creditAccount: userAccount(body.user.id), currency: 'gems', amountMinor: 10n ** 12n }],
          now: new Date().toISOString(),
        },
      });
      if (funded.kind !== 'accepted') throw new Error('Funding a benchmark user was refused');
    }
    // The API's projection runners first catch up on what the direct scenarios wrote; measuring while they do
    // would charge their work to the HTTP figures.
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 1 });
    try {
      for (;;) {
        const head = await eventStore.headCheckpoint();
        const rows = await pool.query<{ behind: boolean }>(
          'SELECT (transaction_id, position) < ($1::bigint, $2::bigint) AS behind FROM projection_checkpoints',
          [head.transactionId.toString(), head.position.toString()],
        );
        if (rows.rows.length > 0 && rows.rows.every((row) => !row.behind)) break;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    } finally {
      await pool.end();
    }
    log('HTTP: projections caught up');
    // node:http with a keep-alive agent: Node 20's fetch (undici) tops out near 350 requests/s here, far below the
    // server, and would measure the client instead.
    const agent = new http.Agent({ keepAlive: true, maxSockets: options.clients });
    const body = JSON.stringify({ from_currency: 'gems', to_currency: 'keys', amount: 1 });
    const convert = (client: number, idempotent: boolean) => () =>
      new Promise<boolean>((resolve, reject) => {
        const request = http.request(
          `${base}/api/users/convert`,
          {
            method: 'POST',
            agent,
            headers: {
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(body),
              authorization: `Bearer ${tokens[client]}`,
              ...(idempotent ? { 'idempotency-key': randomUUID() } : {}),
            },
          },
          (response) => {
            response.resume();
            response.on('end', () => resolve(response.statusCode === 200));
          },
        );
        request.on('error', reject);
        request.end(body);
      });
    log('HTTP: POST /api/users/convert gems → keys');
    const plain = await runClosedLoop('HTTP convert, own account each (hot system:conversion)', options.clients, options.secondsPerScenario, (client) =>
      convert(client, false)(),
    );
    log('HTTP: the same with a fresh Idempotency-Key on every request');
    const keyed = await runClosedLoop('HTTP convert + Idempotency-Key (hot system:conversion)', options.clients, options.secondsPerScenario, (client) =>
      convert(client, true)(),
    );
    agent.destroy();
    return [plain, keyed];
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
}
