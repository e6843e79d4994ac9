import { join } from 'node:path';
import pg from 'pg';
import { runMigrations, type Database } from './database';
import {
  FastAppendMissedError,
  StreamOrderConflictError,
  type AppendAlongside,
  type AppendGuard,
  type AppendResult,
  type AppendToStream,
  type Checkpoint,
  type EventStore,
  type ReadAllBatch,
  type ReadAllOptions,
  type ReadStreamRequest,
  type StoredEvent,
  type SubscribeOptions,
  type Subscription,
  type TransactionHandle,
  type TransactionOptions,
} from './event-store.port';
import { alongsideError, prepareAlongside, type PreparedAlongside } from './postgres/append-alongside';
import { guardError, prepareGuard, type PreparedGuard } from './postgres/append-guard';
import { KnownHeads, prepareAppend, type PreparedStream, type StreamHead } from './postgres/append-plan';
import { DEADLOCK_DETECTED, FAST_APPEND_MISSED, appendLocked, tryFastAppend } from './postgres/append-statements';
import { PostgresReads, type StreamHeadRow } from './postgres/reads';
import { asHandle, transactionHandle } from './postgres/sql';
import { EVENT_STORE_CHANNEL, SubscriptionHub } from './postgres/subscriptions';

export { EVENT_STORE_CHANNEL, type StreamHeadRow };

/** The event store's own schema, applied by `PostgresEventStore.open` (node-pg-migrate, table below). */
export const EVENT_STORE_MIGRATIONS_DIRECTORY = join(__dirname, '..', 'migrations');
export const EVENT_STORE_MIGRATIONS_TABLE = 'event_store_migrations';

const ORDER_CONFLICT_ATTEMPTS = 5;

export interface PostgresEventStoreOptions {
  /**
   * Use named prepared statements for the hot queries. Default true; PostgresEventStore.open turns it off for
   * PGlite, whose connections share one session (and so one namespace of statement names).
   */
  preparedStatements?: boolean;
  /**
   * Send NOTIFY on append and LISTEN in subscribers. Default true. Turn it off where NOTIFY does not reach other
   * connections (PGlite over its socket): subscribers then rely on polling alone.
   */
  notifications?: boolean;
  /**
   * Run transactions in pg's pipeline mode: a statement is sent without waiting for the one before to be answered,
   * and the ones a unit sends in the same turn (its BEGIN with its first reads) leave in one write. Default: as
   * `preparedStatements` (PostgreSQL yes, PGlite over its socket no).
   */
  pipelining?: boolean;
}

/**
 * The EventStore on PostgreSQL through `pg` (also PGlite served over its socket, through the same code). This class
 * chooses the append path; the statements live in `postgres/append-statements.ts`, the reads in `postgres/reads.ts`,
 * the subscriptions in `postgres/subscriptions.ts`.
 *
 * Appending is correct by locking, and fast by remembering:
 * - Slow path, in one transaction (the caller's when given): one upsert locks the row of every stream of the
 *   request in stream id order (no deadlock between multi-stream appends), creating version-0 rows for new
 *   streams, and returns each version and last hash. Every expected version is compared with the locked one; the
 *   first mismatch throws WrongExpectedVersionError before anything is written. A concurrent writer of the same
 *   stream waits for the lock and then sees the new version, so conflicts are detected atomically. One statement
 *   then inserts the hash-chained events and moves each stream row forward (`UPDATE ... WHERE version = locked`).
 * - Fast path, one statement: when the head of every stream is known (a new stream, or this process recently read
 *   or wrote it at the expected version), the statement creates new stream rows (`ON CONFLICT DO NOTHING`), moves
 *   known ones forward with `UPDATE ... WHERE version = expected AND last_hash = known`, and inserts the events
 *   only if every stream row was claimed. A stale memory or a lost race writes nothing and falls back to the slow
 *   path, which gives the authoritative answer. Alone (no caller transaction) a single-stream append is then one
 *   round trip in autocommit.
 * - Guard rows (AppendGuard, e.g. idempotency keys) are inserted by the same statement before the streams are
 *   claimed, or first in the slow path's transaction. A guarded append never uses the single-stream form that can
 *   miss quietly: its misses raise, so the statement never leaves guard rows without their events.
 * - Writes alongside (AppendAlongside: the caller's inline rows) are parts of the fast statement too, checked in it
 *   (ES002 aborts it), or run one by one at the start of the slow path's transaction.
 * Appends with 'any' lock only the streams they touch, so unrelated writers never wait for each other.
 * Both paths also refuse an append with an expected version (anything but 'any') in a transaction older (smaller
 * xid8) than the one that last appended to the stream (StreamOrderConflictError), so that reading the log in
 * (transaction_id, position) order yields such streams in version order. 'any' streams are journals whose order
 * nobody decided on: they are exempt, because refusing there would make every contended journal retry, and in the
 * log their events may appear out of version order (fold them commutatively, or read them with readStream).
 * A stream row at version 0 (left by a refused append inside a caller's transaction that still committed) means
 * the same as no stream.
 */
