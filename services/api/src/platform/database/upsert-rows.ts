import { preparedQuery, type TransactionHandle } from '@app/event-store';

/** PostgreSQL types a column can be cast to from its JSON text. */
export type ColumnType =
  'text' | 'integer' | 'bigint' | 'numeric' | 'float8' | 'boolean' | 'date' | 'timestamptz' | 'jsonb';

/** A column value as sent: amounts as decimal strings (never JS numbers), JSON as its text. */
export type ColumnValue = string | number | boolean | null;

/**
 * Many rows as ONE parameter: `FROM ${rowsTable(1, { id: 'text', amount: 'bigint' })} AS change` with
 * `[rowsDocument(rows)]` is a derived table with those columns, one row per entry of `rows` (values in column order).
 * The rows travel as one JSON document (`JSON.stringify`, native) rather than one array parameter per column, which
 * `pg` escapes element by element in JavaScript, at a cost the projection worker feels per like. It is the one way
 * rows are sent (inserted, updated from, deleted by, joined to); a plain list of ids stays `= ANY($n::text[])`.
 */
export function rowsTable(parameter: number, columns: Readonly<Record<string, ColumnType>>): string {
  const fields = Object.entries(columns).map(([name, type], column) => `(r->>${column})::${type} AS ${name}`);
  // PostgreSQL estimates jsonb_array_elements at 100 rows whatever the document holds, so a few rows joined to a table
  // of some thousands (a like group's days, a batch's viewer rows) were planned as a hash join over a sequential scan
  // of the whole table (services/bench/results/2026-12-06-rows-document-plans.md). The LIMIT of the document's own
  // length changes no result and gives the planner the real count (10 in a cached generic plan).
  const document = `$${parameter}::jsonb`;
  const rows = `jsonb_array_elements(${document}) AS r LIMIT jsonb_array_length(${document})`;
  return `(SELECT ${fields.join(', ')} FROM ${rows})`;
}

/** The parameter `rowsTable` reads. */
export function rowsDocument(rows: readonly (readonly ColumnValue[])[]): string {
  return JSON.stringify(rows);
}

/**
 * Writes many rows with ONE statement, `INSERT INTO table AS target (...) SELECT * FROM <rowsTable> <onConflict>`,
 * instead of one statement per row: a projection's batch then costs a round trip per table, not per event, and a
 * group commit claims all its idempotency keys at once. `onConflict` is the rest of the statement (`ON CONFLICT (id) DO
 * NOTHING`, `... DO UPDATE SET x = target.x + excluded.x`, an optional `RETURNING`). With DO UPDATE, the caller must
 * have merged rows of the same key first: PostgreSQL refuses to update one row twice in a statement. Nothing is sent
 * when `rows` is empty.
 */
export async function upsertRows<Row = Record<string, unknown>>(
  transaction: TransactionHandle,
  table: string,
  columns: Readonly<Record<string, ColumnType>>,
  rows: readonly (readonly ColumnValue[])[],
  onConflict: string,
): Promise<Row[]> {
  if (rows.length === 0) return [];
  // One text per table and conflict clause: prepared, so a batch does not plan it again.
  const result = await preparedQuery<Row>(
    transaction,
    `INSERT INTO ${table} AS target (${Object.keys(columns).join(', ')}) SELECT * FROM ` +
      `${rowsTable(1, columns)} AS incoming ${onConflict}`,
    [rowsDocument(rows)],
  );
  return result.rows;
}
