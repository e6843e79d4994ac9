import { availableParallelism, hostname } from 'node:os';
import { openDatabase, PostgresEventStore, runMigrations, type AppendToStream } from '@app/event-store';
import { ProjectionRunner } from '@app/api/src/platform/projections/projection-runner';
import {
  PLATFORM_MIGRATIONS_DIRECTORY,
  PLATFORM_MIGRATIONS_TABLE,
} from '@app/api/src/platform/database/database.module';
import { LedgerExecutor, newTransactionId } from '@app/api/src/modules/ledger/infrastructure/ledger-executor';
import {
  LEDGER_MIGRATIONS_DIRECTORY,
  LEDGER_MIGRATIONS_TABLE,
} from '@app/api/src/modules/ledger/infrastructure/ledger-migrations';
import { LEDGER_PROJECTIONS } from '@app/api/src/modules/ledger/projections/ledger-projections';
import { SYSTEM_ACCOUNTS, userAccount } from '@app/api/src/modules/ledger/domain/accounts';
import { toPayload, type LedgerEvent } from '@app/api/src/modules/ledger/domain/events';
import { userStreamId } from '@app/api/src/modules/ledger/domain/streams';
import type { LedgerCommand } from '@app/api/src/modules/ledger/domain/decision';
import type pg from 'pg';
import { apiBuildToRun, describeApi } from '../api-build';
import { postgresCpuOf, type CpuCounter } from '../load/cpu-meter';
import { runClosedLoop, runFixedRate, scenarioColumns, type ScenarioResult } from '../load/load-runners';
import type { LedgerBenchmarkOptions } from './ledger-benchmark-options';

export { DEFAULT_LEDGER_BENCHMARK, type LedgerBenchmarkOptions } from './ledger-benchmark-options';

export interface RebuildResult {
  projection: string;
  events: number;
  seconds: number;
  eventsPerSecond: number;
}

export interface LedgerBenchmarkResults {
  scenarios: ScenarioResult[];
  rebuilds: RebuildResult[];
}

const randomIndex = (size: number) => Math.floor(Math.random() * size);
const benchUser = (index: number) => `bench-${index}`;
/** Users the cold fixed-rate scenario touches first: no scenario before it has loaded them. */
const coldBenchUser = (index: number) => `bench-cold-${index}`;

/** Seeds `users` accounts with plenty of gems, many per append (fast, and each a valid issuance). */
async function seedUsers(eventStore: PostgresEventStore, users: number, prefix = benchUser): Promise<void> {
  const now = new Date().toISOString();
  for (let start = 0; start < users; start += 500) {
    const appends: AppendToStream[] = [];
    for (let index = start; index < Math.min(users, start + 500); index += 1) {
      const userId = prefix(index);
      const events: LedgerEvent[] = [
        { type: 'LedgerAccountOpened', data: { userId, openedAt: now } },
        {
          type: 'LedgerTransactionPosted',
          data: {
            transactionId: newTransactionId(),
            reasonCode: 'ADJUSTMENT',
            description: 'Benchmark funding',
            postings: [
              {
                debitAccount: SYSTEM_ACCOUNTS.issuance,
                creditAccount: userAccount(userId),
                currency: 'gems',
                amountMinor: 10n ** 12n,
              },
            ],
            occurredAt: now,
            copyIndex: 0,
            copyCount: 1,
          },
        },
      ];
      appends.push({
        streamId: userStreamId(userId),
        expectedVersion: 'any',
        events: events.map((event) => ({ type: event.type, data: toPayload(event) })),
      });
    }
    await eventStore.append(appends);
  }
}

function transfer(from: string, to: string): LedgerCommand {
  return {
    type: 'PostTransaction',
    data: {
      transactionId: newTransactionId(),
      reasonCode: 'TIP',
      description: 'Benchmark tip',
      postings: [
        { debitAccount: userAccount(from), creditAccount: userAccount(to), currency: 'gems', amountMinor: 9_750n },
        { debitAccount: userAccount(from), creditAccount: SYSTEM_ACCOUNTS.fees, currency: 'gems', amountMinor: 250n },
      ],
      now: new Date().toISOString(),
    },
  };
}

function hotIssuance(to: string): LedgerCommand {
  return {
    type: 'PostTransaction',
    data: {
      transactionId: newTransactionId(),
      reasonCode: 'SOCIAL_ACTION_REWARD',
      description: 'Benchmark reward from the hot issuance account',
      postings: [
        { debitAccount: SYSTEM_ACCOUNTS.issuance, creditAccount: userAccount(to), currency: 'points', amountMinor: 1n },
      ],
      now: new Date().toISOString(),
    },
  };
}

type Cpu = { PostgreSQL: CpuCounter };
type UniformTips = (ledger: LedgerExecutor, user: (index: number) => string) => () => Promise<boolean>;

