import { newEventId } from './event-id';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import pg from 'pg';
import { runMigrations, type Database } from './database';
import {
  AppendGuardTakenError,
  CHECKPOINT_START,
  StreamOrderConflictError,
  WrongExpectedVersionError,
  compareCheckpoints,
  type AppendGuard,
  type AppendResult,
  type AppendToStream,
  type Checkpoint,
  type EventStore,
  type ExpectedVersion,
  type ReadAllBatch,
  type ReadAllOptions,
  type ReadStreamRequest,
  type StoredEvent,
  type SubscribeOptions,
  type Subscription,
  type TransactionHandle,
} from './event-store.port';
import { GENESIS_HASH, computeEventHashOfStoredTexts } from './hash-chain';
import { toStoredJsonWithText } from './json-safety';

/** The event store's own schema, applied by `PostgresEventStore.open` (node-pg-migrate, table below). */
export const EVENT_STORE_MIGRATIONS_DIRECTORY = join(__dirname, '..', 'migrations');
export const EVENT_STORE_MIGRATIONS_TABLE = 'event_store_migrations';
/** NOTIFY channel signalled by every append so that subscribers poll at once instead of at their next tick. */
export const EVENT_STORE_CHANNEL = 'event_store_appended';

const DEFAULT_READ_LIMIT = 1_000;
const DEFAULT_POLL_INTERVAL_MS = 250;

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
}

type Queryable = Pick<TransactionHandle, 'query'>;

const NAMED_QUERY = Symbol('namedQuery');
interface NamedQueryable {
  [NAMED_QUERY]<Row>(name: string, text: string, params: unknown[]): Promise<{ rows: Row[]; rowCount: number | null }>;
}

/** pg's overloaded `query` narrowed to the port's TransactionHandle shape. */
function asHandle(client: pg.Pool | pg.PoolClient, preparedStatements: boolean): TransactionHandle & NamedQueryable {
  return {
    query: async <Row>(text: string, params?: unknown[]) => {
      const result = await client.query(text, params);
      return { rows: result.rows as Row[], rowCount: result.rowCount };
    },
    [NAMED_QUERY]: async <Row>(name: string, text: string, params: unknown[]) => {
      const result = await client.query(preparedStatements ? { name, text, values: params } : { text, values: params });
      return { rows: result.rows as Row[], rowCount: result.rowCount };
    },
  };
}

/** Runs a hot statement as a named prepared statement (parsed and planned once per connection) when it can. */
function namedQuery<Row>(queryable: Queryable, name: string, text: string, params: unknown[]): Promise<{ rows: Row[]; rowCount: number | null }> {
  const named = (queryable as Partial<NamedQueryable>)[NAMED_QUERY];
  return named ? named<Row>(name, text, params) : queryable.query<Row>(text, params);
}

interface EventRow {
  position: string;
  transaction_id: string;
  event_id: string;
  stream_id: string;
  stream_version: string;
  type: string;
  data: unknown;
  metadata: Record<string, unknown>;
  hash: string;
  previous_hash: string;
  /** Unix milliseconds: a float is parsed far faster than pg's timestamptz text parser, and Date has ms precision. */
  recorded_at: number;
}

// Output names repeat column names but as text (bigint and xid8 do not fit a JavaScript number), so every ORDER BY
// below qualifies its columns with `events.`: an unqualified name would sort by the text output column.
const EVENT_COLUMNS = `position::text AS position, transaction_id::text AS transaction_id, event_id, stream_id,
  stream_version::text AS stream_version, type, data, metadata, hash, previous_hash,
  (extract(epoch FROM recorded_at) * 1000)::float8 AS recorded_at`;

function toStoredEvent(row: EventRow): StoredEvent {
  return {
    id: row.event_id,
    streamId: row.stream_id,
    streamVersion: BigInt(row.stream_version),
    type: row.type,
    data: row.data,
    metadata: row.metadata,
    position: BigInt(row.position),
    transactionId: BigInt(row.transaction_id),
    hash: row.hash,
    previousHash: row.previous_hash,
    recordedAt: new Date(row.recorded_at),
  };
}

function versionSatisfies(expected: ExpectedVersion, actual: bigint): boolean {
  switch (expected) {
    case 'any':
      return true;
    case 'no_stream':
      return actual === 0n;
    case 'stream_exists':
      return actual > 0n;
    default:
      return BigInt(expected) === actual;
  }
}

function assertExpectedVersionShape(streamId: string, expected: ExpectedVersion): void {
  if (typeof expected === 'string') {
    if (!['any', 'no_stream', 'stream_exists'].includes(expected)) throw new TypeError(`Stream ${streamId}: unknown expected version ${expected}`);
    return;
  }
  if (typeof expected === 'number' && !Number.isSafeInteger(expected)) throw new TypeError(`Stream ${streamId}: expected version must be an integer`);
  if (BigInt(expected) < 0n) throw new TypeError(`Stream ${streamId}: expected version must not be negative`);
}

