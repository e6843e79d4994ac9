import { createHash } from 'node:crypto';
import type { Duplex } from 'node:stream';
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
  send: Send = (statement) => statement(),
): TransactionHandle & NamedQueryable {
  return {
    query: <Row>(text: string, params?: unknown[]) =>
      send(async () => {
        const result = await client.query(text, params);
        return { rows: result.rows as Row[], rowCount: result.rowCount };
      }),
    [NAMED_QUERY]: <Row>(name: string, text: string, params: unknown[]) =>
      send(async () => {
        const config = preparedStatements ? { name, text, values: params } : { text, values: params };
        const result = await client.query(config);
        return { rows: result.rows as Row[], rowCount: result.rowCount };
      }),
  };
}

type Send = <T>(statement: () => Promise<T>) => Promise<T>;

/** A transaction's handle, ended by its COMMIT or ROLLBACK: a statement sent after that is refused, not run. */
export interface OwnTransactionHandle extends TransactionHandle {
  /** Ends the transaction; 'COMMIT' rejects (TransactionRolledBackError) when PostgreSQL did not commit it. */
  end(statement: 'COMMIT' | 'ROLLBACK'): Promise<void>;
}

/** A COMMIT that PostgreSQL answered with ROLLBACK: a statement before it had failed, so nothing was committed. */
export class TransactionRolledBackError extends Error {
  constructor() {
    super('The transaction was rolled back at its COMMIT: a statement in it had failed');
    this.name = 'TransactionRolledBackError';
  }
}

/**
 * The handle of a transaction on one pooled connection. A unit may start several statements at once (Promise.all).
 * `pipelined` (the client is in pg's pipeline mode): they go out without waiting for each other, in one write when
 * started in the same turn (`corkForThisTurn`). Otherwise they are sent one after the other, as pg 8 wants on a
 * client that is not pipelined. Either way COMMIT or ROLLBACK comes after every statement the unit started, and
 * nothing the unit starts later (a branch of a Promise.all that had failed) can run outside the transaction.
 */
export function transactionHandle(
  client: pg.PoolClient,
  preparedStatements: boolean,
  pipelined: boolean,
): OwnTransactionHandle {
  let ended = false;
  const inOrder = pipelined ? corkedSender(client) : serialSender();
  const send: Send = (statement) =>
    ended ? Promise.reject(new Error('A statement was sent after its transaction ended')) : inOrder(statement);
  const handle = asHandle(client, preparedStatements, send);
  return Object.assign(handle, {
    end: async (statement: 'COMMIT' | 'ROLLBACK') => {
      // After a COMMIT that failed the server has ended the transaction already: no ROLLBACK to send.
      if (ended) return;
      const last = send(() => client.query(statement));
      ended = true;
      const result = await last;
      // PostgreSQL answers the COMMIT of a transaction that a failed statement aborted with ROLLBACK, not an error:
      // a unit that caught a statement's error and went on must not be told its work was committed.
      if (statement === 'COMMIT' && result.command !== 'COMMIT') throw new TransactionRolledBackError();
    },
  });
}

function corkedSender(client: pg.PoolClient): Send {
  const cork = corkForThisTurn(client);
  return (statement) => {
    cork();
    return statement();
  };
}

function serialSender(): Send {
  let previous: Promise<unknown> = Promise.resolve();
  return (statement) => {
    const next = previous.then(statement, statement);
    previous = next.catch(() => undefined);
    return next;
  };
}

/**
 * Holds a pipelined client's socket writes until the current turn of the event loop has run (`process.nextTick` runs
 * after the promise jobs queued now), so statements a unit of work sends together (its BEGIN, reads started with
 * Promise.all) leave in one write and wake PostgreSQL once, and the unit waits one round trip for them, not one each
 * (services/bench/results/2026-12-05-pipelined-units.md).
 */
function corkForThisTurn(client: pg.PoolClient): () => void {
  let corked = false;
  return () => {
    if (corked) return;
    const stream = client.connection.stream as Duplex;
    stream.cork();
    corked = true;
    process.nextTick(() => {
      corked = false;
      stream.uncork();
    });
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

/**
 * A statement a caller runs often with one fixed text (a group's read, a projection's upsert, a checkpoint's move),
 * named after that text: each PostgreSQL connection parses it once and, after PostgreSQL's first few custom plans,
 * runs a cached plan instead of planning it on every call (services/bench/results/2026-12-06-prepared-statements.md).
 * A handle that cannot name statements (PGlite, a caller's own pg client) runs it as a plain query. For a bounded set
 * of texts only: a connection keeps every text it prepared until it closes, so never a text built from data.
 */
export function preparedQuery<Row = Record<string, unknown>>(
  queryable: Queryable,
  text: string,
  params: unknown[],
): Promise<{ rows: Row[]; rowCount: number | null }> {
  return namedQuery<Row>(queryable, `prepared_${statementSignature(text)}`, text, params);
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
