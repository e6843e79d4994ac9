import { compareCheckpoints, openDatabase, PostgresEventStore, runMigrations } from '@app/event-store';
import {
  LEDGER_MIGRATIONS_DIRECTORY,
  LEDGER_MIGRATIONS_TABLE,
} from '@app/api/src/modules/ledger/infrastructure/ledger-migrations';
import { MerkleLog } from '@app/api/src/modules/ledger/publish-digests/merkle-log';
import { verifyConsistency, verifyInclusion } from '@app/api/src/modules/ledger/publish-digests/merkle-tree';

export interface DigestBenchmarkOptions {
  databaseUrl: string;
  /** Events in the log before the first digest (from scratch). */
  initialEvents: number;
  /** Events appended before the incremental digest. */
  newEvents: number;
  /** Proofs timed, each of a random event (inclusion) and between two random sizes (consistency). */
  proofs: number;
}

export const DEFAULT_DIGEST_BENCHMARK: Omit<DigestBenchmarkOptions, 'databaseUrl'> = {
  initialEvents: 1_000_000,
  newEvents: 10_000,
  proofs: 200,
};

export interface DigestStep {
  name: string;
  events: number;
  milliseconds: number;
  /** Highest resident set size seen while the step ran, and the heap growth over it. */
  peakRssMegabytes: number;
  heapDeltaMegabytes: number;
}

export interface DigestBenchmarkResults {
  steps: DigestStep[];
  inclusion: { medianMilliseconds: number; p99Milliseconds: number; hashes: number };
  consistency: { medianMilliseconds: number; p99Milliseconds: number; hashes: number };
}

/**
 * Writes `count` events straight into the log, 50,000 a statement, with payloads the size of a ledger transaction's.
 */
export async function seedEvents(pool: import('pg').Pool, from: number, count: number): Promise<void> {
  for (let start = from; start < from + count; start += 50_000) {
    const end = Math.min(from + count, start + 50_000) - 1;
    await pool.query(
      `INSERT INTO events (event_id, stream_id, stream_version, type, data, hash, previous_hash)
       SELECT gen_random_uuid(), 'bench-account-' || (i % 10000), (i / 10000) + 1, 'LedgerTransactionPosted',
              jsonb_build_object('transactionId', md5(i::text), 'reasonCode', 'TRANSFER',
                'description', 'Benchmark transfer',
                'postings', jsonb_build_array(jsonb_build_object('debitAccount', 'user:' || md5((i + 1)::text),
                  'creditAccount', 'user:' || md5(i::text), 'currency', 'points', 'amountMinor', '10')),
                'occurredAt', now()::text, 'copyIndex', 0, 'copyCount', 1),
              encode(sha256(i::text::bytea), 'hex'), encode(sha256((i - 1)::text::bytea), 'hex')
       FROM generate_series($1::bigint, $2::bigint) AS i`,
      [start, end],
    );
  }
}

/**
 * Waits until the log is readable up to the newest event written: it is readable only below the oldest transaction
 * running anywhere in the cluster, so a digest taken right after seeding could stop short of the seeded events.
 */
