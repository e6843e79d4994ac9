import type { TransactionHandle } from '@app/event-store';

/** PostgreSQL types a column can be cast to from its JSON text. */
export type ColumnType = 'text' | 'integer' | 'bigint' | 'numeric' | 'boolean' | 'timestamptz' | 'jsonb';

/** A column value as sent: amounts as decimal strings (never JS numbers), JSON as its text. */
export type ColumnValue = string | number | boolean | null;

/**
 * Writes many rows with ONE statement, `INSERT INTO table AS target (...) SELECT (r->>0)::type, ... FROM
 * jsonb_array_elements($1::jsonb) AS r <onConflict>`, instead of one statement per row: a projection's batch then
 * costs a round trip per table, not per event, and a group commit claims all its idempotency keys at once. The rows
 * travel as one JSON document (`JSON.stringify`, native) rather than one array parameter per column, which `pg`
 * escapes element by element in JavaScript: 15 % less of the projection worker's CPU per like at 1,000 likes/s
 * (three alternating pairs, 2026-11-28), PostgreSQL's no different. `onConflict` is the rest of the statement (`ON
 * CONFLICT (id) DO NOTHING`, `... DO UPDATE SET x = target.x + excluded.x`, an optional `RETURNING`). With DO UPDATE,
 * the caller must have merged rows of the same key first: PostgreSQL refuses to update one row twice in a statement.
 * Nothing is sent when `rows` is empty.
 */
export async function upsertRows<Row = Record<string, unknown>>(
  transaction: TransactionHandle,
  table: string,
  columns: Readonly<Record<string, ColumnType>>,
  rows: readonly (readonly ColumnValue[])[],
  onConflict: string,
): Promise<Row[]> {
  if (rows.length === 0) return [];
  const names = Object.keys(columns);
  const fields = names.map((name, column) => `(r->>${column})::${columns[name]}`).join(', ');
  const result = await transaction.query<Row>(
    `INSERT INTO ${table} AS target (${names.join(', ')}) SELECT ${fields} FROM jsonb_array_elements($1::jsonb) AS r ${onConflict}`,
    [JSON.stringify(rows)],
  );
  return result.rows;
}
