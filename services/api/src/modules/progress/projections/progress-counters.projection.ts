import { Logger } from '@nestjs/common';
import type pg from 'pg';
import type { StoredEvent } from '@app/event-store';
import { defineProjection } from '../../../platform/projections/projection';
import { upsertRows } from '../../../platform/database/upsert-rows';
import { CONTENT_CREATED_EVENT_TYPES, counterDeltas, mergeCounterDeltas, type CounterDelta } from './counter-deltas';
import { EMPTY_COUNTERS, type ProgressCounters } from '../domain/progress-account';

const logger = new Logger('ProgressCounters');

/** Counters the achievements measure, per user (points spent in minor units). */
export const progressCountersProjection = defineProjection<'progress_counters'>({
  name: 'progress_counters',
  // Version 2: followers are the verified count (`InfluenceFollowersVerified`), no longer the declared one.
  version: 2,
  tableNames: ['progress_counters'],
  eventTypes: [
    'UserRegistered',
    'InfluenceFollowersVerified',
    'LedgerTransactionPosted',
    ...CONTENT_CREATED_EVENT_TYPES,
  ],
  createTables: (tables) => [
    `CREATE TABLE ${tables.progress_counters} (
       user_id text NOT NULL,
       counter text NOT NULL,
       value bigint NOT NULL,
       PRIMARY KEY (user_id, counter)
     )`,
  ],
  handle: async (events, transaction, tables) => {
    const moves = foldCounterMoves(events);
    // One statement per mode (a counter's mode is fixed by its kind, so a key never needs both).
    for (const mode of ['add', 'set'] as const) {
      await upsertRows(
        transaction,
        tables.progress_counters,
        { user_id: 'text', counter: 'text', value: 'bigint' },
        moves.filter((move) => move.mode === mode).map((move) => [move.userId, move.counter, move.value.toString()]),
        `ON CONFLICT (user_id, counter)
         DO UPDATE SET value = ${mode === 'add' ? 'target.value + excluded.value' : 'excluded.value'}`,
      );
    }
  },
});

/**
 * A batch's counter deltas merged per (user, counter), in log order (see `mergeCounterDeltas`). An event whose
 * deltas cannot be read is skipped with a log.
 */
export function foldCounterMoves(events: StoredEvent[]): CounterDelta[] {
  const deltas: CounterDelta[] = [];
  for (const stored of events) {
    try {
      deltas.push(...counterDeltas(stored));
    } catch (error) {
      logger.error(`Skipping event at position ${stored.position}: ${(error as Error).message}`);
    }
  }
  return mergeCounterDeltas(deltas);
}

export async function countersOf(database: Pick<pg.Pool, 'query'>, userId: string): Promise<ProgressCounters> {
  const rows = await database.query<{ counter: keyof ProgressCounters; value: string }>(
    'SELECT counter, value FROM progress_counters WHERE user_id = $1',
    [userId],
  );
  const counters: ProgressCounters = { ...EMPTY_COUNTERS };
  for (const row of rows.rows) {
    if (!(row.counter in counters)) continue;
    const value = BigInt(row.value);
    counters[row.counter] = row.counter === 'points_spent' ? Number((value > 0n ? value : 0n) / 10n) : Number(value);
  }
  return counters;
}