export class PostgresEventStore implements EventStore {
  private readonly preparedStatements: boolean;
  private readonly pipelining: boolean;
  private readonly poolHandle: TransactionHandle;
  /** Bounded memory of stream heads that lets appends take the fast path; reads and writes keep it current. */
  private readonly knownHeads = new KnownHeads();
  private readonly reads: PostgresReads;
  private readonly subscriptions: SubscriptionHub;
  /** Handles of our own transactions that appended, so their commit wakes subscribers. */
  private readonly appendingTransactions = new WeakSet<TransactionHandle>();
  /** Handles handed out by withTransaction, whose COMMIT this store sees. */
  private readonly ownHandles = new WeakSet<TransactionHandle>();
  /** Handles of transactions whose caller reruns its unit on a conflict: a miss may abort them (`rerunsOnConflict`). */
  private readonly rerunningHandles = new WeakSet<TransactionHandle>();

  constructor(
    private readonly pool: pg.Pool,
    options: PostgresEventStoreOptions = {},
  ) {
    this.preparedStatements = options.preparedStatements ?? true;
    this.pipelining = options.pipelining ?? this.preparedStatements;
    this.poolHandle = asHandle(pool, this.preparedStatements);
    this.reads = new PostgresReads(pool, this.poolHandle, this.knownHeads);
    this.subscriptions = new SubscriptionHub(pool, options.notifications ?? true, (after, readOptions) =>
      this.readAll(after, readOptions),
    );
  }

  /** Applies the event store's migrations and returns a store suited to the database kind. */
  static async open(
    database: Pick<Database, 'pool' | 'kind'>,
    options: PostgresEventStoreOptions = {},
  ): Promise<PostgresEventStore> {
    await migrateEventStore(database.pool);
    const postgres = database.kind === 'postgres';
    return new PostgresEventStore(database.pool, { notifications: postgres, preparedStatements: postgres, ...options });
  }

  async append(
    streams: AppendToStream[],
    options: { transaction?: TransactionHandle; guard?: AppendGuard; alongside?: readonly AppendAlongside[] } = {},
  ): Promise<AppendResult> {
    const prepared = prepareAppend(streams);
    const guard = options.guard && prepareGuard(options.guard);
    const alongside = prepareAlongside(options.alongside);
    try {
      return await this.appendPrepared(prepared, options.transaction, guard, alongside);
    } catch (error) {
      const failure = alongsideError(error);
      throw guard ? guardError(failure, guard) : failure;
    }
  }

