import { availableParallelism, loadavg } from 'node:os';
import { withBenchDatabase } from '../bench-main';
import { apiBuildToRun, currentCommit, describeApi } from '../api-build';
import { DEFAULT_LIKE_BENCHMARK, runLikeBenchmark } from '../engagement/like-benchmark';
import { DEFAULT_LEDGER_BENCHMARK, runLedgerBenchmark } from '../ledger/ledger-benchmark';
import { DEFAULT_MARKET_BENCHMARK, runMarketBenchmark } from '../market/market-benchmark';
import type { ScenarioResult } from '../load/load-runners';

/** The goals of issue 46 the quick table is read against. */
export const HOT_PATH_GOALS = {
  /** PostgreSQL + API + worker CPU per command at the fixed rate, ms. */
  cpuPerCommandMs: 0.6,
  /** PostgreSQL CPU per like, ms. */
  postgresPerLikeMs: 0.25,
  p99Ms: 50,
  /** CPU per command at the fixed rate over CPU per command saturated. */
  fixedOverSaturated: 1.3,
} as const;

/** One row of the table: a command, how it was offered, and what it cost. */
export interface QuickRow {
  command: string;
  /** `1,000/s`, or `saturated` / `closed loop` for the comparison rows. */
  offered: string;
  result: ScenarioResult;
  /** Whether the latency goal applies (fixed-rate rows only: a closed loop's p99 says how much work is queued). */
  fixedRate: boolean;
  /** The saturated row of the same command and deployment, for the fixed / saturated ratio. */
  saturated?: ScenarioResult;
}

export interface QuickOptions {
  /** Seconds of each fixed-rate run (the figures) and of each saturated run (the comparison). */
  rateSeconds: number;
  saturatedSeconds: number;
  log: (line: string) => void;
}

export const DEFAULT_QUICK: Omit<QuickOptions, 'log'> = { rateSeconds: 10, saturatedSeconds: 5 };

/**
 * Issue 46's table from the existing scenarios, shortened: likes (api + worker) at 1,000/s over a smaller seeded
 * catalogue, converts at 1,000/s in one process and in api + worker (and saturated, for the ratio), and buys of one
 * hot item at 500/s (and in a closed loop). Each benchmark on a fresh database, as the full ones run.
 */
export async function runQuickBenchmark(options: QuickOptions): Promise<QuickRow[]> {
  const { log } = options;
  const rows: QuickRow[] = [];
  const like = await withBenchDatabase('bench_quick_likes', (databaseUrl) =>
    runLikeBenchmark(
      {
        ...DEFAULT_LIKE_BENCHMARK,
        databaseUrl,
        // Fewer users and items than issue 21's condition (1,000 users, 10,000 items, 100,000 likes) to start in
        // seconds; every like is still a fresh (user, item) pair.
        users: 400,
        items: 2_000,
        seededLikes: 10_000,
        rateSeconds: options.rateSeconds,
        topologies: ['api + worker'],
        hotItem: false,
      },
      (line) => log(`like: ${line}`),
    ),
  );
  const likeCommand = 'like (POST /api/users/social-action), api + worker';
  rows.push({ command: likeCommand, offered: '1,000/s', result: like.fixedRate[0]!, fixedRate: true });

  const ledger = await withBenchDatabase('bench_quick_convert', (databaseUrl) =>
    runLedgerBenchmark(
      {
        ...DEFAULT_LEDGER_BENCHMARK,
        databaseUrl,
        users: 10,
        direct: false,
        keyedHttp: false,
        rebuild: false,
        topologies: ['one process', 'api + worker'],
        secondsPerScenario: options.saturatedSeconds,
        rateSeconds: options.rateSeconds,
      },
      (line) => log(`convert: ${line}`),
    ),
  );
  for (const topology of ['one process', 'api + worker']) {
    const scenario = (what: string) => ledger.scenarios.find(({ name }) => name === `HTTP ${topology}: ${what}`)!;
    const saturated = scenario('convert, saturated');
    const fixed = scenario('convert at 1000/s');
    rows.push({ command: `convert, ${topology}`, offered: '1,000/s', result: fixed, fixedRate: true, saturated });
    rows.push({ command: `convert, ${topology}`, offered: 'saturated', result: saturated, fixedRate: false });
  }

  const market = await withBenchDatabase('bench_quick_market', (databaseUrl) =>
    runMarketBenchmark(
      {
        ...DEFAULT_MARKET_BENCHMARK,
        databaseUrl,
        rateSeconds: options.rateSeconds,
        closedSeconds: options.saturatedSeconds,
        topologies: ['api + worker'],
      },
      (line) => log(`buy: ${line}`),
    ),
  );
  if (!market.conservation.conserved) throw new Error('The market benchmark found shares or USD that do not add up');
  const [buyFixed, buyClosed] = market.scenarios;
  const buyCommand = 'hot-item share buy, api + worker';
  rows.push({ command: buyCommand, offered: '500/s', result: buyFixed!, fixedRate: true, saturated: buyClosed });
  rows.push({ command: buyCommand, offered: 'closed loop', result: buyClosed!, fixedRate: false });
  return rows;
}

