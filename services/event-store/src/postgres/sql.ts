import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { StoredEvent, TransactionHandle } from '../event-store.port';

/** Anything that runs a statement: the pool's handle, our transaction's, or a caller's. */
export type Queryable = Pick<TransactionHandle, 'query'>;

const NAMED_QUERY = Symbol('namedQuery');
interface NamedQueryable {
  [NAMED_QUERY]<Row>(name: string, text: string, params: unknown[]): Promise<{ rows: Row[]; rowCount: number | null }>;
}

/** pg's overloaded `query` narrowed to the port's TransactionHandle shape. */
export function asHandle(
  client: pg.Pool | pg.PoolClient,
  preparedStatements: boolean,
): TransactionHandle & NamedQueryable {
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
export function namedQuery<Row>(
  queryable: Queryable,
  name: string,
  text: string,
  params: unknown[],
): Promise<{ rows: Row[]; rowCount: number | null }> {
  const named = (queryable as Partial<NamedQueryable>)[NAMED_QUERY];
  return named ? named<Row>(name, text, params) : queryable.query<Row>(text, params);
}

/** Signatures of the statement texts seen: a process has a handful of shapes, and a hot append names one each time. */
const signatures = new Map<string, string>();

/** A short name part for a prepared statement of this text (or shape): the same text, the same name. */
export function statementSignature(text: string): string {
  let signature = signatures.get(text);
  if (signature === undefined) {
    signature = createHash('sha256').update(text).digest('hex').slice(0, 16);
    if (signatures.size >= 1_000) signatures.clear();
    signatures.set(text, signature);
  }
  return signature;
}

export interface EventRow {
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
  /** Unix milliseconds: parsed faster than timestamptz text (README, Decisions). */
  recorded_at: number;
}

// Output names repeat column names but as text (bigint and xid8 do not fit a JavaScript number), so every ORDER BY
// that reads them qualifies its columns with `events.`: an unqualified name would sort by the text output column.
export const EVENT_COLUMNS = `position::text AS position, transaction_id::text AS transaction_id, event_id, stream_id,
  stream_version::text AS stream_version, type, data, metadata, hash, previous_hash,
  (extract(epoch FROM recorded_at) * 1000)::float8 AS recorded_at`;

export function toStoredEvent(row: EventRow): StoredEvent {
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