const accepted = (ledger: LedgerExecutor, command: LedgerCommand) =>
  ledger.execute(command).then((outcome) => outcome.kind === 'accepted');

/** The executor in-process: cold (first touch reads) then warm (every account cached), uniform and hot. */
async function runDirectScenarios(
  options: LedgerBenchmarkOptions,
  eventStore: PostgresEventStore,
  cpu: Cpu,
  log: (line: string) => void,
): Promise<ScenarioResult[]> {
  log(`seeding ${options.users} users, and as many more for the cold fixed-rate scenario`);
  await seedUsers(eventStore, options.users);
  await seedUsers(eventStore, options.users, coldBenchUser);
  const executor = new LedgerExecutor(eventStore);
  /** A tip from one random user to another, with a fee leg: two user streams and system:fees per command. */
  const uniform: UniformTips = (ledger, user) => async () => {
    const from = randomIndex(options.users);
    const to = (from + 1 + randomIndex(options.users - 1)) % options.users;
    return accepted(ledger, transfer(user(from), user(to)));
  };
  const scenarios = await runColdScenarios(options, eventStore, executor, uniform, cpu, log);
  // A service that has been running holds its users' folded states; load every account once, as it would have.
  log(`warming the executor's cache with all ${options.users} accounts`);
  for (let start = 0; start < options.users; start += 64) {
    await Promise.all(
      Array.from({ length: Math.min(64, options.users - start) }, (_, offset) =>
        executor.load(benchUser(start + offset)),
      ),
    );
  }
  return [...scenarios, ...(await runWarmScenarios(options, executor, uniform, cpu, log))];
}

async function runColdScenarios(
  options: LedgerBenchmarkOptions,
  eventStore: PostgresEventStore,
  executor: LedgerExecutor,
  uniform: UniformTips,
  cpu: Cpu,
  log: (line: string) => void,
): Promise<ScenarioResult[]> {
  const rate = options.ratePerSecond;
  log('direct, uniform: user → user tip with a fee leg (2 user streams + system:fees per command), cold cache');
  const closed = await runClosedLoop(
    'direct, uniform accounts, cold (first touch reads)',
    options.clients,
    options.secondsPerScenario,
    uniform(executor, benchUser),
    cpu,
  );
  // Its own executor and users: nothing is cached when it starts, as in a process that has just started.
  log(`direct, uniform, cold cache, at ${rate}/s offered for ${options.rateSeconds} s`);
  const fixed = await runFixedRate(
    `direct, uniform, cold, at ${rate}/s`,
    options.clients,
    options.rateSeconds,
    rate,
    uniform(new LedgerExecutor(eventStore), coldBenchUser),
    cpu,
  );
  return [closed, fixed];
}

async function runWarmScenarios(
  options: LedgerBenchmarkOptions,
  executor: LedgerExecutor,
  uniform: UniformTips,
  cpu: Cpu,
  log: (line: string) => void,
): Promise<ScenarioResult[]> {
  const rate = options.ratePerSecond;
  const hot = async () => accepted(executor, hotIssuance(benchUser(randomIndex(options.users))));
  const scenarios: ScenarioResult[] = [];
  log('direct, uniform, warm cache');
  scenarios.push(
    await runClosedLoop(
      'direct, uniform accounts (user→user + fee)',
      options.clients,
      options.secondsPerScenario,
      uniform(executor, benchUser),
      cpu,
    ),
  );
  log(`direct, uniform, warm cache, at ${rate}/s offered for ${options.rateSeconds} s`);
  scenarios.push(
    await runFixedRate(
      `direct, uniform, warm, at ${rate}/s`,
      options.clients,
      options.rateSeconds,
      rate,
      uniform(executor, benchUser),
      cpu,
    ),
  );
  log('direct, hot: every command debits system:issuance');
  scenarios.push(
    await runClosedLoop(
      'direct, one hot system account (system:issuance)',
      options.clients,
      options.secondsPerScenario,
      hot,
      cpu,
    ),
  );
  log(`direct, hot, at ${rate}/s offered for ${options.rateSeconds} s`);
  scenarios.push(
    await runFixedRate(
      `direct, one hot system account, at ${rate}/s`,
      options.clients,
      options.rateSeconds,
      rate,
      hot,
      cpu,
    ),
  );
  return scenarios;
}

