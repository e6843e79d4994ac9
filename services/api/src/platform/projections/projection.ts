import type { StoredEvent, TransactionHandle } from '@app/event-store';

/** Logical table name → the physical table a call must use (the live one, or a rebuild's fresh one). */
export type ProjectionTables<TableName extends string = string> = Readonly<Record<TableName, string>>;

/**
 * A read model built from the event log into PostgreSQL tables.
 *
 * - `tableNames` are the names readers query (`ledger_balances`): the live tables carry exactly these names. A rebuild
 *   builds into fresh tables (`ledger_balances__r1a2b3c4d`) and renames them into place, so readers never notice.
 * - `createTables(tables)` returns the DDL for one set of physical names. Use the names it receives everywhere,
 *   including in explicit index names (`create index ${tables.balances}_owner_index ...`) or leave indexes unnamed,
 *   so a rebuild's tables never clash with the live ones.
 * - `createIndexes(tables)` (optional) returns indexes only readers use: `handle` must not need them. Live tables get
 *   them with `createTables`; a rebuild creates them once its batches have caught up, because one sorted index
 *   build costs less than keeping the index up to date row by row.
 * - `handle(events, transaction, tables)` writes the rows for one batch through `transaction` only (never the pool:
 *   in embedded mode there is a single connection). The runner commits these rows and the checkpoint together.
 *   It must not throw on a recorded fact (clamp or skip with a log): a throw stops the projection until fixed.
 *   Events arrive in commit order, each exactly once per table set.
 * - Bump `version` when the handler or the DDL changes meaning: at start the runner rebuilds into fresh tables
 *   and swaps them in while the old ones keep serving.
 */
export interface Projection<TableName extends string = string> {
  /** Lower snake case, unique across the service. */
  name: string;
  version: number;
  tableNames: readonly TableName[];
  /** Only these event types reach `handle` (the checkpoint still advances past the others). */
  eventTypes?: readonly string[];
  createTables(tables: ProjectionTables<TableName>): string[];
  createIndexes?(tables: ProjectionTables<TableName>): string[];
  handle(events: StoredEvent[], transaction: TransactionHandle, tables: ProjectionTables<TableName>): Promise<void>;
}

const IDENTIFIER = /^[a-z][a-z0-9_]{0,39}$/;

/** Checks the names once, at definition time, because they end up spliced into SQL. */
export function defineProjection<TableName extends string>(projection: Projection<TableName>): Projection<TableName> {
  if (!IDENTIFIER.test(projection.name)) throw new Error(`Projection name ${projection.name} must match ${IDENTIFIER}`);
  if (!Number.isInteger(projection.version) || projection.version < 1)
    throw new Error(`Projection ${projection.name}: version must be a positive integer`);
  if (projection.tableNames.length === 0) throw new Error(`Projection ${projection.name} declares no tables`);
  for (const table of projection.tableNames) {
    if (!IDENTIFIER.test(table))
      throw new Error(`Projection ${projection.name}: table name ${table} must match ${IDENTIFIER}`);
  }
  return projection;
}

/** The physical names for a suffix: '' for the live tables. */
export function tablesWithSuffix<TableName extends string>(
  tableNames: readonly TableName[],
  suffix: string,
): ProjectionTables<TableName> {
  return Object.fromEntries(tableNames.map((table) => [table, `${table}${suffix}`])) as Record<TableName, string>;
}

export interface RebuildProgress {
  rebuildId: string;
  eventsDone: number;
  /** Events in the log when the rebuild started (grows if the log grows faster than the rebuild reads). */
  eventsTotal: number;
  eventsPerSecond: number;
  /** 'indexing': the batches have caught up and the readers' indexes are being built (see `createIndexes`). */
  phase: 'building' | 'indexing' | 'swapping' | 'completed';
}

export type ProjectionStatus = 'starting' | 'catching_up' | 'live' | 'standby' | 'rebuilding' | 'failed' | 'stopped';
