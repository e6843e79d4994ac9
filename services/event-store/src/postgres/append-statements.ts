import {
  StreamOrderConflictError,
  WrongExpectedVersionError,
  type AppendResult,
  type StoredEvent,
} from '../event-store.port';
import { GENESIS_HASH } from '../hash-chain';
import { alongsideInStatement, writeAlongside, type PreparedAlongside } from './append-alongside';
import type { PreparedGuard } from './append-guard';
import {
  KnownHeads,
  planWrite,
  versionSatisfies,
  type PlannedWrite,
  type PreparedStream,
  type StreamHead,
} from './append-plan';
import { namedQuery, type Queryable } from './sql';

/** SQLSTATE raised by event_store_claimed_all when a multi-stream fast append claimed fewer than all its streams. */
export const FAST_APPEND_MISSED = 'ES001';
export const DEADLOCK_DETECTED = '40P01';

type WrittenRow = { event_id: string; position: string; transaction_id: string; recorded_at: number };

function finishWrite(plan: PlannedWrite, rows: WrittenRow[], knownHeads: KnownHeads): AppendResult {
  const byId = new Map(rows.map((row) => [row.event_id, row]));
  const events: StoredEvent[] = plan.pending.map((event) => {
    const row = byId.get(event.id);
    if (!row) throw new Error(`Invariant broken: event ${event.id} was not written`);
    return {
      ...event,
      position: BigInt(row.position),
      transactionId: BigInt(row.transaction_id),
      recordedAt: new Date(row.recorded_at),
    };
  });
  plan.heads.forEach((head, streamId) => knownHeads.remember(streamId, head));
  return { streams: plan.results, events, transactionId: events[0].transactionId };
}

/** The events of an append, as rows: `$1` is their JSON array (see `planWrite`). */
const INCOMING_EVENTS = `jsonb_to_recordset($1::jsonb)
         AS incoming(event_id uuid, stream_id text, stream_version bigint, type text, data jsonb, metadata jsonb,
                     hash text, previous_hash text)`;

/**
 * One statement: claims every stream at its known head and inserts the events, or writes nothing at all. The guard
 * rows and the writes alongside (`alongside_<i>`) are parts of the same statement: they stay only with the events.
 */
export async function tryFastAppend(
  queryable: Queryable,
  streams: PreparedStream[],
  heads: Map<string, StreamHead>,
  knownHeads: KnownHeads,
  options: { raiseOnMiss: boolean; guard?: PreparedGuard; alongside?: PreparedAlongside } = { raiseOnMiss: false },
): Promise<AppendResult | undefined> {
  const plan = planWrite(streams, heads);
  const guard = options.guard;
  if (options.alongside && !options.raiseOnMiss)
    throw new Error('Invariant broken: writes beside an append need the raising fast statement');
  // The guard rows go first (`next` waits for them), so a request's key is taken before any stream row is locked.
  const guarded = guard
    ? {
        cte: `guarded AS (${guard.insert.replace('$<n>', '$9')} RETURNING 1), `,
        gate: 'WHERE (SELECT count(*) FROM guarded) >= 0',
        params: [guard.json],
      }
    : { cte: '', gate: '', params: [] };
  const alongside = options.alongside
    ? alongsideInStatement(options.alongside, 9 + guarded.params.length)
    : { ctes: '', condition: '', params: [] };
  const statementName =
    'event_store_fast_append_v3' +
    (guard ? `_${guard.signature}` : '') +
    (options.alongside ? `_a${options.alongside.signature}` : '');
  const written = await namedQuery<WrittenRow>(
    queryable,
    statementName,
    `WITH ${guarded.cte}${alongside.ctes ? `${alongside.ctes}, ` : ''}next AS MATERIALIZED (
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
       FROM ${INCOMING_EVENTS}
       WHERE event_store_claimed_all(
         (SELECT count(*) FROM created) + (SELECT count(*) FROM advanced), cardinality($2::text[]), $8::boolean
       )${alongside.condition}
       RETURNING event_id, position, transaction_id, recorded_at
     )
     SELECT event_id::text AS event_id, position::text AS position, transaction_id::text AS transaction_id,
            (extract(epoch FROM recorded_at) * 1000)::float8 AS recorded_at
     FROM inserted`,
    [...plan.parameters, options.raiseOnMiss, ...guarded.params, ...alongside.params],
  );
  if (written.rows.length === 0) {
    knownHeads.forget(streams);
    return undefined;
  }
  if (written.rows.length !== plan.pending.length)
    throw new Error(`Invariant broken: fast append wrote ${written.rows.length} of ${plan.pending.length} events`);
  return finishWrite(plan, written.rows, knownHeads);
}