function sleep(milliseconds: number, signal: { wake?: () => void }): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, milliseconds);
    function done() {
      clearTimeout(timer);
      signal.wake = undefined;
      resolve();
    }
    signal.wake = done;
  });
}

export interface StreamHeadRow {
  streamId: string;
  version: bigint;
  lastHash: string;
}

type PreparedStream = {
  streamId: string;
  expectedVersion: ExpectedVersion;
  events: { id: string; type: string; data: unknown; dataText: string; metadata: Record<string, unknown>; metadataText: string }[];
};

/** A stream's version and the hash of its last event, as last seen by this process. */
interface StreamHead {
  version: bigint;
  lastHash: string;
}

/** The rows one append writes, built from the heads its streams are at. */
interface PlannedWrite {
  pending: Omit<StoredEvent, 'position' | 'transactionId' | 'recordedAt'>[];
  results: AppendResult['streams'];
  heads: Map<string, StreamHead>;
  parameters: unknown[];
}

/** An AppendGuard checked and turned into SQL pieces: identifiers validated, rows as one JSON document. */
interface PreparedGuard {
  table: string;
  /** The insert's SELECT from the rows parameter, `$<n>` standing for the parameter's number. */
  insert: string;
  json: string;
  /** Part of the prepared statements' names: one statement per table and column list. */
  signature: string;
}

const SQL_IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;
const UNIQUE_VIOLATION = '23505';

function prepareGuard(guard: AppendGuard): PreparedGuard {
  if (!SQL_IDENTIFIER.test(guard.table)) throw new TypeError(`Guard table ${JSON.stringify(guard.table)} is not a plain lower-case SQL name`);
  if (guard.rows.length === 0) throw new TypeError('A guard needs at least one row');
  const columns = Object.keys(guard.rows[0]);
  if (columns.length === 0) throw new TypeError('Guard rows need at least one column');
  for (const column of columns) if (!SQL_IDENTIFIER.test(column)) throw new TypeError(`Guard column ${JSON.stringify(column)} is not a plain lower-case SQL name`);
  for (const row of guard.rows) {
    const keys = Object.keys(row);
    if (keys.length !== columns.length || keys.some((key) => !columns.includes(key))) throw new TypeError('Every guard row needs the same columns');
  }
  const list = columns.join(', ');
  const shape = `${guard.table}(${list})`;
  let statement = guardStatements.get(shape);
  if (!statement) {
    statement = {
      // jsonb_populate_recordset takes each column's type from the table, so the rows travel as one JSON parameter.
      insert: `INSERT INTO ${guard.table} (${list}) SELECT ${list} FROM jsonb_populate_recordset(NULL::${guard.table}, $<n>::jsonb)`,
      signature: createHash('sha256').update(shape).digest('hex').slice(0, 16),
    };
    guardStatements.set(shape, statement);
  }
  // Unlike event data these rows are never read back by the store: they are stored as JSON.stringify writes them.
  return { table: guard.table, ...statement, json: JSON.stringify(guard.rows) };
}

/** The SQL of each guard shape (table and columns), made once: a process has a handful, and every keyed append uses one. */
const guardStatements = new Map<string, Pick<PreparedGuard, 'insert' | 'signature'>>();

/** A unique violation on the guard's table is the guard's own refusal; anything else is left as it is. */
function guardError(error: unknown, guard: PreparedGuard): unknown {
  const failure = error as { code?: string; table?: string; detail?: string };
  return failure.code === UNIQUE_VIOLATION && failure.table === guard.table ? new AppendGuardTakenError(guard.table, failure.detail) : error;
}

const KNOWN_HEADS_MAX = 10_000;
/**
 * At most one NOTIFY per this interval (the first at once): every NOTIFY is a round trip and a commit of its own, and
 * at 1,000 appends a second a NOTIFY per append would cost the database more than the subscribers gain.
 */
const NOTIFY_MIN_INTERVAL_MS = 25;
const DEADLOCK_DETECTED = '40P01';
const ORDER_CONFLICT_ATTEMPTS = 5;

/** SQLSTATE raised by event_store_claimed_all when a multi-stream fast append claimed fewer than all its streams. */
const FAST_APPEND_MISSED = 'ES001';

