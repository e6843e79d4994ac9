import { AppendAlongsideConflictError, type AppendAlongside } from '../event-store.port';
import { namedQuery, statementSignature, type Queryable } from './sql';

/** SQLSTATE raised by event_store_alongside_wrote when a write beside an append changed another number of rows. */
const ALONGSIDE_MISMATCH = 'ES002';

/** The caller's writes beside an append (AppendAlongside), checked. */
export interface PreparedAlongside {
  writes: readonly AppendAlongside[];
  /** Part of the fast statement's name: one prepared statement per set of statement texts. */
  signature: string;
}

export function prepareAlongside(writes: readonly AppendAlongside[] | undefined): PreparedAlongside | undefined {
  if (!writes || writes.length === 0) return undefined;
  for (const write of writes) {
    if (!/\bRETURNING\b/i.test(write.statement))
      throw new TypeError('A write beside an append needs a RETURNING clause (its rows are what it changed)');
    if (write.expectedRows !== undefined && !(Number.isSafeInteger(write.expectedRows) && write.expectedRows >= 0)) {
      throw new TypeError(`expectedRows must be a whole number of rows, not ${write.expectedRows}`);
    }
  }
  const shape = writes
    .map((write) => `${write.expectedRows === undefined ? '-' : '='}${write.statement}`)
    .join('\u0000');
  return { writes, signature: statementSignature(shape) };
}

/**
 * The writes as common table expressions of the fast statement (`alongside_<i>`, parameters renumbered from `first`)
 * and the condition its event insert adds: every checked write changed exactly the rows it expected, or the statement
 * raises ES002 and nothing of it stays. The expected counts are parameters, so one shape is one prepared statement.
 */
export function alongsideInStatement(
  prepared: PreparedAlongside,
  first: number,
): { ctes: string; condition: string; params: unknown[] } {
  const ctes: string[] = [];
  const checks: string[] = [];
  const params: unknown[] = [];
  for (const [index, write] of prepared.writes.entries()) {
    const offset = first - 1 + params.length;
    ctes.push(
      `alongside_${index} AS (${write.statement.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`)})`,
    );
    params.push(...write.params);
    if (write.expectedRows !== undefined) {
      params.push(write.expectedRows);
      checks.push(
        `event_store_alongside_wrote((SELECT count(*) FROM alongside_${index}), $${first - 1 + params.length}::bigint)`,
      );
    }
  }
  return { ctes: ctes.join(', '), condition: checks.map((check) => ` AND ${check}`).join(''), params };
}

/** The writes one by one in the locking path's transaction, each checked: AppendAlongsideConflictError on a miss. */
export async function writeAlongside(transaction: Queryable, prepared: PreparedAlongside): Promise<void> {
  for (const write of prepared.writes) {
    const { rows } = await namedQuery(
      transaction,
      `event_store_alongside_${statementSignature(write.statement)}`,
      write.statement,
      [...write.params],
    );
    if (write.expectedRows !== undefined && rows.length !== write.expectedRows)
      throw new AppendAlongsideConflictError(rows.length, write.expectedRows);
  }
}

/** The fast statement's ES002 as the port's error; anything else is left as it is. */
export function alongsideError(error: unknown): unknown {
  const failure = error as { code?: string; message?: string };
  if (failure.code !== ALONGSIDE_MISMATCH) return error;
  const [, written, expected] = /changed (\d+) of (\d+) rows/.exec(failure.message ?? '') ?? [];
  return new AppendAlongsideConflictError(Number(written ?? -1), Number(expected ?? -1));
}
