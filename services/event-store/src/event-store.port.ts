/**
 * The EventStore port. Every module appends facts through it and every projection reads them back through it.
 * Adapters (PostgreSQL on `pg`; the embedded default is PGlite reached through the same `pg` code path) must pass
 * the contract suite in `test/contract/`.
 */

/** An event about to be appended. `type` is past tense and domain specific (`KeysConverted`). */
export interface NewEvent<Type extends string = string, Data = unknown> {
  /** Optional caller-chosen id (UUID); generated when absent. */
  id?: string;
  type: Type;
  data: Data;
  metadata?: Record<string, unknown>;
}

/** An event as committed. Positions are bigints because the log outgrows 2^53 long before the service dies. */
export interface StoredEvent<Type extends string = string, Data = unknown> {
  id: string;
  streamId: string;
  /** 1 for the first event of a stream. */
  streamVersion: bigint;
  type: Type;
  data: Data;
  metadata: Record<string, unknown>;
  /** Global sequence number, unique, assigned at insert (not commit) time: may commit out of order. */
  position: bigint;
  /** `xid8` of the writing transaction; with `position` it orders the log in commit-safe order. */
  transactionId: bigint;
  /** SHA-256 (hex) of this event chained on `previousHash`. */
  hash: string;
  /** Hash of the stream's preceding event; the stream's genesis hash for version 1. */
  previousHash: string;
  recordedAt: Date;
}

/**
 * What the writer believes the stream's current version is.
 * - a bigint/number: exactly that version (0 = the stream must not exist yet);
 * - 'no_stream': same as 0;
 * - 'stream_exists': at least one event;
 * - 'any': no check (use for high-contention append-only streams such as system-account journals).
 */
export type ExpectedVersion = bigint | number | 'no_stream' | 'stream_exists' | 'any';

export interface AppendToStream {
  streamId: string;
  expectedVersion: ExpectedVersion;
  events: NewEvent[];
}

export interface AppendResult {
  /** New version of each stream, in request order. */
  streams: { streamId: string; nextExpectedVersion: bigint }[];
  /** The committed events, in append order. */
  events: StoredEvent[];
  transactionId: bigint;
}

/** A point in the log. Readers resume strictly after it. */
export interface Checkpoint {
  transactionId: bigint;
  position: bigint;
}

export const CHECKPOINT_START: Checkpoint = Object.freeze({ transactionId: 0n, position: 0n });

/** Thrown (typed) when an expected version does not hold. Callers reload, decide again and retry. */
export class WrongExpectedVersionError extends Error {
  readonly code = 'WRONG_EXPECTED_VERSION';
  constructor(
    readonly streamId: string,
    readonly expectedVersion: ExpectedVersion,
    readonly actualVersion: bigint,
  ) {
    super(`Stream ${streamId} is at version ${actualVersion}, expected ${String(expectedVersion)}`);
    this.name = 'WrongExpectedVersionError';
  }
}

/**
 * Thrown when an append with an expected version (not 'any') runs in a transaction that started writing before the
 * transaction that last appended to the stream. Readers order the log by transaction id, so committing it would put
 * this stream's new events before its previous ones in every subscription. It is a WrongExpectedVersionError so that
 * command handlers' usual "reload, decide again, retry in a new transaction" loop handles it; appends outside a
 * caller's transaction retry by themselves.
 */
export class StreamOrderConflictError extends WrongExpectedVersionError {
  constructor(streamId: string, expectedVersion: ExpectedVersion, actualVersion: bigint) {
    super(streamId, expectedVersion, actualVersion);
    this.message =
      `Stream ${streamId} was last appended by a transaction newer than this one; ` + 'retry in a new transaction';
    this.name = 'StreamOrderConflictError';
  }
}

/**
 * A one-statement append of several streams missed inside a transaction whose caller reruns on conflicts
 * (`rerunsOnConflict`): some stream was not at the head this process knew, and the transaction is aborted. Which one
 * is not known, so all are named in `streamIds`; callers that cache stream states forget all of them.
 */