/**
 * The EventStore on PostgreSQL through `pg` (also PGlite served over its socket, through the same code).
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
  private readonly notifications: boolean;
  private readonly preparedStatements: boolean;
  private listener: { client: pg.PoolClient; release(destroy: boolean): void } | undefined;
  private listenerStarting: Promise<void> | undefined;
  private closed = false;
  private readonly poolHandle: TransactionHandle;
  /** Subscriptions of this store, woken at once by local commits and by NOTIFY from other processes. */
  private readonly wakers = new Set<() => void>();
  /** Bounded memory of stream heads (insertion order = age) that lets appends take the fast path. */
  private readonly knownHeads = new Map<string, StreamHead>();
  /** Handles of our own transactions that appended, so their commit wakes subscribers. */
  private readonly appendingTransactions = new WeakSet<TransactionHandle>();
  /** Handles handed out by withTransaction, whose COMMIT this store sees. */
  private readonly ownHandles = new WeakSet<TransactionHandle>();
  private notifyTimer: NodeJS.Timeout | undefined;
  private lastNotifiedAt = 0;

  constructor(
    private readonly pool: pg.Pool,
    options: PostgresEventStoreOptions = {},
  ) {
    this.notifications = options.notifications ?? true;
    this.preparedStatements = options.preparedStatements ?? true;
    this.poolHandle = asHandle(pool, this.preparedStatements);
  }

  /** Applies the event store's migrations and returns a store suited to the database kind. */
  static async open(database: Pick<Database, 'pool' | 'kind'>, options: PostgresEventStoreOptions = {}): Promise<PostgresEventStore> {
    await migrateEventStore(database.pool);
    const postgres = database.kind === 'postgres';
    return new PostgresEventStore(database.pool, { notifications: postgres, preparedStatements: postgres, ...options });
  }

  async append(streams: AppendToStream[], options: { transaction?: TransactionHandle; guard?: AppendGuard } = {}): Promise<AppendResult> {
    const prepared = this.prepareAppend(streams);
    const guard = options.guard && prepareGuard(options.guard);
    try {
      return await this.appendPrepared(prepared, options.transaction, guard);
    } catch (error) {
      throw guard ? guardError(error, guard) : error;
    }
  }

  private async appendPrepared(prepared: PreparedStream[], transaction: TransactionHandle | undefined, guard: PreparedGuard | undefined): Promise<AppendResult> {
    const heads = this.headsForFastPath(prepared);
    if (heads) {
      // A guarded append must write its guard rows only with its events, so a miss has to raise (like several streams).
      if (prepared.length === 1 && !guard) {
        // For one stream the statement either writes everything or nothing, so it needs no transaction of its own
        // and leaves nothing behind in a caller's transaction when it misses.
        const result = await this.tryFastAppend(transaction ?? this.poolHandle, prepared, heads);
        if (result) {
          this.afterAppend(transaction);
          return result;
        }
      } else if (!transaction) {
        // Several streams claimed by one statement could be half claimed when a race is lost: the statement then
        // raises (event_store_claimed_all), which undoes all of it, so it runs in autocommit, one round trip. In a
        // caller's transaction the error would abort the caller's work, so several streams there take the locking path.
        const result = await this.tryFastAppend(this.poolHandle, prepared, heads, { raiseOnMiss: true, guard }).catch((error: unknown) => {
          const code = (error as { code?: string }).code;
          if (code === FAST_APPEND_MISSED || code === DEADLOCK_DETECTED) {
            prepared.forEach((stream) => this.knownHeads.delete(stream.streamId));
            return undefined;
          }
          throw error;
        });
        if (result) {
          this.wakeSubscribers();
          return result;
        }
      }
    }
    if (transaction) {
      const result = await this.appendLocked(transaction, prepared, guard);
      this.afterAppend(transaction);
      return result;
    }
    // Our own transaction can simply be retried when it lost the order race: a new transaction is newer.
    for (let attempt = 1; ; attempt += 1) {
      try {
        const result = await this.withTransaction((own) => this.appendLocked(own, prepared, guard));
        this.wakeSubscribers();
        return result;
      } catch (error) {
        if (!(error instanceof StreamOrderConflictError) || attempt >= ORDER_CONFLICT_ATTEMPTS) throw error;
      }
    }
  }

  private prepareAppend(streams: AppendToStream[]): PreparedStream[] {
    if (streams.length === 0) throw new TypeError('append needs at least one stream');
    const seen = new Set<string>();
    return streams.map((stream) => {
      if (typeof stream.streamId !== 'string' || stream.streamId.length === 0) throw new TypeError('streamId must be a non-empty string');
      if (seen.has(stream.streamId)) throw new TypeError(`Stream ${stream.streamId} appears twice in one append`);
      seen.add(stream.streamId);
      assertExpectedVersionShape(stream.streamId, stream.expectedVersion);
      if (stream.events.length === 0) throw new TypeError(`Stream ${stream.streamId}: append needs at least one event`);
      return {
        streamId: stream.streamId,
        expectedVersion: stream.expectedVersion,
        events: stream.events.map((event, index) => {
          if (typeof event.type !== 'string' || event.type.length === 0) throw new TypeError(`Stream ${stream.streamId}: event ${index} has no type`);
          const data = toStoredJsonWithText(event.data, `${event.type}.data`);
          const metadata = toStoredJsonWithText(event.metadata ?? {}, `${event.type}.metadata`);
          return { id: event.id ?? newEventId(), type: event.type, data: data.value, dataText: data.text, metadata: metadata.value, metadataText: metadata.text };
        }),
      };
    });
  }

  /** The head each stream must be at for the fast path, or undefined when one of them is not known. */
  private headsForFastPath(streams: PreparedStream[]): Map<string, StreamHead> | undefined {
    const heads = new Map<string, StreamHead>();
    for (const stream of streams) {
      const expected = stream.expectedVersion;
      if (expected === 'no_stream' || expected === 0 || expected === 0n) {
        heads.set(stream.streamId, { version: 0n, lastHash: GENESIS_HASH });
        continue;
      }
      const known = this.knownHeads.get(stream.streamId);
      if (!known || known.version === 0n || !versionSatisfies(expected, known.version)) return undefined;
      heads.set(stream.streamId, known);
    }
    return heads;
  }

  private rememberHead(streamId: string, head: StreamHead): void {
    this.knownHeads.delete(streamId);
    this.knownHeads.set(streamId, head);
    if (this.knownHeads.size > KNOWN_HEADS_MAX) this.knownHeads.delete(this.knownHeads.keys().next().value as string);
  }

  private planWrite(streams: PreparedStream[], heads: Map<string, StreamHead>): PlannedWrite {
    // All events travel as one JSON document (jsonb_to_recordset on the server): the payloads are spliced in as
    // the JSON text they already are, and the server parses one document instead of eight escaped array literals.
    const rows: string[] = [];
    const advances = { streamIds: [] as string[], versions: [] as string[], hashes: [] as string[], expected: [] as string[], expectedHashes: [] as string[], ordered: [] as boolean[] };
    const pending: PlannedWrite['pending'] = [];
    const results: AppendResult['streams'] = [];
    const next = new Map<string, StreamHead>();
    for (const stream of streams) {
      const head = heads.get(stream.streamId)!;
      let version = head.version;
      let previousHash = head.lastHash;
      for (const event of stream.events) {
        version += 1n;
        const hashable = { previousHash, streamId: stream.streamId, streamVersion: version, type: event.type, data: event.data, metadata: event.metadata };
        const hash = computeEventHashOfStoredTexts(hashable, event.dataText, event.metadataText);
        pending.push({ id: event.id, ...hashable, hash });
        rows.push(
          `{"event_id":${JSON.stringify(event.id)},"stream_id":${JSON.stringify(stream.streamId)},"stream_version":${version},` +
            `"type":${JSON.stringify(event.type)},"data":${event.dataText},"metadata":${event.metadataText},` +
            `"hash":"${hash}","previous_hash":"${previousHash}"}`,
        );
        previousHash = hash;
      }
      advances.streamIds.push(stream.streamId);
      advances.versions.push(version.toString());
      advances.hashes.push(previousHash);
      advances.expected.push(head.version.toString());
      advances.expectedHashes.push(head.lastHash);
      advances.ordered.push(stream.expectedVersion !== 'any');
      results.push({ streamId: stream.streamId, nextExpectedVersion: version });
      next.set(stream.streamId, { version, lastHash: previousHash });
    }
    return {
      pending,
      results,
      heads: next,
      parameters: [`[${rows.join(',')}]`, advances.streamIds, advances.versions, advances.hashes, advances.expected, advances.expectedHashes, advances.ordered],
    };
  }

  private finishWrite(plan: PlannedWrite, rows: { event_id: string; position: string; transaction_id: string; recorded_at: number }[]): AppendResult {
    const byId = new Map(rows.map((row) => [row.event_id, row]));
    const events: StoredEvent[] = plan.pending.map((event) => {
      const row = byId.get(event.id);
      if (!row) throw new Error(`Invariant broken: event ${event.id} was not written`);
      return { ...event, position: BigInt(row.position), transactionId: BigInt(row.transaction_id), recordedAt: new Date(row.recorded_at) };
    });
    plan.heads.forEach((head, streamId) => this.rememberHead(streamId, head));
    return { streams: plan.results, events, transactionId: events[0].transactionId };
  }

  /** One statement: claims every stream at its known head and inserts the events, or writes nothing at all. */
  private async tryFastAppend(
    queryable: Queryable,
    streams: PreparedStream[],
    heads: Map<string, StreamHead>,
    options: { raiseOnMiss: boolean; guard?: PreparedGuard } = { raiseOnMiss: false },
  ): Promise<AppendResult | undefined> {
    const plan = this.planWrite(streams, heads);
    const guard = options.guard;
    // The guard rows go first (`next` waits for them), so a request's key is taken before any stream row is locked.
    const guarded = guard
      ? { cte: `guarded AS (${guard.insert.replace('$<n>', '$9')} RETURNING 1), `, gate: 'WHERE (SELECT count(*) FROM guarded) >= 0', params: [guard.json] }
      : { cte: '', gate: '', params: [] };
    const written = await namedQuery<{ event_id: string; position: string; transaction_id: string; recorded_at: number }>(
      queryable,
      guard ? `event_store_fast_append_v3_${guard.signature}` : 'event_store_fast_append_v3',
      `WITH ${guarded.cte}next AS MATERIALIZED (
         SELECT * FROM unnest($2::text[], $3::bigint[], $4::text[], $5::bigint[], $6::text[], $7::boolean[])
           AS next(stream_id, version, last_hash, expected, expected_hash, ordered) ${guarded.gate}
       ), created AS (
         INSERT INTO streams (stream_id, version, last_hash, last_transaction_id)
         SELECT stream_id, version, last_hash, pg_current_xact_id() FROM next WHERE expected = 0 ORDER BY stream_id
         ON CONFLICT (stream_id) DO NOTHING
         RETURNING stream_id
       ), advanced AS (
         UPDATE streams SET version = next.version, last_hash = next.last_hash,
           last_transaction_id = GREATEST(streams.last_transaction_id, pg_current_xact_id()), updated_at = now()
         FROM next
         WHERE next.expected > 0 AND streams.stream_id = next.stream_id
           AND streams.version = next.expected AND streams.last_hash = next.expected_hash
           AND (NOT next.ordered OR streams.last_transaction_id <= pg_current_xact_id())
         RETURNING streams.stream_id
       ), inserted AS (
         INSERT INTO events (event_id, stream_id, stream_version, type, data, metadata, hash, previous_hash)
         SELECT event_id, stream_id, stream_version, type, data, metadata, hash, previous_hash
         FROM jsonb_to_recordset($1::jsonb)
           AS incoming(event_id uuid, stream_id text, stream_version bigint, type text, data jsonb, metadata jsonb, hash text, previous_hash text)
         WHERE event_store_claimed_all((SELECT count(*) FROM created) + (SELECT count(*) FROM advanced), cardinality($2::text[]), $8::boolean)
         RETURNING event_id, position, transaction_id, recorded_at
       )
       SELECT event_id::text AS event_id, position::text AS position, transaction_id::text AS transaction_id,
              (extract(epoch FROM recorded_at) * 1000)::float8 AS recorded_at
       FROM inserted`,
      [...plan.parameters, options.raiseOnMiss, ...guarded.params],
    );
    if (written.rows.length === 0) {
      streams.forEach((stream) => this.knownHeads.delete(stream.streamId));
      return undefined;
    }
    if (written.rows.length !== plan.pending.length) throw new Error(`Invariant broken: fast append wrote ${written.rows.length} of ${plan.pending.length} events`);
    return this.finishWrite(plan, written.rows);
  }

  /** The authoritative path: lock every stream row, check, then write (see the class comment). */
  private async appendLocked(transaction: Queryable, streams: PreparedStream[], guard?: PreparedGuard): Promise<AppendResult> {
    if (guard) await namedQuery(transaction, `event_store_guard_${guard.signature}`, guard.insert.replace('$<n>', '$1'), [guard.json]);
    const streamIds = streams.map((stream) => stream.streamId).sort();
    const locked = await namedQuery<{ stream_id: string; version: string; last_hash: string; last_transaction_id: string; current_transaction_id: string }>(
      transaction,
      'event_store_lock_streams',
      `INSERT INTO streams (stream_id, version, last_hash)
       SELECT stream_id, 0, $2 FROM unnest($1::text[]) AS stream_id ORDER BY stream_id
       ON CONFLICT (stream_id) DO UPDATE SET version = streams.version
       RETURNING stream_id, version::text AS version, last_hash, last_transaction_id::text AS last_transaction_id,
                 pg_current_xact_id()::text AS current_transaction_id`,
      [streamIds, GENESIS_HASH],
    );
    const heads = new Map(locked.rows.map((row) => [row.stream_id, { version: BigInt(row.version), lastHash: row.last_hash }]));
    for (const stream of streams) {
      const head = heads.get(stream.streamId);
      if (!head) throw new Error(`Invariant broken: stream ${stream.streamId} was not locked`);
      if (!versionSatisfies(stream.expectedVersion, head.version)) {
        if (head.version > 0n) this.rememberHead(stream.streamId, head);
        throw new WrongExpectedVersionError(stream.streamId, stream.expectedVersion, head.version);
      }
    }
    for (const row of locked.rows) {
      const stream = streams.find((candidate) => candidate.streamId === row.stream_id)!;
      if (stream.expectedVersion !== 'any' && BigInt(row.last_transaction_id) > BigInt(row.current_transaction_id)) {
        throw new StreamOrderConflictError(row.stream_id, stream.expectedVersion, BigInt(row.version));
      }
    }
    const plan = this.planWrite(streams, heads);
    const written = await namedQuery<{ event_id: string; position: string; transaction_id: string; recorded_at: number; advanced: number }>(
      transaction,
      'event_store_locked_append_v2',
      `WITH inserted AS (
         INSERT INTO events (event_id, stream_id, stream_version, type, data, metadata, hash, previous_hash)
         SELECT event_id, stream_id, stream_version, type, data, metadata, hash, previous_hash
         FROM jsonb_to_recordset($1::jsonb)
           AS incoming(event_id uuid, stream_id text, stream_version bigint, type text, data jsonb, metadata jsonb, hash text, previous_hash text)
         RETURNING event_id, position, transaction_id, recorded_at
       ), advanced AS (
         UPDATE streams SET version = next.version, last_hash = next.last_hash,
           last_transaction_id = GREATEST(streams.last_transaction_id, pg_current_xact_id()), updated_at = now()
         FROM unnest($2::text[], $3::bigint[], $4::text[], $5::bigint[], $6::text[], $7::boolean[])
           AS next(stream_id, version, last_hash, expected, expected_hash, ordered)
         WHERE streams.stream_id = next.stream_id AND streams.version = next.expected
         RETURNING streams.stream_id
       )
       SELECT event_id::text AS event_id, position::text AS position, transaction_id::text AS transaction_id,
              (extract(epoch FROM recorded_at) * 1000)::float8 AS recorded_at,
              (SELECT count(*) FROM advanced)::int AS advanced
       FROM inserted`,
      plan.parameters,
    );
    if (written.rows.length !== plan.pending.length || written.rows[0]?.advanced !== streams.length) {
      throw new Error(`Invariant broken: wrote ${written.rows.length}/${plan.pending.length} events and advanced ${written.rows[0]?.advanced}/${streams.length} streams`);
    }
    return this.finishWrite(plan, written.rows);
  }

  /**
   * Wakes subscribers once an append is committed: at once in this process, and through a NOTIFY (at most one per
   * NOTIFY_MIN_INTERVAL_MS) for other processes. NOTIFY is sent after commit, never inside the append's transaction,
   * because PostgreSQL serialises the commits of notifying transactions. Appends inside our own withTransaction
   * wake after its COMMIT; inside a foreign transaction the wake-up may come early and polling covers the rest.
   */
  private afterAppend(transaction: TransactionHandle | undefined): void {
    if (transaction && this.isOwnHandle(transaction)) {
      this.appendingTransactions.add(transaction);
      return;
    }
    this.wakeSubscribers();
  }

  private isOwnHandle(handle: TransactionHandle): boolean {
    return this.ownHandles.has(handle);
  }

  private wakeSubscribers(): void {
    this.wakers.forEach((wake) => wake());
    if (!this.notifications || this.closed || this.notifyTimer) return;
    this.notifyTimer = setTimeout(
      () => {
        this.notifyTimer = undefined;
        if (this.closed) return;
        this.lastNotifiedAt = Date.now();
        this.pool.query(`SELECT pg_notify('${EVENT_STORE_CHANNEL}', '')`).catch(() => undefined);
      },
      Math.max(0, this.lastNotifiedAt + NOTIFY_MIN_INTERVAL_MS - Date.now()),
    );
  }

  async readStream(
    streamId: string,
    options: { fromVersion?: bigint; toVersion?: bigint; transaction?: TransactionHandle } = {},
  ): Promise<StoredEvent[]> {
    const queryable: Queryable = options.transaction ?? this.poolHandle;
    const result = await queryable.query<EventRow>(
      `SELECT ${EVENT_COLUMNS} FROM events
       WHERE stream_id = $1 AND stream_version >= $2::bigint AND ($3::bigint IS NULL OR stream_version <= $3::bigint)
       ORDER BY events.stream_version`,
      [streamId, (options.fromVersion ?? 1n).toString(), options.toVersion?.toString() ?? null],
    );
    const events = result.rows.map(toStoredEvent);
    if (options.toVersion === undefined) this.rememberHeadRead(streamId, events);
    return events;
  }

  async readStreams(requests: readonly ReadStreamRequest[], options: { transaction?: TransactionHandle } = {}): Promise<Map<string, StoredEvent[]>> {
    const answer = new Map<string, StoredEvent[]>();
    // A stream asked for twice is read once, from the lower version.
    const fromVersions = new Map<string, bigint>();
    for (const request of requests) {
      const from = request.fromVersion ?? 1n;
      const earlier = fromVersions.get(request.streamId);
      if (earlier === undefined || from < earlier) fromVersions.set(request.streamId, from);
      answer.set(request.streamId, []);
    }
    if (fromVersions.size === 0) return answer;
    const result = await namedQuery<EventRow>(
      options.transaction ?? this.poolHandle,
      'event_store_read_streams',
      // LATERAL: one index range scan per stream, whatever the planner makes of the arrays. Written as a plain join,
      // reads of about 20 streams took 100 ms each after the first seconds of the benchmark's cold run (the plan was
      // not captured), and about 1 ms this way. The inner ORDER BY is what keeps it this way: without it PostgreSQL
      // pulls the subquery up into a plain join again, and the benchmark's cold run fell behind as before.
      `SELECT ${EVENT_COLUMNS} FROM unnest($1::text[], $2::bigint[]) AS wanted(wanted_stream_id, from_version)
       CROSS JOIN LATERAL (
         SELECT * FROM events
         WHERE events.stream_id = wanted.wanted_stream_id AND events.stream_version >= wanted.from_version
         ORDER BY events.stream_version
       ) AS events
       ORDER BY events.stream_id, events.stream_version`,
      [[...fromVersions.keys()], [...fromVersions.values()].map(String)],
    );
    for (const row of result.rows) answer.get(row.stream_id)!.push(toStoredEvent(row));
    answer.forEach((events, streamId) => this.rememberHeadRead(streamId, events));
    return answer;
  }

  /** A stream read to its end: the next append of a command handler that just loaded it can take the fast path. */
  private rememberHeadRead(streamId: string, events: StoredEvent[]): void {
    const last = events.at(-1);
    if (last) this.rememberHead(streamId, { version: last.streamVersion, lastHash: last.hash });
  }

  /** Streams in stream id order, a page at a time (for `ledger verify` and operations tooling). */
  async listStreams(options: { after?: string; limit?: number } = {}): Promise<StreamHeadRow[]> {
    const result = await this.pool.query<{ stream_id: string; version: string; last_hash: string }>(
      `SELECT stream_id, version::text AS version, last_hash FROM streams
       WHERE $1::text IS NULL OR stream_id > $1::text ORDER BY stream_id LIMIT $2`,
      [options.after ?? null, options.limit ?? DEFAULT_READ_LIMIT],
    );
    return result.rows.map((row) => ({ streamId: row.stream_id, version: BigInt(row.version), lastHash: row.last_hash }));
  }

  /** Stream ids that have events but no row in `streams` (only possible if someone edited the tables by hand). */
  async streamsWithoutHead(): Promise<string[]> {
    const result = await this.pool.query<{ stream_id: string }>(
      'SELECT DISTINCT events.stream_id FROM events LEFT JOIN streams ON streams.stream_id = events.stream_id WHERE streams.stream_id IS NULL ORDER BY 1',
    );
    return result.rows.map((row) => row.stream_id);
  }

  async streamVersion(streamId: string, options: { transaction?: TransactionHandle } = {}): Promise<bigint> {
    const queryable: Queryable = options.transaction ?? this.poolHandle;
    const result = await queryable.query<{ version: string }>('SELECT version::text AS version FROM streams WHERE stream_id = $1', [streamId]);
    return result.rows.length === 0 ? 0n : BigInt(result.rows[0].version);
  }

  /**
   * Reads only transactions older than the oldest one still running (`pg_snapshot_xmin`), so an event whose
   * transaction commits later always sorts after the returned checkpoint. With an event-type filter the same
   * statement also finds the last event of any type below that horizon, so the checkpoint moves past skipped events.
   */
  async readAll(after: Checkpoint, options: ReadAllOptions = {}): Promise<ReadAllBatch> {
    const limit = options.limit ?? DEFAULT_READ_LIMIT;
    if (!Number.isSafeInteger(limit) || limit < 1) throw new TypeError('readAll limit must be a positive integer');
    const filtered = options.eventTypes !== undefined;
    if (options.horizon === 'snapshot' && options.transaction === undefined) {
      throw new TypeError("readAll with horizon 'snapshot' needs the caller's (REPEATABLE READ) transaction");
    }
    // In a snapshot read the caller's snapshot already hides every transaction in flight.
    const safeTransactionId = options.horizon === 'snapshot' ? "'18446744073709551615'::xid8" : 'pg_snapshot_xmin(pg_current_snapshot())';
    const queryable: Queryable = options.transaction ?? this.poolHandle;
    const parameters: unknown[] = [after.transactionId.toString(), after.position.toString(), limit];
    let sql: string;
    if (!filtered) {
      sql = `SELECT ${EVENT_COLUMNS}, false AS is_head FROM events
             WHERE (transaction_id, position) > ($1::xid8, $2::bigint)
               AND transaction_id < ${safeTransactionId}
             ORDER BY events.transaction_id, events.position LIMIT $3`;
    } else {
      parameters.push(options.eventTypes);
      sql = `WITH horizon AS MATERIALIZED (SELECT ${safeTransactionId} AS safe_transaction_id)
             (SELECT ${EVENT_COLUMNS}, false AS is_head FROM events, horizon
              WHERE (transaction_id, position) > ($1::xid8, $2::bigint)
                AND transaction_id < horizon.safe_transaction_id AND type = ANY($4::text[])
              ORDER BY events.transaction_id, events.position LIMIT $3)
             UNION ALL
             (SELECT position::text, transaction_id::text, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, true
              FROM events, horizon WHERE transaction_id < horizon.safe_transaction_id
              ORDER BY events.transaction_id DESC, events.position DESC LIMIT 1)`;
    }
    const statementName = `event_store_read_all${filtered ? '_filtered' : ''}${options.horizon === 'snapshot' ? '_snapshot' : ''}`;
    const result = await namedQuery<EventRow & { is_head: boolean }>(queryable, statementName, sql, parameters);
    const events = result.rows.filter((row) => !row.is_head).map(toStoredEvent);
    const last = events.at(-1);
    let nextCheckpoint: Checkpoint = last ? { transactionId: last.transactionId, position: last.position } : after;
    const caughtUp = events.length < limit;
    if (caughtUp) {
      const head = result.rows.find((row) => row.is_head);
      if (head) {
        const headCheckpoint = { transactionId: BigInt(head.transaction_id), position: BigInt(head.position) };
        if (compareCheckpoints(headCheckpoint, nextCheckpoint) > 0) nextCheckpoint = headCheckpoint;
      }
    }
    return { events, nextCheckpoint, caughtUp };
  }

  async headCheckpoint(): Promise<Checkpoint> {
    const result = await this.pool.query<{ transaction_id: string; position: string }>(
      `SELECT transaction_id::text AS transaction_id, position::text AS position FROM events
       WHERE transaction_id < pg_snapshot_xmin(pg_current_snapshot())
       ORDER BY events.transaction_id DESC, events.position DESC LIMIT 1`,
    );
    const row = result.rows[0];
    return row ? { transactionId: BigInt(row.transaction_id), position: BigInt(row.position) } : CHECKPOINT_START;
  }

  subscribe(
    handler: (events: StoredEvent[], checkpoint: Checkpoint) => Promise<void>,
    options: SubscribeOptions,
  ): Subscription {
    const batchSize = options.batchSize ?? DEFAULT_READ_LIMIT;
    const pollIntervalMs = options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS;
    const onError = options.onError ?? ((error: unknown) => console.error('[event-store] subscription error, retrying:', error));
    let checkpoint = options.from;
    let stopping = false;
    // Set when a NOTIFY arrives while a batch is being handled, so the next wait returns at once.
    let woken = false;
    const sleeper: { wake?: () => void } = {};
    const waker = () => {
      woken = true;
      sleeper.wake?.();
    };
    this.wakers.add(waker);
    if (this.notifications) void this.startListening();

    const loop = (async () => {
      // A closed store ends its subscriptions instead of failing on the closed pool forever.
      while (!stopping && !this.closed) {
        try {
          woken = false;
          const batch = await this.readAll(checkpoint, { limit: batchSize, eventTypes: options.eventTypes });
          if (batch.events.length > 0) await handler(batch.events, batch.nextCheckpoint);
          checkpoint = batch.nextCheckpoint;
          if (batch.caughtUp && !woken && !stopping) await sleep(pollIntervalMs, sleeper);
        } catch (error) {
          if (stopping || this.closed) break;
          onError(error);
          await sleep(pollIntervalMs, sleeper);
        }
      }
    })();

    return {
      stop: async () => {
        stopping = true;
        sleeper.wake?.();
        await loop;
        this.wakers.delete(waker);
      },
      get checkpoint() {
        return checkpoint;
      },
    };
  }

  /** One LISTEN connection per store, shared by its subscriptions; polling covers the time before it is up. */
  private async startListening(): Promise<void> {
    try {
      if (!this.listener) {
        this.listenerStarting ??= (async () => {
          const client = await this.pool.connect();
          const onNotification = () => this.wakers.forEach((wake) => wake());
          const onError = () => {
            // A lost LISTEN connection only costs latency: subscribers keep polling.
            if (this.listener === listener) this.listener = undefined;
            this.listenerStarting = undefined;
            listener.release(true);
          };
          let released = false;
          const listener = {
            client,
            // Idempotent, and our handlers go first: after release the pool's own idle handler owns the client's
            // errors (a FATAL can still arrive while the connection closes, e.g. on DROP DATABASE ... FORCE).
            release(destroy: boolean) {
              if (released) return;
              released = true;
              client.off('notification', onNotification);
              client.off('error', onError);
              client.release(destroy ? new Error('LISTEN connection lost') : undefined);
            },
          };
          client.on('notification', onNotification);
          client.on('error', onError);
          await client.query(`LISTEN ${EVENT_STORE_CHANNEL}`);
          if (this.closed) {
            listener.release(false);
            return;
          }
          this.listener = listener;
        })();
        await this.listenerStarting;
      }
    } catch (error) {
      this.listenerStarting = undefined;
      console.warn('[event-store] LISTEN unavailable, subscriptions poll only:', (error as Error).message);
    }
  }

  async withTransaction<T>(work: (transaction: TransactionHandle) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    let broken: Error | undefined;
    try {
      await client.query('BEGIN');
      const handle = asHandle(client, this.preparedStatements);
      this.ownHandles.add(handle);
      try {
        const result = await work(handle);
        await client.query('COMMIT');
        if (this.appendingTransactions.has(handle)) this.wakeSubscribers();
        return result;
      } catch (error) {
        try {
          await client.query('ROLLBACK');
        } catch (rollbackError) {
          broken = rollbackError as Error;
        }
        throw error;
      }
    } finally {
      // A connection whose ROLLBACK failed is in an unknown state: destroy it rather than reuse it.
      client.release(broken);
    }
  }

  /** Releases the LISTEN connection. The pool belongs to the Database and is closed with it. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.notifyTimer);
    // Wake sleeping subscriptions so that their loops see the store closed and end.
    this.wakers.forEach((wake) => wake());
    this.wakers.clear();
    await this.listenerStarting?.catch(() => undefined);
    const listener = this.listener;
    this.listener = undefined;
    if (listener) {
      try {
        await listener.client.query(`UNLISTEN ${EVENT_STORE_CHANNEL}`);
        listener.release(false);
      } catch {
        listener.release(true);
      }
    }
  }
}

export async function migrateEventStore(pool: pg.Pool): Promise<string[]> {
  return runMigrations(pool, { directory: EVENT_STORE_MIGRATIONS_DIRECTORY, migrationsTable: EVENT_STORE_MIGRATIONS_TABLE });
}