async function untilReadable(eventStore: PostgresEventStore, pool: import('pg').Pool): Promise<void> {
  const newest = await pool.query<{ transaction_id: string; position: string }>(
    'SELECT transaction_id::text, position::text FROM events ORDER BY transaction_id DESC, position DESC LIMIT 1',
  );
  const row = newest.rows[0];
  if (!row) return;
  const target = { transactionId: BigInt(row.transaction_id), position: BigInt(row.position) };
  const deadline = Date.now() + 60_000;
  while (compareCheckpoints(await eventStore.headCheckpoint(), target) < 0) {
    if (Date.now() > deadline)
      throw new Error(`The log did not become readable up to position ${target.position} within 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function measure(name: string, events: number, work: () => Promise<unknown>): Promise<DigestStep> {
  global.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20);
  const started = performance.now();
  try {
    await work();
  } finally {
    clearInterval(sampler);
  }
  const milliseconds = performance.now() - started;
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
  const megabytes = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
  return {
    name,
    events,
    milliseconds: Math.round(milliseconds),
    peakRssMegabytes: megabytes(peakRss),
    heapDeltaMegabytes: megabytes(process.memoryUsage().heapUsed - heapBefore),
  };
}

function percentile(samples: number[], fraction: number): number {
  const sorted = [...samples].sort((left, right) => left - right);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] * 1000) / 1000;
}

/**
 * The auditor digests' costs (issue 47): the tree of `initialEvents` events built from scratch, the incremental digest
 * after `newEvents` more (only they are read and hashed), and proofs from the stored nodes (one query each), each
 * proof checked as an auditor would. Events are written straight into the log: the digest reads hashes, so the
 * benchmark does not pay for a million commands first.
 */
export async function runDigestBenchmark(
  options: DigestBenchmarkOptions,
  log: (line: string) => void,
): Promise<DigestBenchmarkResults> {
  const database = await openDatabase({ databaseUrl: options.databaseUrl, maxConnections: 4 });
  const eventStore = await PostgresEventStore.open(database);
  try {
    await runMigrations(database.pool, {
      directory: LEDGER_MIGRATIONS_DIRECTORY,
      migrationsTable: LEDGER_MIGRATIONS_TABLE,
    });
    const merkle = new MerkleLog(eventStore, database.pool);
    log(`writing ${options.initialEvents} events`);
    await seedEvents(database.pool, 0, options.initialEvents);
    await untilReadable(eventStore, database.pool);
    const steps: DigestStep[] = [];
    steps.push(
      await measure('digest from scratch', options.initialEvents, async () =>
        merkle.root((await merkle.sync()).treeSize),
      ),
    );
    log(`${steps[0].name}: ${steps[0].milliseconds} ms; writing ${options.newEvents} more`);
    await seedEvents(database.pool, options.initialEvents, options.newEvents);
    await untilReadable(eventStore, database.pool);
    steps.push(
      await measure(`incremental digest`, options.newEvents, async () => merkle.root((await merkle.sync()).treeSize)),
    );
    const size = BigInt(options.initialEvents + options.newEvents);
    const root = await merkle.root(size);
    const inclusionTimes: number[] = [];
    const consistencyTimes: number[] = [];
    let inclusionHashes = 0;
    let consistencyHashes = 0;
    for (let round = 0; round < options.proofs; round += 1) {
      const leafIndex = BigInt(Math.floor(Math.random() * Number(size)));
      let started = performance.now();
      const inclusion = await merkle.inclusionProof(leafIndex, size);
      inclusionTimes.push(performance.now() - started);
      const leaf = await merkle.rangeOrNull(leafIndex, leafIndex + 1n);
      if (!leaf || !verifyInclusion(leafIndex, size, leaf, inclusion.path, root))
        throw new Error(`The inclusion proof of leaf ${leafIndex} does not verify`);
      inclusionHashes = Math.max(inclusionHashes, inclusion.path.length);
      const oldSize = 1n + BigInt(Math.floor(Math.random() * (Number(size) - 1)));
      started = performance.now();
      const consistency = await merkle.consistencyProof(oldSize, size);
      consistencyTimes.push(performance.now() - started);
      if (!verifyConsistency(oldSize, size, consistency.oldRoot, root, consistency.proof))
        throw new Error(`The consistency proof from ${oldSize} does not verify`);
      consistencyHashes = Math.max(consistencyHashes, consistency.proof.length);
    }
    return {
      steps,
      inclusion: {
        medianMilliseconds: percentile(inclusionTimes, 0.5),
        p99Milliseconds: percentile(inclusionTimes, 0.99),
        hashes: inclusionHashes,
      },
      consistency: {
        medianMilliseconds: percentile(consistencyTimes, 0.5),
        p99Milliseconds: percentile(consistencyTimes, 0.99),
        hashes: consistencyHashes,
      },
    };
  } finally {
    await eventStore.close();
    await database.close();
  }
}

export function formatDigestResults(results: DigestBenchmarkResults): string {
  const lines = ['| step | events | time | peak RSS | heap growth |', '|---|---:|---:|---:|---:|'];
  for (const step of results.steps) {
    lines.push(
      `| ${step.name} | ${step.events.toLocaleString('en-US')} | ${step.milliseconds.toLocaleString('en-US')} ` +
        `ms | ${step.peakRssMegabytes} MB | ${step.heapDeltaMegabytes} MB |`,
    );
  }
  lines.push('', '| proof | median | p99 | hashes (at most) |', '|---|---:|---:|---:|');
  lines.push(
    `| inclusion | ${results.inclusion.medianMilliseconds} ms | ${results.inclusion.p99Milliseconds} ms | ` +
      `${results.inclusion.hashes} |`,
  );
  lines.push(
    `| consistency | ${results.consistency.medianMilliseconds} ms | ${results.consistency.p99Milliseconds} ms ` +
      `| ${results.consistency.hashes} |`,
  );
  return lines.join('\n');
}