export class FastAppendMissedError extends WrongExpectedVersionError {
  constructor(readonly streamIds: readonly string[]) {
    super(streamIds[0] ?? '', 'any', -1n);
    this.message = `An append to ${streamIds.length} streams found one of them moved on; retry in a new transaction`;
    this.name = 'FastAppendMissedError';
  }
}

/**
 * Rows of the caller's own table (one with a unique key) that an append inserts in the same statement as its events:
 * the events are written only if every row is new. It records "this request was handled" atomically with what it did
 * (an idempotency key and its answer) without a transaction of the caller's, so that the append stays one round trip.
 * Every row has the same columns, named as in the table; values are JSON (a jsonb column takes an object).
 */
export interface AppendGuard {
  table: string;
  rows: readonly Record<string, unknown>[];
}

/**
 * A write to one of the caller's own tables that commits with an append's events, in the same statement, or not at all
 * (an inline read-model row, a compare-and-set of a counter): one statement fewer per unit of work, and none at all
 * around an append that needs no transaction of its own. `statement` is one data-modifying statement (INSERT, UPDATE or
 * DELETE) ending in a RETURNING clause, with its own parameters from $1. With `expectedRows`, the append is refused
 * unless the statement returned exactly that many rows (AppendAlongsideConflictError, nothing written): its
 * compare-and-set lost a race. No two writes of one append may touch the same row (one statement sees one snapshot).
 */
export interface AppendAlongside {
  statement: string;
  params: readonly unknown[];
  expectedRows?: number;
}

/**
 * Thrown when a write alongside an append (`AppendAlongside.expectedRows`) changed another number of rows than
 * expected: another writer moved one of them first. Nothing of the append was written (in a caller's transaction the
 * transaction is aborted). A version conflict, for rows: the caller reruns its unit on fresh values.
 */
export class AppendAlongsideConflictError extends WrongExpectedVersionError {
  constructor(
    readonly written: number,
    readonly expected: number,
  ) {
    super('', 'any', -1n);
    this.message =
      `A write beside the append changed ${written} of the ${expected} rows it expected: another writer moved ` +
      `one first`;
    this.name = 'AppendAlongsideConflictError';
  }
}

/**
 * Thrown when a guard row's unique key exists already (or was inserted by a transaction that committed while this
 * append waited for it): nothing of the append was written. In a caller's transaction the transaction is aborted.
 */
export class AppendGuardTakenError extends Error {
  readonly code = 'APPEND_GUARD_TAKEN';
  constructor(
    readonly table: string,
    detail: string | undefined,
  ) {
    super(`A guard row of ${table} exists already${detail ? `: ${detail}` : ''}`);
    this.name = 'AppendGuardTakenError';
  }
}

/**
 * A database session that is inside a transaction. Opaque to callers: pass it back to the store so that an append
 * commits together with the caller's own rows (idempotency records, projection rows, checkpoints).
 */
export interface TransactionHandle {
  query<Row = Record<string, unknown>>(
    text: string,
    params?: unknown[],
  ): Promise<{ rows: Row[]; rowCount: number | null }>;
}

export interface ReadAllOptions {
  /** Maximum events in the batch. */
  limit?: number;
  /** Only these event types (the checkpoint still advances past skipped events via `nextCheckpoint`). */
  eventTypes?: string[];
  /**
   * Read inside the caller's transaction. Opened as REPEATABLE READ, that transaction is one snapshot of the whole
   * database: with `horizon: 'snapshot'` the read returns every event the snapshot sees (all committed before it,
   * none in flight), so an audit can compare the log with read-model rows taken in the same snapshot. Never use
   * `'snapshot'` to resume a live subscription: its checkpoints are only meaningful within that one snapshot.
   */
  transaction?: TransactionHandle;
  /** `'safe'` (default): only below the oldest transaction in flight. `'snapshot'`: see `transaction`. */
  horizon?: 'safe' | 'snapshot';
}

export interface ReadAllBatch {
  events: StoredEvent[];
  /** Resume point after this batch: past the last event returned, or the last one scanned. */
  nextCheckpoint: Checkpoint;
  /** True when the batch reached the current safe end of the log. */
  caughtUp: boolean;
}