  private async appendPrepared(
    prepared: PreparedStream[],
    transaction: TransactionHandle | undefined,
    guard: PreparedGuard | undefined,
    alongside: PreparedAlongside | undefined,
  ): Promise<AppendResult> {
    const fast = await this.tryFastPath(prepared, transaction, guard, alongside);
    if (fast) return fast;
    if (transaction) {
      const result = await appendLocked(transaction, prepared, this.knownHeads, guard, alongside);
      this.afterAppend(transaction);
      return result;
    }
    // Our own transaction can simply be retried when it lost the order race: a new transaction is newer.
    for (let attempt = 1; ; attempt += 1) {
      try {
        const result = await this.withTransaction((own) =>
          appendLocked(own, prepared, this.knownHeads, guard, alongside),
        );
        this.subscriptions.wake();
        return result;
      } catch (error) {
        if (!(error instanceof StreamOrderConflictError) || attempt >= ORDER_CONFLICT_ATTEMPTS) throw error;
      }
    }
  }

  /**
   * The one-statement append when every head is known and the statement may run here; undefined to take the locking
   * path.
   */
  private async tryFastPath(
    prepared: PreparedStream[],
    transaction: TransactionHandle | undefined,
    guard: PreparedGuard | undefined,
    alongside: PreparedAlongside | undefined,
  ): Promise<AppendResult | undefined> {
    const heads = this.knownHeads.forFastPath(prepared);
    if (!heads) return undefined;
    // A guarded append must write its guard rows (and the writes beside it) only with its events, so a miss has to
    // raise (like several streams).
    if (prepared.length === 1 && !guard && !alongside) {
      // For one stream the statement either writes everything or nothing, so it needs no transaction of its own
      // and leaves nothing behind in a caller's transaction when it misses.
      const result = await tryFastAppend(transaction ?? this.poolHandle, prepared, heads, this.knownHeads);
      if (result) this.afterAppend(transaction);
      return result;
    }
    // Several streams claimed by one statement could be half claimed when a race is lost: the statement then
    // raises (event_store_claimed_all), which undoes all of it, so it runs in autocommit, one round trip. In a
    // caller's transaction the raise aborts the caller's work, so there it is taken only when the caller reruns its
    // unit on a conflict anyway (`rerunsOnConflict`); other transactions take the locking path.
    if (transaction && (guard || !this.rerunningHandles.has(transaction))) return undefined;
    const result = await this.raisingFastAppend(transaction ?? this.poolHandle, prepared, heads, guard, alongside);
    if (result) {
      this.afterAppend(transaction);
      return result;
    }
    // A miss. In autocommit nothing was written and the locking path gives the answer. In a rerunning transaction the
    // raise aborted it: a conflict for the caller to rerun, naming every stream since which one moved is not known;
    // their heads are forgotten, so the rerun's append takes the locking path and names the stale stream.
    if (transaction) throw new FastAppendMissedError(prepared.map((stream) => stream.streamId));
    return undefined;
  }

