import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { Pool } from 'undici';
import type { PostgresEventStore } from '@app/event-store';
import { LedgerExecutor } from '@app/api/src/modules/ledger/infrastructure/ledger-executor';
import { SYSTEM_ACCOUNTS, userAccount } from '@app/api/src/modules/ledger/domain/accounts';
import { projectionsCaughtUp, startApi, topologiesToRun, type Topology } from '../api-process';
import { postgresCpuOf, processCpuMs } from '../load/cpu-meter';
import { withStatementCounts } from '../load/pg-statements';
import { runClosedLoop, runFixedRate, type ScenarioCpuCounters, type ScenarioResult } from '../load/load-runners';
import type { LedgerBenchmarkOptions } from './ledger-benchmark-options';

const WARM_UP_SECONDS = 3;

/**
 * The same money movement over HTTP: the whole Nest application (identity's auth guard, zod validation, the
 * idempotency service, the ledger) in its own process on a local port, `clients` keep-alive clients each
 * signed in as their own user, converting gems to keys. Every conversion also posts to system:conversion, the
 * one hot system account all requests share. Run twice: the API as one process (`PROCESS_ROLE=all`, as
 * `npm start` runs it) and split into an HTTP process and a projection worker (`PROCESS_ROLE=http` + `worker`).
 * Each run measures saturation (closed loop: every client sends its next request as soon as the last answers)
 * and latency at a fixed offered rate (`options.ratePerSecond`, default 1,000/s, wrk2-style).
 */
export async function runHttpScenarios(
  options: LedgerBenchmarkOptions,
  eventStore: PostgresEventStore,
  pool: pg.Pool,
  log: (line: string) => void,
): Promise<ScenarioResult[]> {
  const results: ScenarioResult[] = [];
  // BENCH_TOPOLOGY=all or http picks one deployment (quicker when profiling one of them).
  for (const topology of options.topologies ?? topologiesToRun())
    results.push(...(await runTopology(topology, options, eventStore, pool, log)));
  return results;
}

/**
 * `count` users signed up over HTTP, each funded with plenty of gems to convert (directly in the ledger); their tokens.
 */
export async function signUpConverters(base: string, executor: LedgerExecutor, count: number): Promise<string[]> {
  const tokens: string[] = [];
  for (let client = 0; client < count; client += 1) {
    const suffix = `${Date.now().toString(36)}${client}`;
    const response = await fetch(`${base}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: `bench${suffix}@example.com`,
        password: 'correct horse battery',
        username: `bench_${suffix}`,
      }),
    });
    if (response.status !== 201) throw new Error(`Sign-up failed: ${response.status} ${await response.text()}`);
    const body = (await response.json()) as { token: string; user: { id: string } };
    tokens.push(body.token);
    const funded = await executor.execute({
      type: 'PostTransaction',
      data: {
        transactionId: randomUUID(),
        // An operator's adjustment, the reason with no bound by rule: `ledger verify` holds a gem purchase to 250 gems.
        reasonCode: 'ADJUSTMENT',
        description: 'Benchmark gems',
        postings: [
          {
            debitAccount: SYSTEM_ACCOUNTS.issuance,
            creditAccount: userAccount(body.user.id),
            currency: 'gems',
            amountMinor: 10n ** 12n,
          },
        ],
        now: new Date().toISOString(),
      },
    });
    if (funded.kind !== 'accepted') throw new Error('Funding a benchmark user was refused');
  }
  return tokens;
}

/** The load generator's side of `POST /api/users/convert`: the connection pool and the transport errors it met. */
class ConvertClient {
  private readonly body = JSON.stringify({ from_currency: 'gems', to_currency: 'keys', amount: 1 });
  private readonly transportErrors = new Map<string, number>();
  private httpPool: Pool;

  constructor(
    private readonly base: string,
    private readonly connections: number,
    private readonly tokens: string[],
  ) {
    this.httpPool = this.newPool();
  }

  // undici's Pool with `request` (not fetch, which tops out near 350 requests/s here): saturated it costs this
  // process 0.08–0.10 ms of CPU per request against 0.11 for node:http with a keep-alive agent (equal, 0.19, at
  // 1,000/s, where timers and wake-ups dominate), and it reads the server's keep-alive hint, so it never reuses a
  // connection the server is closing. A fresh pool per scenario all the same: no scenario starts on connections
  // left idle while the projections caught up.
  private newPool(): Pool {
    return new Pool(this.base, { connections: this.connections, pipelining: 1 });
  }

  async freshConnections(): Promise<void> {
    await this.httpPool.close();
    this.httpPool = this.newPool();
  }

  async close(): Promise<void> {
    await this.httpPool.close();
  }

  reportTransportErrors(log: (line: string) => void): void {
    for (const [message, count] of this.transportErrors)
      log(`${count} request(s) failed: ${message} (counted as refused)`);
    this.transportErrors.clear();
  }

  async convert(client: number, idempotent: boolean): Promise<boolean> {
    try {
      const response = await this.httpPool.request({
        path: '/api/users/convert',
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${this.tokens[client]}`,
          ...(idempotent ? { 'idempotency-key': randomUUID() } : {}),
        },
        body: this.body,
      });
      await response.body.dump();
      return response.statusCode === 200;
    } catch (error) {
      // A lost connection is counted (as not committed) and reported, not allowed to end the whole benchmark.
      const message = error instanceof Error ? error.message : String(error);
      this.transportErrors.set(message, (this.transportErrors.get(message) ?? 0) + 1);
      return false;
    }
  }
}

