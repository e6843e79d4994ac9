import type { StoredEvent } from '@app/event-store';
import { InfluenceFollowersVerifiedSchema } from '@app/contracts/rewards';
import { readTransactionCopy } from '../../ledger';
import type { ProgressCounters } from '../domain/progress-account';

// How progress counts the events it measures: published (through the module's index) for the notifications
// context, which announces an achievement the moment the same counters reach it.

/**
 * Content events counted as "a content piece posted", by the creator id field they carry: the content context's
 * `ContentCreated` (`creatorId`); the other names are kept for events recorded under them.
 */
export const CONTENT_CREATED_EVENT_TYPES = ['ContentCreated', 'ContentPublished', 'ContentPosted'] as const;

export type CounterDelta = { userId: string; counter: keyof ProgressCounters; mode: 'add' | 'set'; value: bigint };

export function counterDeltas(stored: Pick<StoredEvent, 'type' | 'data' | 'streamId'>): CounterDelta[] {
  switch (stored.type) {
    case 'UserRegistered': {
      const userId = (stored.data as { userId?: unknown }).userId;
      return typeof userId === 'string' ? [{ userId, counter: 'account_created', mode: 'set', value: 1n }] : [];
    }
    case 'InfluenceFollowersVerified': {
      // The count an administrator verified, never the one a user declared: an achievement pays gold.
      const parsed = InfluenceFollowersVerifiedSchema.safeParse(stored.data);
      return parsed.success
        ? [
            {
              userId: parsed.data.userId,
              counter: 'follower_count',
              mode: 'set',
              value: BigInt(parsed.data.verifiedFollowerCount),
            },
          ]
        : [];
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
      return typeof creator === 'string'
        ? [{ userId: creator, counter: 'content_created', mode: 'add', value: 1n }]
        : [];
    }
  }
}

/**
 * Counter deltas merged per (user, counter), in log order: adds are summed, and a set replaces what came before it
 * (later adds go on top of the value it sets). A merged 'add' is the sum to add; a merged 'set' is the final value.
 */
export function mergeCounterDeltas<
  Delta extends { userId: string; counter: string; mode: 'add' | 'set'; value: bigint },
>(deltas: readonly Delta[]): Delta[] {
  const moves = new Map<string, Delta>();
  for (const delta of deltas) {
    const key = `${delta.userId}|${delta.counter}`;
    const move = moves.get(key);
    if (move && delta.mode === 'add') move.value += delta.value;
    else moves.set(key, { ...delta });
  }
  return [...moves.values()];
}
