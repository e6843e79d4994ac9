import { randomUUID } from 'node:crypto';
import { dumbo } from '@event-driven-io/dumbo';
import { getPostgreSQLEventStore, readMessagesBatch } from '@event-driven-io/emmett-postgresql';
import { CHECKPOINT_START, PostgresEventStore, openDatabase, type Database } from '@app/event-store';

/**
 * Our PostgreSQL adapter against Emmett's (`@event-driven-io/emmett-postgresql`) on the same database, with the
 * same payloads, writer counts and batch sizes. Each adapter writes to its own tables (ours: `events`/`streams`,
 * Emmett's: `emt_messages`/`emt_streams`), so they never see each other's rows.
 */
export interface EventStoreBenchmarkOptions {
  databaseUrl: string;
  /** Concurrent writers (each on its own pool connection). */
  writers: number;
  /** Events written by each append scenario, per adapter. */
  eventsPerScenario: number;
  /** Events per transaction in the single-stream scenario. */
  eventsPerTransaction: number;
  /** Batch size of the read-all scenario. */
  readBatchSize: number;
  /** Small untimed run first so that connections, JIT and caches are warm for both adapters. */
  warmUpEvents: number;
}

export const DEFAULT_EVENT_STORE_BENCHMARK: Omit<EventStoreBenchmarkOptions, 'databaseUrl'> = {
  writers: 8,
  eventsPerScenario: 40_000,
  eventsPerTransaction: 10,
  readBatchSize: 1_000,
  warmUpEvents: 2_000,
};

export interface ScenarioResult {
  scenario: string;
  adapter: 'ours' | 'emmett';
  events: number;
  seconds: number;
  eventsPerSecond: number;
  note?: string;
  /** For reads: how many events the log holds. */
  expectedEvents?: number;
}

/** A benchmark-sized fact: a currency movement with the metadata every command records. */
function movementEvent(writerIndex: number, sequence: number) {
  return {
    type: 'PointsCredited',
    data: {
      accountId: `account-${writerIndex}`,
      amountMinor: String(1_000 + sequence),
      currency: 'points',
      reason: 'CONVERSION',
      sequence,
    },
    metadata: { correlationId: randomUUID(), actorId: `user-${writerIndex}` },
  };
}

async function timed(work: () => Promise<number>): Promise<{ events: number; seconds: number }> {
  const startedAt = process.hrtime.bigint();
  const events = await work();
  return { events, seconds: Number(process.hrtime.bigint() - startedAt) / 1e9 };
}

function result(
  scenario: string,
  adapter: ScenarioResult['adapter'],
  measured: { events: number; seconds: number },
  note?: string,
): ScenarioResult {
  return { scenario, adapter, ...measured, eventsPerSecond: measured.events / measured.seconds, note };
}

/** Runs `transactions` units of work spread over `writers` concurrent loops. */
async function inParallel(
  writers: number,
  transactions: number,
  unit: (writerIndex: number, sequence: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: writers }, async (_, writerIndex) => {
      for (let sequence = next++; sequence < transactions; sequence = next++) await unit(writerIndex, sequence);
    }),
  );
}

interface Adapter {
  name: ScenarioResult['adapter'];
  /** Appends `count` events to one stream with an exact expected version; returns nothing, throws on conflict. */
  appendSingle(streamId: string, expectedVersion: bigint, events: ReturnType<typeof movementEvent>[]): Promise<void>;
  /** Appends to several streams; `atomic` says whether it is one transaction. */
  appendMulti(
    streams: { streamId: string; expectedVersion: bigint; events: ReturnType<typeof movementEvent>[] }[],
  ): Promise<void>;
  multiIsAtomic: boolean;
  /** Reads the whole log from the start in batches; returns the number of events read. */
  readAll(batchSize: number): Promise<number>;
  close(): Promise<void>;
}

async function ourAdapter(databaseUrl: string, writers: number): Promise<Adapter & { database: Database }> {
  const database = await openDatabase({ databaseUrl, maxConnections: writers + 2 });
  const store = await PostgresEventStore.open(database);
  return {
    name: 'ours',
    database,
    multiIsAtomic: true,
    async appendSingle(streamId, expectedVersion, events) {
      await store.append([{ streamId, expectedVersion, events }]);
    },
    async appendMulti(streams) {
      await store.append(streams);
    },
    async readAll(batchSize) {
      let checkpoint = CHECKPOINT_START;
      let read = 0;
      for (;;) {
        const batch = await store.readAll(checkpoint, { limit: batchSize });
        read += batch.events.length;
        checkpoint = batch.nextCheckpoint;
        if (batch.caughtUp) return read;
      }
    },
    async close() {
      await store.close();
      await database.close();
    },
  };
}

