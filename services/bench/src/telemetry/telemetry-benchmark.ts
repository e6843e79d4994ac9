import { randomUUID } from 'node:crypto';
import { Pool } from 'undici';
import pg from 'pg';
import { startApi, type RunningApi } from '../api-process';
import { processCpuMs } from '../load/cpu-meter';
import { cpuColumn, runFixedRate, scenarioColumns, type ScenarioResult } from '../load/load-runners';

export interface TelemetryBenchmarkOptions {
  databaseUrl: string;
  /** Events in each batch (the figure: batches of 100). */
  eventsPerBatch: number;
  /** Batches offered per second. */
  batchesPerSecond: number;
  seconds: number;
  clients: number;
  /** Distinct content and drop targets the events name. */
  targets: number;
}

export const DEFAULT_TELEMETRY_BENCHMARK: Omit<TelemetryBenchmarkOptions, 'databaseUrl'> = {
  eventsPerBatch: 100,
  batchesPerSecond: 120,
  seconds: 10,
  clients: 32,
  targets: 500,
};

export interface TelemetryBenchmarkResult {
  ingest: ScenarioResult;
  eventsAcceptedPerSecond: number;
  /** Every accepted event stored (raw row and daily count) this long after the first batch was sent. */
  storedAllSeconds: number;
  eventsStoredPerSecond: number;
  eventsAccepted: number;
  eventsStored: number;
  countedInRollup: number;
}

/** A batch as the platform tracker sends it: impressions mostly, some clicks and views, over many targets. */
function batchOf(size: number, targets: number, session: string): string {
  const events = [];
  for (let index = 0; index < size; index += 1) {
    const roll = Math.random();
    const eventType = roll < 0.8 ? 'impression' : roll < 0.93 ? 'click' : 'view';
    const target = Math.floor(Math.random() * targets);
    events.push({
      session_id: session,
      event_type: eventType,
      payload: {
        target_type: target % 2 === 0 ? 'content' : 'drop',
        target_id: `bench-target-${target}`,
        ...(target % 5 === 0 ? { campaign_id: `bench-campaign-${target % 7}` } : {}),
      },
      user_id: null,
    });
  }
  return JSON.stringify(events);
}

/**
 * `POST /api/telemetry` over HTTP against the whole application in its own process (jobs in process, as without
 * REDIS_URL): batches at a fixed offered rate, latency from the scheduled send to the 202; then how long until every
 * accepted event is stored (raw rows and the daily rollup), which is the ingest rate that holds over time.
 */
