import { defineProjection } from '../../../src/platform/projections/projection';

/**
 * A tiny projection for the platform's tests only: per stream, how many `ExampleCounted` events and the sum of their
 * amounts. Adding (not setting) makes a double application visible in the numbers.
 */
export const EXAMPLE_EVENT = 'ExampleCounted';

/**
 * `indexGate` (an advisory lock key) makes building the readers' index wait until whoever holds that lock releases it,
 * so a test can commit events while a rebuild indexes, deterministically.
 */
export function exampleProjection(
  options: { name?: string; table?: string; version?: number; delayMsPerBatch?: number; indexGate?: number } = {},
) {
  const table = options.table ?? 'example_totals';
  return defineProjection({
    name: options.name ?? 'example_totals',
    version: options.version ?? 1,
    tableNames: [table],
    eventTypes: [EXAMPLE_EVENT],
    createTables: (tables) => [
      `create table ${tables[table]} (stream_id text primary key, event_count bigint not null, amount_total bigint not null)`,
    ],
    createIndexes: (tables) => [
      ...(options.indexGate
        ? [`select pg_advisory_lock(${options.indexGate}), pg_advisory_unlock(${options.indexGate})`]
        : []),
      `create index ${tables[table]}_amount_index on ${tables[table]} (amount_total)`,
    ],
    async handle(events, transaction, tables) {
      for (const event of events) {
        const amount = BigInt((event.data as { amount: number }).amount);
        await transaction.query(
          `insert into ${tables[table]} (stream_id, event_count, amount_total) values ($1, 1, $2)
           on conflict (stream_id) do update set event_count = ${tables[table]}.event_count + 1,
             amount_total = ${tables[table]}.amount_total + excluded.amount_total`,
          [event.streamId, amount.toString()],
        );
      }
      if (options.delayMsPerBatch) await new Promise((resolve) => setTimeout(resolve, options.delayMsPerBatch));
    },
  });
}

export const silentLogger = { log: () => undefined, warn: () => undefined, error: () => undefined };