async function emmettAdapter(databaseUrl: string, writers: number): Promise<Adapter> {
  const eventStore = getPostgreSQLEventStore(databaseUrl, { connectionOptions: { pooled: true } });
  await eventStore.schema.migrate();
  const reader = dumbo({ connectionString: databaseUrl, max: writers + 2 } as Parameters<typeof dumbo>[0]);
  return {
    name: 'emmett',
    // Emmett's public API appends one stream per call, each in its own transaction.
    multiIsAtomic: false,
    async appendSingle(streamId, expectedVersion, events) {
      await eventStore.appendToStream(streamId, events, { expectedStreamVersion: expectedVersion });
    },
    async appendMulti(streams) {
      for (const stream of streams)
        await eventStore.appendToStream(stream.streamId, stream.events, {
          expectedStreamVersion: stream.expectedVersion,
        });
    },
    async readAll(batchSize) {
      let after = 0n;
      let read = 0;
      for (;;) {
        const batch = await readMessagesBatch(reader.execute, { after, batchSize });
        read += batch.messages.length;
        after = batch.currentGlobalPosition;
        if (!batch.areMessagesLeft) return read;
      }
    },
    async close() {
      await reader.close();
      await eventStore.close();
    },
  };
}

/** Each writer owns a few streams and appends with exact expected versions, as command handlers do. */
function streamBook(prefix: string, writers: number, streamsPerWriter: number) {
  const versions = new Map<string, bigint>();
  const runId = randomUUID().slice(0, 8);
  return {
    pick(writerIndex: number, sequence: number, offset = 0): string {
      return `${prefix}-${runId}-${writerIndex}-${(sequence + offset) % streamsPerWriter}`;
    },
    version(streamId: string): bigint {
      return versions.get(streamId) ?? 0n;
    },
    advance(streamId: string, by: number) {
      versions.set(streamId, this.version(streamId) + BigInt(by));
    },
    writers,
  };
}

async function singleStreamAppend(
  adapter: Adapter,
  options: EventStoreBenchmarkOptions,
  events: number,
  label: string,
): Promise<number> {
  const transactions = Math.ceil(events / options.eventsPerTransaction);
  const book = streamBook(`${label}-single`, options.writers, 16);
  await inParallel(options.writers, transactions, async (writerIndex, sequence) => {
    const streamId = book.pick(writerIndex, sequence);
    const batch = Array.from({ length: options.eventsPerTransaction }, (_, index) =>
      movementEvent(writerIndex, sequence * options.eventsPerTransaction + index),
    );
    await adapter.appendSingle(streamId, book.version(streamId), batch);
    book.advance(streamId, batch.length);
  });
  return transactions * options.eventsPerTransaction;
}

/** A transfer-like unit: 4 events on the payer's stream, 3 on the payee's, 3 on a third party's (10 in all). */
async function multiStreamAppend(
  adapter: Adapter,
  options: EventStoreBenchmarkOptions,
  events: number,
  label: string,
): Promise<number> {
  const transactions = Math.ceil(events / 10);
  const book = streamBook(`${label}-multi`, options.writers, 24);
  await inParallel(options.writers, transactions, async (writerIndex, sequence) => {
    const streams = [
      { streamId: book.pick(writerIndex, sequence, 0), count: 4 },
      { streamId: book.pick(writerIndex, sequence, 8), count: 3 },
      { streamId: book.pick(writerIndex, sequence, 16), count: 3 },
    ].map(({ streamId, count }) => ({
      streamId,
      expectedVersion: book.version(streamId),
      events: Array.from({ length: count }, (_, index) => movementEvent(writerIndex, sequence * 10 + index)),
    }));
    await adapter.appendMulti(streams);
    streams.forEach((stream) => book.advance(stream.streamId, stream.events.length));
  });
  return transactions * 10;
}

export async function runEventStoreBenchmark(
  options: EventStoreBenchmarkOptions,
  log: (line: string) => void = () => undefined,
): Promise<ScenarioResult[]> {
  const ours = await ourAdapter(options.databaseUrl, options.writers);
  const emmett = await emmettAdapter(options.databaseUrl, options.writers);
  const results: ScenarioResult[] = [];
  const written = new Map<ScenarioResult['adapter'], number>([
    ['ours', 0],
    ['emmett', 0],
  ]);
  const count = (adapter: Adapter, events: number) => {
    written.set(adapter.name, written.get(adapter.name)! + events);
    return events;
  };
  try {
    for (const adapter of [ours, emmett]) {
      log(`warming up ${adapter.name}`);
      count(adapter, await singleStreamAppend(adapter, options, options.warmUpEvents, `warm-${adapter.name}`));
      count(adapter, await multiStreamAppend(adapter, options, options.warmUpEvents, `warm-${adapter.name}`));
    }
    // Alternating adapters within each scenario spreads any drift of the machine (checkpoints, autovacuum) over both.
    for (const adapter of [ours, emmett]) {
      log(`single-stream append: ${adapter.name}`);
      results.push(
        result(
          `single-stream append (${options.eventsPerTransaction} events/transaction)`,
          adapter.name,
          await timed(async () =>
            count(adapter, await singleStreamAppend(adapter, options, options.eventsPerScenario, adapter.name)),
          ),
        ),
      );
    }
    for (const adapter of [ours, emmett]) {
      log(`multi-stream append: ${adapter.name}`);
      results.push(
        result(
          'multi-stream append (3 streams, 10 events/unit)',
          adapter.name,
          await timed(async () =>
            count(adapter, await multiStreamAppend(adapter, options, options.eventsPerScenario, adapter.name)),
          ),
          adapter.multiIsAtomic ? 'one transaction per unit' : 'NOT atomic: Emmett appends one stream per transaction',
        ),
      );
    }
    results.push(...(await measureReadAll(ours.database, [ours, emmett], options, written, log)));
  } finally {
    await ours.close();
    await emmett.close();
  }
  return results;
}

