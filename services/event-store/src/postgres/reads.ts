import type pg from 'pg';
import {
  CHECKPOINT_START,
  compareCheckpoints,
  type Checkpoint,
  type ReadAllBatch,
  type ReadAllOptions,
  type ReadStreamRequest,
  type StoredEvent,
  type TransactionHandle,
} from '../event-store.port';
import type { KnownHeads } from './append-plan';
import { EVENT_COLUMNS, namedQuery, toStoredEvent, type EventRow, type Queryable } from './sql';

export const DEFAULT_READ_LIMIT = 1_000;

export interface StreamHeadRow {
  streamId: string;
  version: bigint;
  lastHash: string;
}

/** The event store's reads: streams (remembering the heads they read, for the fast append) and the log. */
export class PostgresReads {
  constructor(
    private readonly pool: pg.Pool,
    private readonly poolHandle: TransactionHandle,
    private readonly knownHeads: KnownHeads,
  ) {}

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
    if (options.toVersion === undefined) this.knownHeads.rememberRead(streamId, events);
    return events;
  }

  async readStreams(
    requests: readonly ReadStreamRequest[],
    options: { transaction?: TransactionHandle } = {},
  ): Promise<Map<string, StoredEvent[]>> {
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
      // LATERAL with an inner ORDER BY: one index range scan per stream; as a plain join the reads fell 100x behind
      // (README, Decisions: "readStreams reads each stream with its own index scan").
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
    answer.forEach((events, streamId) => this.knownHeads.rememberRead(streamId, events));
    return answer;
  }

  async listStreams(options: { after?: string; limit?: number } = {}): Promise<StreamHeadRow[]> {
    const result = await this.pool.query<{ stream_id: string; version: string; last_hash: string }>(
      `SELECT stream_id, version::text AS version, last_hash FROM streams
       WHERE $1::text IS NULL OR stream_id > $1::text ORDER BY stream_id LIMIT $2`,
      [options.after ?? null, options.limit ?? DEFAULT_READ_LIMIT],
    );
    return result.rows.map((row) => ({
      streamId: row.stream_id,
      version: BigInt(row.version),
      lastHash: row.last_hash,
    }));
  }

  async streamsWithoutHead(): Promise<string[]> {
    const result = await this.pool.query<{ stream_id: string }>(
      'SELECT DISTINCT events.stream_id FROM events LEFT JOIN streams ON streams.stream_id = events.stream_id ' +
        'WHERE streams.stream_id IS NULL ORDER BY 1',
    );
    return result.rows.map((row) => row.stream_id);
  }

  async streamVersion(streamId: string, options: { transaction?: TransactionHandle } = {}): Promise<bigint> {
    const queryable: Queryable = options.transaction ?? this.poolHandle;
    const result = await queryable.query<{ version: string }>(
      'SELECT version::text AS version FROM streams WHERE stream_id = $1',
      [streamId],
    );
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
    const safeTransactionId =
      options.horizon === 'snapshot' ? "'18446744073709551615'::xid8" : 'pg_snapshot_xmin(pg_current_snapshot())';
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
    const snapshotSuffix = options.horizon === 'snapshot' ? '_snapshot' : '';
    const statementName = `event_store_read_all${filtered ? '_filtered' : ''}${snapshotSuffix}`;
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
}
