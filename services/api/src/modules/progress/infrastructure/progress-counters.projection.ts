import { Logger } from '@nestjs/common';
import type pg from 'pg';
import type { StoredEvent } from '@app/event-store';
import { InfluenceRewardsRegisteredSchema } from '@app/contracts/src/rewards';
import { defineProjection } from '../../../platform/projections/projection';
import { upsertRows } from '../../../platform/database/upsert-rows';
import { readTransactionCopy } from '../../ledger';
import { EMPTY_COUNTERS, type ProgressCounters } from '../domain/progress-account';

const logger = new Logger('ProgressCounters');

/**
 * Content events counted as "a content piece posted", by the creator id field they carry. The content context is
 * not built yet: its creation event joins this list (type and creator field) when it exists.
 */
export const CONTENT_CREATED_EVENT_TYPES = ['ContentCreated', 'ContentPublished', 'ContentPosted'] as const;

type CounterDelta = { userId: string; counter: keyof ProgressCounters; mode: 'add' | 'set'; value: bigint };

export function counterDeltas(stored: Pick<StoredEvent, 'type' | 'data' | 'streamId'>): CounterDelta[] {
  switch (stored.type) {
    case 'UserRegistered': {
      const userId = (stored.data as { userId?: unknown }).userId;
      return typeof userId === 'string' ? [{ userId, counter: 'account_created', mode: 'set', value: 1n }] : [];
    }
    case 'InfluenceRewardsRegistered': {
      const parsed = InfluenceRewardsRegisteredSchema.safeParse(stored.data);
      return parsed.success ? [{ userId: parsed.data.userId, counter: 'follower_count', mode: 'set', value: BigInt(parsed.data.followerCount) }] : [];
    }
    case 'LedgerTransactionPosted': {
      // Only the legs of the copy's own user count, so a transaction between two users is counted once for each.
      const copy = readTransactionCopy(stored);
      if (copy === null || copy === 'unreadable' || copy.ownerUserId === null) return [];
      const reversal = copy.transaction.reasonCode === 'REVERSAL';
      let spent = 0n;
      for (const leg of copy.legs) {
        if (leg.userId === null || leg.currency !== 'points') continue;
        // Points leaving the user are spent; a reversal giving them back un-spends them.
        if (leg.side === 'debit' && !reversal) spent += leg.amountMinor;
        if (leg.side === 'credit' && reversal) spent -= leg.amountMinor;
      }
      return spent === 0n ? [] : [{ userId: copy.ownerUserId, counter: 'points_spent', mode: 'add', value: spent }];
    }
    default: {
      if (!(CONTENT_CREATED_EVENT_TYPES as readonly string[]).includes(stored.type)) return [];
      const data = stored.data as Record<string, unknown>;
      const creator = data.creatorId ?? data.creator_id ?? data.userId;
      return typeof creator === 'string' ? [{ userId: creator, counter: 'content_created', mode: 'add', value: 1n }] : [];
    }
  }
}

/** Counters the achievements measure, per user (points spent in minor units). */
export const progressCountersProjection = defineProjection<'progress_counters'>({
  name: 'progress_counters',
  version: 1,
  tableNames: ['progress_counters'],
  eventTypes: ['UserRegistered', 'InfluenceRewardsRegistered', 'LedgerTransactionPosted', ...CONTENT_CREATED_EVENT_TYPES],
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
        `ON CONFLICT (user_id, counter) DO UPDATE SET value = ${mode === 'add' ? 'target.value + excluded.value' : 'excluded.value'}`,
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

/**
 * Counter deltas merged per (user, counter), in log order: adds are summed, and a set replaces what came before it
 * (later adds go on top of the value it sets). A merged 'add' is the sum to add; a merged 'set' is the final value.
 */
export function mergeCounterDeltas<Delta extends { userId: string; counter: string; mode: 'add' | 'set'; value: bigint }>(deltas: readonly Delta[]): Delta[] {
  const moves = new Map<string, Delta>();
  for (const delta of deltas) {
    const key = `${delta.userId}|${delta.counter}`;
    const move = moves.get(key);
    if (move && delta.mode === 'add') move.value += delta.value;
    else moves.set(key, { ...delta });
  }
  return [...moves.values()];
}

export async function countersOf(database: Pick<pg.Pool, 'query'>, userId: string): Promise<ProgressCounters> {
  const rows = await database.query<{ counter: keyof ProgressCounters; value: string }>('SELECT counter, value FROM progress_counters WHERE user_id = $1', [userId]);
  const counters: ProgressCounters = { ...EMPTY_COUNTERS };
  for (const row of rows.rows) {
    if (!(row.counter in counters)) continue;
    const value = BigInt(row.value);
    counters[row.counter] = row.counter === 'points_spent' ? Number((value > 0n ? value : 0n) / 10n) : Number(value);
  }
  return counters;
}