/** Takes (or creates) every stream row of an append under a row lock, in stream id order (no deadlocks). */
const LOCK_STREAMS = `INSERT INTO streams (stream_id, version, last_hash)
     SELECT stream_id, 0, $2 FROM unnest($1::text[]) AS stream_id ORDER BY stream_id
     ON CONFLICT (stream_id) DO UPDATE SET version = streams.version
     RETURNING stream_id, version::text AS version, last_hash, last_transaction_id::text AS last_transaction_id,
               pg_current_xact_id()::text AS current_transaction_id`;

/** Inserts the events and advances the locked stream rows, reporting how many rows moved. */
const LOCKED_APPEND = `WITH inserted AS (
       INSERT INTO events (event_id, stream_id, stream_version, type, data, metadata, hash, previous_hash)
       SELECT event_id, stream_id, stream_version, type, data, metadata, hash, previous_hash
       FROM ${INCOMING_EVENTS}
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
     FROM inserted`;

interface LockedStreamRow {
  stream_id: string;
  version: string;
  last_hash: string;
  last_transaction_id: string;
  current_transaction_id: string;
}

/**
 * The heads of the locked streams, once each meets its expected version and, unless any version will do, no
 * transaction that began after this one has written it already.
 */
function checkLockedHeads(
  streams: PreparedStream[],
  rows: LockedStreamRow[],
  knownHeads: KnownHeads,
): Map<string, StreamHead> {
  const heads = new Map(rows.map((row) => [row.stream_id, { version: BigInt(row.version), lastHash: row.last_hash }]));
  for (const stream of streams) {
    const head = heads.get(stream.streamId);
    if (!head) throw new Error(`Invariant broken: stream ${stream.streamId} was not locked`);
    if (!versionSatisfies(stream.expectedVersion, head.version)) {
      if (head.version > 0n) knownHeads.remember(stream.streamId, head);
      throw new WrongExpectedVersionError(stream.streamId, stream.expectedVersion, head.version);
    }
  }
  for (const row of rows) {
    const stream = streams.find((candidate) => candidate.streamId === row.stream_id)!;
    if (stream.expectedVersion !== 'any' && BigInt(row.last_transaction_id) > BigInt(row.current_transaction_id)) {
      throw new StreamOrderConflictError(row.stream_id, stream.expectedVersion, BigInt(row.version));
    }
  }
  return heads;
}

/** The authoritative path: lock every stream row, check, then write (see PostgresEventStore's comment). */
export async function appendLocked(
  transaction: Queryable,
  streams: PreparedStream[],
  knownHeads: KnownHeads,
  guard?: PreparedGuard,
  alongside?: PreparedAlongside,
): Promise<AppendResult> {
  if (guard)
    await namedQuery(transaction, `event_store_guard_${guard.signature}`, guard.insert.replace('$<n>', '$1'), [
      guard.json,
    ]);
  if (alongside) await writeAlongside(transaction, alongside);
  const streamIds = streams.map((stream) => stream.streamId).sort();
  const locked = await namedQuery<LockedStreamRow>(transaction, 'event_store_lock_streams', LOCK_STREAMS, [
    streamIds,
    GENESIS_HASH,
  ]);
  const heads = checkLockedHeads(streams, locked.rows, knownHeads);
  const plan = planWrite(streams, heads);
  const written = await namedQuery<WrittenRow & { advanced: number }>(
    transaction,
    'event_store_locked_append_v2',
    LOCKED_APPEND,
    plan.parameters,
  );
  if (written.rows.length !== plan.pending.length || written.rows[0]?.advanced !== streams.length) {
    throw new Error(
      `Invariant broken: wrote ${written.rows.length}/${plan.pending.length} events` +
        ` and advanced ${written.rows[0]?.advanced}/${streams.length} streams`,
    );
  }
  return finishWrite(plan, written.rows, knownHeads);
}
