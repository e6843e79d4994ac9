import { randomUUID } from 'node:crypto';
import { Pool } from 'undici';
import { openDatabase, PostgresEventStore, type Database } from '@app/event-store';
import { LedgerExecutor } from '@app/api/src/modules/ledger/infrastructure/ledger-executor';
import { projectionsCaughtUp, startApi, type RunningApi } from '../api-process';
import { ProcessWatch, type Watched } from '../process-watch';
import { runFixedRate } from '../load/load-runners';
import { restartCluster, watchPostmaster, type PostgresCluster } from './chaos-postgres';
import { checkConversions, runLedgerVerify, type ConversionCheck, type VerifyOutcome } from './ledger-chaos-check';
import { recoveryOf, type Answer, type Recovery } from './ledger-chaos-recovery';
import { signUpConverters } from './ledger-http-benchmark';

/** What goes wrong mid-run: the API process or the worker is killed (`kill -9`), or PostgreSQL crashes and restarts. */
export type Fault = 'API' | 'worker' | 'PostgreSQL';

export interface ChaosOptions {
  databaseUrl: string;
  fault: Fault;
  /** Clients of the fixed-rate load, each converting as a user of its own with one command in flight. */
  clients: number;
  ratePerSecond: number;
  seconds: number;
  /** When the fault comes, in seconds after the measured run starts. */
  faultAfterSeconds: number;
  /** A command not acknowledged this long after its scheduled time is given up (counted in doubt). */
  giveUpAfterSeconds: number;
  /** `pg_ctlcluster`'s version and cluster name, for the PostgreSQL fault: never the shared cluster. */
  postgresCluster?: PostgresCluster;
}

export const DEFAULT_CHAOS: Omit<ChaosOptions, 'databaseUrl' | 'fault'> = {
  clients: 128,
  ratePerSecond: 1_000,
  seconds: 40,
  faultAfterSeconds: 10,
  giveUpAfterSeconds: 60,
};

export interface ChaosResult {
  fault: Fault;
  /** Commands the schedule sent (each with an Idempotency-Key of its own, retried under it until answered). */
  sent: number;
  /** Answered 200. */
  acknowledged: number;
  /** Answered with a 4xx refusal (none expected). */
  refused: number;
  /** Sent, never answered before giving up: whether they moved money is for the log to say (`check.unacknowledged`). */
  inDoubt: number;
  /** Retries a client made after a transport error or a 5xx. */
  retries: number;
  check: ConversionCheck;
  recovery: Recovery;
  /** From the fault until the killed process listened (started) again, or PostgreSQL had restarted, ms. */
  restartMs: number;
  /** From the end of the run until every projection had caught up with the log, ms. */
  projectionsCaughtUpMs: number;
  verify: VerifyOutcome;
}

const RETRY_AFTER_MS = 100;

/**
 * Converts at a fixed rate in an API beside a worker and, `faultAfterSeconds` in, kills one of them with SIGKILL and
 * starts it again at once (or restarts PostgreSQL with `pg_ctlcluster <version> <name> restart -m immediate`). Every
 * command carries an Idempotency-Key of its own; a client that gets no answer, or a 5xx, sends it again under the same
 * key, as a careful client would. Afterwards: every acknowledged conversion is in the log exactly once, nothing else
 * moved money, `ledger verify` passes, and how long it took to answer 1,000/s again.
 *
 * The API, the worker and (for the PostgreSQL fault) the private cluster's server are watched: one that exits without
 * having been told to fails the run at once with an UnexpectedExit (which process, how, its last lines), and
 * everything the run started is stopped.
 */