async function runTopology(
  topology: Topology,
  options: LedgerBenchmarkOptions,
  eventStore: PostgresEventStore,
  pool: pg.Pool,
  log: (line: string) => void,
): Promise<ScenarioResult[]> {
  const api = await startApi(options.databaseUrl, topology, (line) => log(`HTTP (${topology}): ${line}`));
  try {
    const base = api.base;
    const port = new URL(base).port;
    log(`HTTP (${topology}): API listening on ${port}; signing up ${options.clients} users`);
    const tokens = await signUpConverters(base, new LedgerExecutor(eventStore), options.clients);
    const converter = new ConvertClient(base, options.clients, tokens);
    const convert = (index: number, idempotent: boolean) => converter.convert(index, idempotent);
    const reportTransportErrors = () => converter.reportTransportErrors((line) => log(`HTTP (${topology}): ${line}`));
    // Warm-up, not measured: a fresh process first compiles its hot paths and opens its connections, which would
    // otherwise land in the first scenario's tail.
    log(`HTTP (${topology}): warming up for ${WARM_UP_SECONDS} s`);
    await runClosedLoop('warm-up', options.clients, WARM_UP_SECONDS, (client) => convert(client, false));
    const cpuCounters: ScenarioCpuCounters = {
      PostgreSQL: await postgresCpuOf(pool),
      API: processCpuMs(api.apiPid),
      ...(api.workerPid ? { worker: processCpuMs(api.workerPid) } : {}),
    };
    const rate = options.ratePerSecond;
    const rateSeconds = options.rateSeconds;
    const name = (what: string) => `HTTP ${topology}: ${what}`;
    const results: ScenarioResult[] = [];
    const counted = (scenario: () => Promise<ScenarioResult>) =>
      withStatementCounts(pool, (line) => log(`HTTP (${topology}): ${line}`), scenario);
    for (const idempotent of options.keyedHttp ? [false, true] : [false]) {
      const what = idempotent ? 'convert + Idempotency-Key' : 'convert';
      await projectionsCaughtUp(pool, eventStore);
      await converter.freshConnections();
      const keyed = idempotent ? ' with a fresh Idempotency-Key each' : '';
      log(`HTTP (${topology}): POST /api/users/convert gems → keys${keyed}, saturated`);
      const send = (client: number) => convert(client, idempotent);
      results.push(
        await counted(() =>
          runClosedLoop(name(`${what}, saturated`), options.clients, options.secondsPerScenario, send, cpuCounters),
        ),
      );
      reportTransportErrors();
      await projectionsCaughtUp(pool, eventStore);
      await converter.freshConnections();
      log(`HTTP (${topology}): the same at ${rate}/s offered for ${rateSeconds} s`);
      results.push(
        await counted(() =>
          runFixedRate(name(`${what} at ${rate}/s`), options.clients, rateSeconds, rate, send, cpuCounters),
        ),
      );
      reportTransportErrors();
    }
    await converter.close();
    return results;
  } finally {
    await api.stop();
  }
}