export interface SubscribeOptions {
  from: Checkpoint;
  batchSize?: number;
  /** How long to wait between polls when caught up (adapters may be woken earlier by NOTIFY). */
  pollIntervalMs?: number;
  eventTypes?: string[];
  /**
   * Called when a read or the handler throws. The subscription then offers the same batch again after
   * `pollIntervalMs` (a handler that fails is retried, never skipped). Default: log to stderr.
   */
  onError?: (error: unknown) => void;
}

export interface Subscription {
  /** Stops after the batch in flight; resolves when the handler has returned. */
  stop(): Promise<void>;
  /** The checkpoint after the last batch the handler finished. */
  readonly checkpoint: Checkpoint;
}

/** One stream of a `readStreams` call. */
export interface ReadStreamRequest {
  readonly streamId: string;
  readonly fromVersion?: bigint;
}

export interface TransactionOptions {
  rerunsOnConflict?: boolean;
}

export interface EventStore {
  /**
   * Appends to one or several streams in one transaction: all or nothing. Checks every expected version first and
   * throws WrongExpectedVersionError on the first that fails. With `options.transaction`, the append joins the
   * caller's transaction instead of opening its own. With `options.guard`, its rows are inserted with the events, all
   * or nothing; a row that exists already fails the append with AppendGuardTakenError. With `options.alongside`, the
   * caller's own writes commit with the events, all or nothing (see AppendAlongside).
   */
  append(
    streams: AppendToStream[],
    options?: { transaction?: TransactionHandle; guard?: AppendGuard; alongside?: readonly AppendAlongside[] },
  ): Promise<AppendResult>;

  /** A stream's events from `fromVersion` (inclusive, default 1) in version order; [] for a missing stream. */
  readStream(
    streamId: string,
    options?: { fromVersion?: bigint; toVersion?: bigint; transaction?: TransactionHandle },
  ): Promise<StoredEvent[]>;

  /**
   * Several streams' events in one read (one statement on PostgreSQL): each stream from its own `fromVersion`
   * (inclusive, default 1) in version order; a stream asked for twice is read from the lower version. Every
   * requested stream id is a key of the answer ([] for a missing stream).
   */
  readStreams(
    requests: readonly ReadStreamRequest[],
    options?: { transaction?: TransactionHandle },
  ): Promise<Map<string, StoredEvent[]>>;

  /** Current version of a stream, 0n when it does not exist. */
  streamVersion(streamId: string, options?: { transaction?: TransactionHandle }): Promise<bigint>;

  /**
   * Events committed after `after`, in (transactionId, position) order, never beyond the oldest transaction still
   * in flight, so a reader can never skip an event that commits later with a smaller position.
   */
  readAll(after: Checkpoint, options?: ReadAllOptions): Promise<ReadAllBatch>;

  /** The checkpoint of the newest event safely readable now (for lag figures). */
  headCheckpoint(): Promise<Checkpoint>;

  /** Calls `handler` with each batch, in order, exactly once per event while running. */
  subscribe(
    handler: (events: StoredEvent[], checkpoint: Checkpoint) => Promise<void>,
    options: SubscribeOptions,
  ): Subscription;

  /**
   * Runs `work` in one transaction on one connection; commits when it resolves, rolls back when it throws. With
   * `rerunsOnConflict`, the caller promises to roll the whole transaction back on a WrongExpectedVersionError (and
   * run its unit again in a new one): an append of several streams may then claim them all in ONE statement, which
   * aborts the transaction when it misses instead of leaving it usable (see PostgresEventStore, fast path).
   */
  withTransaction<T>(work: (transaction: TransactionHandle) => Promise<T>, options?: TransactionOptions): Promise<T>;

  close(): Promise<void>;
}

export function compareCheckpoints(left: Checkpoint, right: Checkpoint): number {
  if (left.transactionId !== right.transactionId) return left.transactionId < right.transactionId ? -1 : 1;
  if (left.position !== right.position) return left.position < right.position ? -1 : 1;
  return 0;
}