export async function runLedgerBenchmark(
  options: LedgerBenchmarkOptions,
  log: (line: string) => void,
): Promise<LedgerBenchmarkResults> {
  const database = await openDatabase({ databaseUrl: options.databaseUrl, maxConnections: options.poolSize });
  const eventStore = await PostgresEventStore.open(database);
  await runMigrations(database.pool, {
    directory: PLATFORM_MIGRATIONS_DIRECTORY,
    migrationsTable: PLATFORM_MIGRATIONS_TABLE,
  });
  await runMigrations(database.pool, {
    directory: LEDGER_MIGRATIONS_DIRECTORY,
    migrationsTable: LEDGER_MIGRATIONS_TABLE,
  });
  const scenarios: ScenarioResult[] = [];
  const rebuilds: RebuildResult[] = [];
  try {
    const postgres = await postgresCpuOf(database.pool);
    if (options.direct)
      scenarios.push(...(await runDirectScenarios(options, eventStore, { PostgreSQL: postgres }, log)));

    if (options.http) {
      const { runHttpScenarios } = await import('./ledger-http-benchmark');
      scenarios.push(...(await runHttpScenarios(options, eventStore, database.pool, log)));
    }
    if (options.rebuild) rebuilds.push(...(await rebuildLedgerProjections(options, eventStore, database.pool, log)));
  } finally {
    await eventStore.close();
    await database.close();
  }
  return { scenarios, rebuilds };
}

/** Appends events up to `options.rebuildEvents`, then rebuilds each ledger projection from scratch, timed. */
async function rebuildLedgerProjections(
  options: LedgerBenchmarkOptions,
  eventStore: PostgresEventStore,
  pool: pg.Pool,
  log: (line: string) => void,
): Promise<RebuildResult[]> {
  const rebuilds: RebuildResult[] = [];
  const head = await eventStore.headCheckpoint();
  const missing = options.rebuildEvents - Number(head.position);
  if (missing > 0) {
    log(`appending ${missing} more events for the rebuild`);
    await seedUsers(eventStore, Math.ceil(missing / 2), (index) => `rebuild-${index}`);
  }
  for (const projection of LEDGER_PROJECTIONS) {
    const runner = new ProjectionRunner(projection, eventStore, pool, {
      ownerId: `bench:${hostname()}:${process.pid}`,
      pollIntervalMs: 250,
      leaseDurationMs: 60_000,
      batchSize: 5_000,
      logger: { log: () => undefined, warn: log, error: log },
    });
    await runner.initialize();
    const started = performance.now();
    let events = 0;
    await runner.rebuild((progress) => {
      events = progress.eventsDone;
    });
    const seconds = (performance.now() - started) / 1000;
    rebuilds.push({ projection: projection.name, events, seconds, eventsPerSecond: events / seconds });
    log(`rebuilt ${projection.name}: ${events} events in ${seconds.toFixed(2)} s`);
  }
  return rebuilds;
}

export function formatLedgerResults(
  results: LedgerBenchmarkResults,
  options: Omit<LedgerBenchmarkOptions, 'databaseUrl'>,
): string {
  const lines = [
    `Ledger benchmark: ${options.clients} concurrent clients, ${options.secondsPerScenario} s per scenario, ` +
      `${options.users} users, pool ${options.poolSize}`,
    ...(options.http ? [`Over HTTP: the ${describeApi(apiBuildToRun())}`] : []),
    '',
    'scenario                                                    committed/s   p50 ms   p99 ms   max ms   ' +
      'committed  refused  gen. delay p99 ms',
  ];
  for (const scenario of results.scenarios) {
    const columns = [
      ...scenarioColumns(scenario, { name: 58, rate: 12, commands: 11 }),
      scenario.generatorDelayP99Ms.toFixed(1).padStart(18),
    ];
    lines.push(columns.join(' '));
  }
  // Every label any scenario measured, in first-seen order (machine, bench process, PostgreSQL, then API, worker).
  const labels = [...new Set(results.scenarios.flatMap((scenario) => Object.keys(scenario.cpuMsPerCommand)))];
  lines.push(
    '',
    `CPU ms per command (machine = all ${availableParallelism()} cores)`.padEnd(59) +
      labels.map((label) => label.padStart(14)).join(''),
  );
  for (const scenario of results.scenarios) {
    const cells = labels.map((label) => (scenario.cpuMsPerCommand[label]?.toFixed(2) ?? '-').padStart(14));
    lines.push(`${scenario.name.padEnd(58)} ${cells.join('')}`);
  }
  lines.push('', 'projection rebuild              events    seconds    events/s');
  for (const rebuild of results.rebuilds) {
    lines.push(
      `${rebuild.projection.padEnd(28)} ${String(rebuild.events).padStart(9)} ` +
        `${rebuild.seconds.toFixed(2).padStart(10)} ${rebuild.eventsPerSecond.toFixed(0).padStart(11)}`,
    );
  }
  lines.push('', 'Targets: ≥ 1,000 committed commands/s with p99 < 50 ms; rebuild ≥ 20,000 events/s.');
  return lines.join('\n');
}