export async function runChaos(options: ChaosOptions, log: (line: string) => void): Promise<ChaosResult> {
  checkChaosOptions(options);
  const database = await openDatabase({ databaseUrl: options.databaseUrl, maxConnections: 4 });
  const postgres = new ProcessWatch();
  const run: ChaosRun = { stopping: new AbortController() };
  let api: RunningApi | undefined;
  try {
    const cluster = options.postgresCluster;
    const postmaster = cluster ? await watchPostmaster(postgres, cluster) : undefined;
    api = await startApi(options.databaseUrl, 'api + worker', log);
    const measured = measureChaos(options, { api, database, postgres, postmaster }, run, log);
    return await Promise.race([measured, api.failed, postgres.failed]);
  } finally {
    // The load's clients give up, the fault timer is off, and no process the run started is left behind.
    run.stopping.abort();
    postgres.close();
    await run.http?.destroy();
    await api?.stop();
    // A fault in flight is waited for: an API or worker restart fails once `stop` ran, and a PostgreSQL restart
    // finishes, so the cluster is left up for the run's database to be dropped.
    await run.fault?.cancel();
    await database.close();
  }
}

/** What `runChaos` must stop when the run ends or fails: the load's clients, their HTTP pool, the fault. */
interface ChaosRun {
  stopping: AbortController;
  http?: Pool;
  fault?: ReturnType<typeof scheduleFault>;
}

interface ChaosTargets {
  api: RunningApi;
  database: Database;
  postgres: ProcessWatch;
  postmaster: Watched | undefined;
}

async function measureChaos(
  options: ChaosOptions,
  targets: ChaosTargets,
  run: ChaosRun,
  log: (line: string) => void,
): Promise<ChaosResult> {
  const { api, database } = targets;
  const eventStore = await PostgresEventStore.open(database);
  log(`signing up ${options.clients} users`);
  const tokens = await signUpConverters(api.base, new LedgerExecutor(eventStore), options.clients);
  run.http = new Pool(api.base, { connections: options.clients, pipelining: 1 });
  const client = chaosConverter(options, tokens, run.http, run.stopping.signal);
  const { convert, acknowledged, answers, counts, refusals } = client;
  log('warming up for 3 s at the offered rate');
  await runFixedRate('warm-up', options.clients, 3, options.ratePerSecond, convert);
  await projectionsCaughtUp(database.pool, eventStore);
  answers.length = 0;

  const { fault: what, ratePerSecond, seconds } = options;
  log(`converting at ${ratePerSecond}/s for ${seconds} s; the ${what} fails after ${options.faultAfterSeconds} s`);
  // A run that failed during the warm-up must not inject its fault after everything was stopped.
  run.stopping.signal.throwIfAborted();
  run.fault = scheduleFault(options, targets, log);
  const scheduleEnd = performance.now() + options.seconds * 1000;
  const load = await runFixedRate(`chaos: ${what}`, options.clients, seconds, ratePerSecond, convert);
  const { at: faultAt, backAt } = await run.fault.outcome();
  const ended = performance.now();
  await projectionsCaughtUp(database.pool, eventStore);
  const projectionsCaughtUpMs = performance.now() - ended;
  for (const [refusal, count] of refusals) log(`${count} refused: ${refusal}`);
  log(`run: ${load.commands} answered, p99 ${load.p99Ms.toFixed(1)} ms; checking the log and running ledger verify`);
  return {
    fault: options.fault,
    ...counts,
    acknowledged: acknowledged.size,
    check: await checkConversions(database.pool, acknowledged, counts.inDoubt),
    recovery: recoveryOf(answers, { faultAt, ratePerSecond, scheduleEnd, end: ended }),
    restartMs: backAt - faultAt,
    projectionsCaughtUpMs,
    verify: await runLedgerVerify(options.databaseUrl),
  };
}

function checkChaosOptions(options: ChaosOptions): void {
  if (options.fault === 'PostgreSQL' && !options.postgresCluster) {
    throw new Error('The PostgreSQL fault needs a private cluster (postgresCluster)');
  }
  if (!(options.faultAfterSeconds > 0 && options.faultAfterSeconds < options.seconds)) {
    throw new Error(
      `The fault must come within the run: after 0 < t < ${options.seconds} s, not ${options.faultAfterSeconds}`,
    );
  }
}