/**
 * Read-all of everything written (`database` holds both adapters' tables), by each adapter, three runs each; the median
 * run is the result.
 */
async function measureReadAll(
  database: Database,
  adapters: Adapter[],
  options: EventStoreBenchmarkOptions,
  written: ReadonlyMap<ScenarioResult['adapter'], number>,
  log: (line: string) => void,
): Promise<ScenarioResult[]> {
  const results: ScenarioResult[] = [];
  await waitForReadHorizon(database);
  await database.pool.query('VACUUM ANALYZE events');
  await database.pool.query('VACUUM ANALYZE emt_messages');
  // Reads are short, so one run is at the mercy of whatever else the machine does: take the median of three,
  // alternating adapters.
  const readRuns = new Map<ScenarioResult['adapter'], { events: number; seconds: number }[]>([
    ['ours', []],
    ['emmett', []],
  ]);
  for (let run = 0; run < 3; run += 1) {
    for (const adapter of adapters) {
      log(`read-all: ${adapter.name}, run ${run + 1} of 3`);
      readRuns.get(adapter.name)!.push(await timed(() => adapter.readAll(options.readBatchSize)));
    }
  }
  for (const adapter of adapters) {
    const measured = readRuns.get(adapter.name)!.sort((left, right) => left.seconds - right.seconds)[1];
    const expected = written.get(adapter.name)!;
    // A reader that checkpoints on position alone re-reads or skips events committed out of position order.
    const note =
      measured.events === expected
        ? `read all ${expected} events written`
        : `read ${measured.events} events but ${expected} were written`;
    results.push({
      ...result(`read-all (batches of ${options.readBatchSize}, median of 3)`, adapter.name, measured, note),
      expectedEvents: expected,
    });
  }
  return results;
}

/**
 * Waits until every written transaction is below pg_snapshot_xmin, the horizon both adapters read up to. It is
 * cluster wide, so another database's open write transaction would otherwise cut a timed read short.
 */
async function waitForReadHorizon(database: Database): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const result = await database.pool.query<{ pending: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM events WHERE transaction_id >= pg_snapshot_xmin(pg_current_snapshot()))
           OR EXISTS (SELECT 1 FROM emt_messages
                      WHERE transaction_id >= pg_snapshot_xmin(pg_current_snapshot())) AS pending`,
    );
    if (!result.rows[0].pending) return;
    if (Date.now() > deadline) throw new Error('the read horizon did not pass the written events within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export function formatEventStoreResults(results: ScenarioResult[], options: EventStoreBenchmarkOptions): string {
  const scenarios = [...new Set(results.map((entry) => entry.scenario))];
  const lines = [
    `Event store benchmark: ${options.writers} concurrent writers, ` +
      `${options.eventsPerScenario.toLocaleString('en-US')} events per append scenario, ` +
      'same fresh PostgreSQL database',
    '',
    `${'scenario'.padEnd(50)} ${'ours (events/s)'.padStart(16)} ${'emmett (events/s)'.padStart(18)} ` +
      `${'ours/emmett'.padStart(12)}`,
  ];
  for (const scenario of scenarios) {
    const ours = results.find((entry) => entry.scenario === scenario && entry.adapter === 'ours');
    const emmett = results.find((entry) => entry.scenario === scenario && entry.adapter === 'emmett');
    const format = (entry?: ScenarioResult) =>
      entry ? Math.round(entry.eventsPerSecond).toLocaleString('en-US') : 'n/a';
    const ratio = ours && emmett ? `${(ours.eventsPerSecond / emmett.eventsPerSecond).toFixed(2)}x` : '';
    lines.push(
      `${scenario.padEnd(50)} ${format(ours).padStart(16)} ${format(emmett).padStart(18)} ${ratio.padStart(12)}`,
    );
  }
  const notes = results
    .filter((entry) => entry.note)
    .map((entry) => `  ${entry.adapter}, ${entry.scenario}: ${entry.note}`);
  if (notes.length > 0) lines.push('', 'notes:', ...notes);
  return lines.join('\n');
}
