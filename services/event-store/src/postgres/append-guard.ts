import { AppendGuardTakenError, type AppendGuard } from '../event-store.port';
import { statementSignature } from './sql';

/** An AppendGuard checked and turned into SQL pieces: identifiers validated, rows as one JSON document. */
export interface PreparedGuard {
  table: string;
  /** The insert's SELECT from the rows parameter, `$<n>` standing for the parameter's number. */
  insert: string;
  json: string;
  /** Part of the prepared statements' names: one statement per table and column list. */
  signature: string;
}

const SQL_IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;
const UNIQUE_VIOLATION = '23505';

/**
 * The SQL of each guard shape (table and columns), made once: a process has a handful, and every keyed append uses one.
 */
const guardStatements = new Map<string, Pick<PreparedGuard, 'insert' | 'signature'>>();

export function prepareGuard(guard: AppendGuard): PreparedGuard {
  if (!SQL_IDENTIFIER.test(guard.table))
    throw new TypeError(`Guard table ${JSON.stringify(guard.table)} is not a plain lower-case SQL name`);
  if (guard.rows.length === 0) throw new TypeError('A guard needs at least one row');
  const columns = Object.keys(guard.rows[0]);
  if (columns.length === 0) throw new TypeError('Guard rows need at least one column');
  for (const column of columns)
    if (!SQL_IDENTIFIER.test(column))
      throw new TypeError(`Guard column ${JSON.stringify(column)} is not a plain lower-case SQL name`);
  for (const row of guard.rows) {
    const keys = Object.keys(row);
    if (keys.length !== columns.length || keys.some((key) => !columns.includes(key)))
      throw new TypeError('Every guard row needs the same columns');
  }
  const list = columns.join(', ');
  const shape = `${guard.table}(${list})`;
  let statement = guardStatements.get(shape);
  if (!statement) {
    statement = {
      // jsonb_populate_recordset takes each column's type from the table, so the rows travel as one JSON parameter.
      insert:
        `INSERT INTO ${guard.table} (${list}) SELECT ${list} FROM jsonb_populate_recordset(NULL::${guard.table}, ` +
        `$<n>::jsonb)`,
      signature: statementSignature(shape),
    };
    guardStatements.set(shape, statement);
  }
  // Unlike event data these rows are never read back by the store: they are stored as JSON.stringify writes them.
  return { table: guard.table, ...statement, json: JSON.stringify(guard.rows) };
}

/** A unique violation on the guard's table is the guard's own refusal; anything else is left as it is. */
export function guardError(error: unknown, guard: PreparedGuard): unknown {
  const failure = error as { code?: string; table?: string; detail?: string };
  return failure.code === UNIQUE_VIOLATION && failure.table === guard.table
    ? new AppendGuardTakenError(guard.table, failure.detail)
    : error;
}