export async function runTelemetryBenchmark(
  options: TelemetryBenchmarkOptions,
  log: (line: string) => void,
): Promise<TelemetryBenchmarkResult> {
  let api: RunningApi | undefined;
  const database = new pg.Pool({ connectionString: options.databaseUrl, max: 2 });
  try {
    // One load generator is one client address: the per-client limit would refuse it (README of the telemetry module).
    api = await startApi(options.databaseUrl, 'one process', log, { TELEMETRY_BATCHES_PER_MINUTE: '100000000' });
    const base = api.base;
    const http = new Pool(base, { connections: options.clients, pipelining: 1 });
    // Bodies are made before the clock starts: the load generator shares the machine's two cores with the API.
    const total = Math.ceil(options.batchesPerSecond * options.seconds) + options.clients;
    log(`preparing ${total} batches of ${options.eventsPerBatch} events`);
    const bodies = Array.from({ length: Math.min(total, 400) }, (_, index) =>
      batchOf(options.eventsPerBatch, options.targets, `bench-session-${index}`),
    );
    let next = 0;
    let acceptedBatches = 0;
    const send = async (): Promise<boolean> => {
      const body = bodies[next++ % bodies.length]!;
      const response = await http.request({
        path: `/api/telemetry?batch_id=${randomUUID()}`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      await response.body.dump();
      if (response.statusCode !== 202) return false;
      acceptedBatches += 1;
      return true;
    };
    const warmRate = Math.min(20, options.batchesPerSecond);
    await runFixedRate('warm-up', Math.min(options.clients, 4), 2, warmRate, send);
    const warmEvents = acceptedBatches * options.eventsPerBatch;
    await waitForWarmUpStored(database, warmEvents);
    acceptedBatches = 0;

    log(`${options.batchesPerSecond} batches/s of ${options.eventsPerBatch} events offered for ${options.seconds} s`);
    const started = performance.now();
    const ingest = await runFixedRate(
      `POST /api/telemetry (${options.eventsPerBatch} events) at ${options.batchesPerSecond}/s`,
      options.clients,
      options.seconds,
      options.batchesPerSecond,
      send,
      { API: processCpuMs(api.apiPid) },
    );
    const eventsAccepted = acceptedBatches * options.eventsPerBatch;
    // Until every accepted event is stored, or 120 s past the run's end.
    const deadline = started + (options.seconds + 120) * 1000;
    const eventsStored = await storedAfterRun(database, warmEvents, eventsAccepted, deadline);
    const storedAllSeconds = (performance.now() - started) / 1000;
    const counted = await database.query<{ count: string }>(
      'SELECT coalesce(sum(count), 0)::text AS count FROM telemetry_daily_counts',
    );
    await http.close();
    return {
      ingest,
      eventsAcceptedPerSecond: ingest.commandsPerSecond * options.eventsPerBatch,
      storedAllSeconds,
      eventsStoredPerSecond: eventsStored / storedAllSeconds,
      eventsAccepted,
      eventsStored,
      countedInRollup: Number(counted.rows[0]!.count) - warmEvents,
    };
  } finally {
    await api?.stop();
    await database.end();
  }
}

/** Raw telemetry rows stored so far. */
async function storedEvents(database: pg.Pool): Promise<number> {
  const rows = await database.query<{ count: string }>('SELECT count(*)::text AS count FROM telemetry_events');
  return Number(rows.rows[0]!.count);
}

/** Waits (at most 60 s) until the warm-up's accepted events are stored, so the measured run starts from an idle job. */
async function waitForWarmUpStored(database: pg.Pool, warmEvents: number): Promise<void> {
  const warmDeadline = Date.now() + 60_000;
  while ((await storedEvents(database)) < warmEvents) {
    if (Date.now() > warmDeadline) throw new Error('The warm-up batches were not stored within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Events stored since the warm-up, polled until `eventsAccepted` or `deadline` (a performance.now() time). */
async function storedAfterRun(
  database: pg.Pool,
  warmEvents: number,
  eventsAccepted: number,
  deadline: number,
): Promise<number> {
  let eventsStored = (await storedEvents(database)) - warmEvents;
  while (eventsStored < eventsAccepted && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    eventsStored = (await storedEvents(database)) - warmEvents;
  }
  return eventsStored;
}

export function formatTelemetryResults(
  result: TelemetryBenchmarkResult,
  options: Omit<TelemetryBenchmarkOptions, 'databaseUrl'>,
): string {
  const r = result.ingest;
  const storedAndCountedOnce =
    result.eventsStored === result.eventsAccepted && result.countedInRollup === result.eventsAccepted;
  return [
    `Telemetry ingest benchmark: batches of ${options.eventsPerBatch} events, ${options.clients} clients, ` +
      `${options.targets} targets`,
    '',
    'scenario                                                   batches/s   events/s   p50 ms   p99 ms   ' +
      'max ms  answered  refused  API CPU ms/batch',
    [
      ...scenarioColumns(r, { name: 58, rate: 9, commands: 9 }, [
        result.eventsAcceptedPerSecond.toFixed(0).padStart(10),
      ]),
      cpuColumn(r, 'API', 17),
    ].join(' '),
    '',
    `Stored: ${result.eventsStored} of ${result.eventsAccepted} accepted events, all within ` +
      `${result.storedAllSeconds.toFixed(1)} s of the first send: ${result.eventsStoredPerSecond.toFixed(0)} ` +
      `events/s end to end; the daily rollup counts ${result.countedInRollup}.`,
    `Every accepted event stored and counted once: ${storedAndCountedOnce ? 'yes' : 'NO'}`,
    '',
    'Target (issue 25): ingest ≥ 10,000 events/s (batches of 100) with endpoint p99 < 50 ms.',
  ].join('\n');
}