/**
 * The chaos run's client: converts 1 gem under a key of its own, sends it again under the same key while it gets no
 * answer (or a 5xx) until `giveUpAfterSeconds`, and tallies what it saw. Once `stopping` (the run failed) it sends
 * nothing more.
 */
function chaosConverter(options: ChaosOptions, tokens: string[], http: Pool, stopping: AbortSignal) {
  const body = JSON.stringify({ from_currency: 'gems', to_currency: 'keys', amount: 1 });
  const acknowledged = new Map<string, string>();
  const answers: Answer[] = [];
  const counts = { sent: 0, refused: 0, inDoubt: 0, retries: 0 };
  const refusals = new Map<string, number>();
  const convert = async (client: number, scheduledAt: number): Promise<boolean> => {
    if (stopping.aborted) return false;
    const key = randomUUID();
    counts.sent += 1;
    for (;;) {
      const outcome = await convertOnce(http, tokens[client]!, key, body);
      if ('transactionId' in outcome) {
        acknowledged.set(key, outcome.transactionId);
        answers.push({ scheduledAt, answeredAt: performance.now() });
        return true;
      }
      if ('refusal' in outcome) {
        counts.refused += 1;
        refusals.set(outcome.refusal, (refusals.get(outcome.refusal) ?? 0) + 1);
        return false;
      }
      if (stopping.aborted) return false;
      if (performance.now() - scheduledAt > options.giveUpAfterSeconds * 1000) {
        counts.inDoubt += 1;
        return false;
      }
      counts.retries += 1;
      await new Promise((resolve) => setTimeout(resolve, RETRY_AFTER_MS));
    }
  };
  return { convert, acknowledged, answers, counts, refusals };
}

/**
 * Injects the fault `faultAfterSeconds` from now; `outcome()` waits for it (the run always outlasts the timer).
 * `cancel()`, when the run failed, keeps a fault from coming and waits for one in flight to end, whatever its outcome.
 */
function scheduleFault(options: ChaosOptions, targets: ChaosTargets, log: (line: string) => void) {
  const { fault: what } = options;
  let fault: Promise<{ at: number; backAt: number }> | undefined;
  const timer = setTimeout(() => {
    log(`${what}: ${what === 'PostgreSQL' ? 'restart -m immediate' : 'kill -9, then start it again'}`);
    fault = injectFault(options, targets);
  }, options.faultAfterSeconds * 1000);
  return {
    outcome: () => {
      clearTimeout(timer);
      return fault!;
    },
    cancel: async () => {
      clearTimeout(timer);
      await fault?.catch(() => undefined);
    },
  };
}

/**
 * Kills and restarts the process (or restarts PostgreSQL); resolves with the times (performance.now()) the fault hit
 * and the process or server was back.
 */
async function injectFault(options: ChaosOptions, targets: ChaosTargets): Promise<{ at: number; backAt: number }> {
  if (options.fault !== 'PostgreSQL') {
    const { killedAt, backAt } = await targets.api.killAndRestart(options.fault);
    return { at: killedAt, backAt };
  }
  const { at, backAt, postmaster } = await restartCluster(
    options.postgresCluster!,
    targets.postgres,
    targets.postmaster!,
  );
  targets.postmaster = postmaster;
  return { at, backAt };
}

type ConvertOutcome = { transactionId: string } | { refusal: string } | { retry: string };

/** One attempt: the transaction id of a 200, a 4xx refusal, or something to retry (no answer, a 5xx). */
async function convertOnce(http: Pool, token: string, key: string, body: string): Promise<ConvertOutcome> {
  try {
    const response = await http.request({
      path: '/api/users/convert',
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'idempotency-key': key },
      body,
    });
    const text = await response.body.text();
    if (response.statusCode === 200) {
      return { transactionId: (JSON.parse(text) as { transaction_id: string }).transaction_id };
    }
    if (response.statusCode >= 500) return { retry: `${response.statusCode}` };
    return { refusal: `${response.statusCode} ${text.slice(0, 120)}` };
  } catch (error) {
    return { retry: error instanceof Error ? error.message : String(error) };
  }
}
