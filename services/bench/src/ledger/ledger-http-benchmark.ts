import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import http from 'node:http';
import type { PostgresEventStore } from '@app/event-store';
import { loadConfig } from '@app/api/src/platform/config/app-config';
import { createApp } from '@app/api/src/platform/bootstrap';
import { LedgerExecutor } from '@app/api/src/modules/ledger/infrastructure/ledger-executor';
import { SYSTEM_ACCOUNTS, userAccount } from '@app/api/src/modules/ledger/domain/accounts';
import { ProjectionsService } from '@app/api/src/platform/projections/projections.service';
import { runClosedLoop, type LedgerBenchmarkOptions, type ScenarioResult } from './ledger-benchmark';

/**
 * The same money movement over HTTP: the whole Nest application (identity's auth guard, zod validation, the
 * idempotency service, the ledger) listening on a local port in this process, `clients` keep-alive clients each
 * signed in as their own user, converting gems to keys. Every conversion also posts to system:conversion, the
 * one hot system account all requests share.
 */
export async function runHttpScenarios(
  options: LedgerBenchmarkOptions,
  eventStore: PostgresEventStore,
  log: (line: string) => void,
): Promise<ScenarioResult[]> {
  const dataDirectory = mkdtempSync(join(tmpdir(), 'bench-ledger-'));
  const config = loadConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'production', DATABASE_URL: options.databaseUrl, DATA_DIR: dataDirectory, REDIS_URL: '' });
  const app = await createApp(config);
  await app.listen(0, '127.0.0.1');
  const port = (app.getHttpServer().address() as AddressInfo).port;
  const base = `http://127.0.0.1:${port}`;
  try {
    log(`HTTP: signing up ${options.clients} users`);
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
      const funded = await app.get(LedgerExecutor).execute({
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
    // The application's projection runners first catch up on what the direct scenarios wrote; measuring while they
    // do would charge their work to the HTTP figures.
    const projections = app.get(ProjectionsService);
    for (;;) {
      const lag = await projections.lagReport(await eventStore.headCheckpoint());
      if (lag.every((entry) => entry.lagEvents === 0)) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
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
    await app.close();
    rmSync(dataDirectory, { recursive: true, force: true });
  }
}