  /** The several-stream fast statement, raising on a miss (a stale head, a lost race, a deadlock): undefined then. */
  private async raisingFastAppend(
    handle: TransactionHandle,
    prepared: PreparedStream[],
    heads: Map<string, StreamHead>,
    guard: PreparedGuard | undefined,
    alongside: PreparedAlongside | undefined,
  ): Promise<AppendResult | undefined> {
    try {
      return await tryFastAppend(handle, prepared, heads, this.knownHeads, { raiseOnMiss: true, guard, alongside });
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code !== FAST_APPEND_MISSED && code !== DEADLOCK_DETECTED) throw error;
      this.knownHeads.forget(prepared);
      return undefined;
    }
  }

  /**
   * Wakes subscribers once an append is committed (see SubscriptionHub.wake). Appends inside our own withTransaction
   * wake after its COMMIT; inside a foreign transaction the wake-up may come early and polling covers the rest.
   */
  private afterAppend(transaction: TransactionHandle | undefined): void {
    if (transaction && this.ownHandles.has(transaction)) {
      this.appendingTransactions.add(transaction);
      return;
    }
    this.subscriptions.wake();
  }

  readStream(
    streamId: string,
    options: { fromVersion?: bigint; toVersion?: bigint; transaction?: TransactionHandle } = {},
  ): Promise<StoredEvent[]> {
    return this.reads.readStream(streamId, options);
  }

  readStreams(
    requests: readonly ReadStreamRequest[],
    options: { transaction?: TransactionHandle } = {},
  ): Promise<Map<string, StoredEvent[]>> {
    return this.reads.readStreams(requests, options);
  }

  /** Streams in stream id order, a page at a time (for `ledger verify` and operations tooling). */
  listStreams(options: { after?: string; limit?: number } = {}): Promise<StreamHeadRow[]> {
    return this.reads.listStreams(options);
  }

  /** Stream ids that have events but no row in `streams` (only possible if someone edited the tables by hand). */
  streamsWithoutHead(): Promise<string[]> {
    return this.reads.streamsWithoutHead();
  }

  streamVersion(streamId: string, options: { transaction?: TransactionHandle } = {}): Promise<bigint> {
    return this.reads.streamVersion(streamId, options);
  }

  /** The log after `after`, below the oldest transaction still running (see PostgresReads.readAll). */
  readAll(after: Checkpoint, options: ReadAllOptions = {}): Promise<ReadAllBatch> {
    return this.reads.readAll(after, options);
  }

  headCheckpoint(): Promise<Checkpoint> {
    return this.reads.headCheckpoint();
  }

  subscribe(
    handler: (events: StoredEvent[], checkpoint: Checkpoint) => Promise<void>,
    options: SubscribeOptions,
  ): Subscription {
    return this.subscriptions.subscribe(handler, options);
  }

  async withTransaction<T>(
    work: (transaction: TransactionHandle) => Promise<T>,
    options: TransactionOptions = {},
  ): Promise<T> {
    const client = await this.pool.connect();
    let broken: Error | undefined;
    if (this.pipelining) setPipelined(client, true);
    try {
      const handle = transactionHandle(client, this.preparedStatements, this.pipelining);
      // Pipelined, BEGIN is not awaited: it leaves in one write with the unit's first statements. On a live session
      // BEGIN cannot fail; a broken one fails the statements behind it too, and the await below rolls back.
      const begun = handle.query('BEGIN');
      if (!this.pipelining) await begun;
      else begun.catch(() => undefined);
      this.ownHandles.add(handle);
      if (options.rerunsOnConflict) this.rerunningHandles.add(handle);
      try {
        const result = await work(handle);
        await begun;
        await handle.end('COMMIT');
        if (this.appendingTransactions.has(handle)) this.subscriptions.wake();
        return result;
      } catch (error) {
        try {
          await handle.end('ROLLBACK');
        } catch (rollbackError) {
          broken = rollbackError as Error;
        }
        throw error;
      }
    } finally {
      // Every statement sent was answered (COMMIT or ROLLBACK came last and was awaited): the pool's next user may
      // run in pg's default mode, one statement at a time.
      if (this.pipelining) setPipelined(client, false);
      // A connection whose ROLLBACK failed is in an unknown state: destroy it rather than reuse it.
      client.release(broken);
    }
  }

  /**
   * Ends the subscriptions and releases the LISTEN connection. The pool belongs to the Database and is closed with it.
   */
  close(): Promise<void> {
    return this.subscriptions.close();
  }
}

/** pg reads `pipeline` on each send; it is switched only while the client is ours and nothing is in flight. */
function setPipelined(client: pg.PoolClient, on: boolean): void {
  (client as { pipeline: boolean }).pipeline = on;
}

export async function migrateEventStore(pool: pg.Pool): Promise<string[]> {
  return runMigrations(pool, {
    directory: EVENT_STORE_MIGRATIONS_DIRECTORY,
    migrationsTable: EVENT_STORE_MIGRATIONS_TABLE,
  });
}