/** PostgreSQL + API + worker: the deployment's CPU per command, the figure the goal is about. */
export function deploymentCpuMs(result: ScenarioResult): number | undefined {
  const cpu = result.cpuMsPerCommand;
  if (cpu.PostgreSQL === undefined || cpu.API === undefined) return undefined;
  return cpu.PostgreSQL + cpu.API + (cpu.worker ?? 0);
}

const ms = (value: number | undefined, digits = 2) => (value === undefined ? '–' : value.toFixed(digits));
const verdict = (met: boolean) => (met ? ' ok' : ' MISSED');
/** ' ok' or ' MISSED' when the goal applies and the figure is known, else nothing. */
const within = (value: number | undefined, goal: number, applies = true) =>
  applies && value !== undefined ? verdict(value <= goal) : '';

function rowCells(row: QuickRow): string[] {
  const { result } = row;
  const cpu = result.cpuMsPerCommand;
  const total = deploymentCpuMs(result);
  const totalSaturated = row.saturated && deploymentCpuMs(row.saturated);
  const ratio = total !== undefined && totalSaturated ? total / totalSaturated : undefined;
  const isLike = row.command.startsWith('like');
  return [
    row.command,
    row.offered,
    result.commandsPerSecond.toFixed(0) + (result.refused > 0 ? ` (${result.refused} refused)` : ''),
    ms(result.p50Ms, 1),
    ms(result.p99Ms, 1) + (row.fixedRate ? verdict(result.p99Ms < HOT_PATH_GOALS.p99Ms) : ''),
    `${ms(total)}${within(total, HOT_PATH_GOALS.cpuPerCommandMs, row.fixedRate)}` +
      ` (${ms(cpu.PostgreSQL)}${within(cpu.PostgreSQL, HOT_PATH_GOALS.postgresPerLikeMs, isLike)}` +
      ` · ${ms(cpu.API)} · ${ms(cpu.worker)})`,
    ratio === undefined ? '' : `${ratio.toFixed(2)}${verdict(ratio <= HOT_PATH_GOALS.fixedOverSaturated)}`,
    `${ms(cpu.machine)} / ${ms(cpu['bench process'])}`,
  ];
}

/** The table, as markdown (it goes into results files as it is), with what was measured above it. */
export function formatQuickResults(
  rows: QuickRow[],
  context: { startedAt: Date; loadBefore: number[]; seconds: number },
): string {
  const { cpuPerCommandMs, postgresPerLikeMs } = HOT_PATH_GOALS;
  const header = [
    'command',
    'offered',
    'answered/s',
    'p50 ms',
    `p99 ms (goal < ${HOT_PATH_GOALS.p99Ms})`,
    `CPU ms/command: PostgreSQL + API + worker (goal ≤ ${cpuPerCommandMs}; PostgreSQL per like ≤ ${postgresPerLikeMs})`,
    `fixed / saturated CPU (goal ≤ ${HOT_PATH_GOALS.fixedOverSaturated})`,
    'machine / load generator CPU ms',
  ];
  const load = (values: number[]) => values.map((value) => value.toFixed(1)).join(' ');
  return [
    `bench:quick ${context.startedAt.toISOString()}, commit ${currentCommit()}, Node.js ${process.version}, ` +
      `${availableParallelism()} cores, load average ${load(context.loadBefore)} before, ${load(loadavg())} after, ` +
      `${context.seconds.toFixed(0)} s`,
    `Measured: the ${describeApi(apiBuildToRun('built'))}`,
    '',
    `| ${header.join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    ...rows.map((row) => `| ${rowCells(row).join(' | ')} |`),
    '',
    'CPU per command from /proc: PostgreSQL is every process of the server the benchmark used (its postmaster and what',
    'it started), API and worker are the deployment\'s processes; "machine" counts every process on the machine,',
    "other sessions' work included, and the load generator is this benchmark's own process.",
  ].join('\n');
}
