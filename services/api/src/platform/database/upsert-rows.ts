import type { TransactionHandle } from '@app/event-store';

/** PostgreSQL types a column can be sent as (one array parameter per column). */
export type ColumnType = 'text' | 'integer' | 'bigint' | 'numeric' | 'boolean' | 'timestamptz' | 'jsonb';

/** A column value as sent: amounts as decimal strings (never JS numbers), JSON as its text. */
export type ColumnValue = string | number | boolean | null;

/**
 * Writes many rows with ONE statement, `INSERT INTO table AS target (...) SELECT * FROM unnest($1::type[], ...)
 * <onConflict>`, instead of one statement per row: a projection's batch then costs a round trip per table, not
 * per event, and a group commit claims all its idempotency keys at once. `onConflict` is the rest of the statement (`ON CONFLICT (id) DO NOTHING`, `... DO UPDATE SET x =
 * target.x + excluded.x`, an optional `RETURNING`). With DO UPDATE, the caller must have merged rows of the same
 * key first: PostgreSQL refuses to update one row twice in a statement. Nothing is sent when `rows` is empty.
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
  const arrays = names.map((_, column) => rows.map((row) => row[column]));
  const unnest = names.map((name, column) => `$${column + 1}::${columns[name]}[]`).join(', ');
  const result = await transaction.query<Row>(`INSERT INTO ${table} AS target (${names.join(', ')}) SELECT * FROM unnest(${unnest}) ${onConflict}`, arrays);
  return result.rows;
}
