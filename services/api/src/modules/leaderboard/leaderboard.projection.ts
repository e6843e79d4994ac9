import { Logger } from '@nestjs/common';
import type { StoredEvent } from '@app/event-store';
import { LEADERBOARD_PERIODS } from '@app/contracts/src/leaderboard';
import type { ReasonCode } from '@app/contracts/src/ledger';
import { ProfileUpdatedSchema, UserRegisteredSchema } from '@app/contracts/src/identity/events';
import { defineProjection } from '../../platform/projections/projection';
import { readTransactionCopy } from '../ledger';
import { periodKey } from './leaderboard-periods';

const logger = new Logger('LeaderboardProjection');

/** Movements that are not earnings: opening grants, demo top-ups, conversions, reversals and manual adjustments. */
const NOT_EARNINGS: ReadonlySet<ReasonCode> = new Set<ReasonCode>(['ACCOUNT_OPENING', 'DEMO_FUNDING', 'CONVERSION', 'REVERSAL', 'ADJUSTMENT']);

export interface UserPeriodDelta {
  userId: string;
  pointsMinor: bigint;
  gemsMinor: bigint;
  keysMinor: bigint;
  goldMinor: bigint;
  occurredAt: string;
}

/**
 * What one copy of a ledger transaction adds to its user's leaderboard totals (null when nothing). Only the legs of
 * the copy's own user count (`legsForStreamCopy`), so a transaction between two users counts once for each of them.
 */
export function leaderboardDelta(stored: Pick<StoredEvent, 'type' | 'streamId' | 'data'>): UserPeriodDelta | null {
  const copy = readTransactionCopy(stored);
  if (copy === null || copy === 'unreadable' || copy.ownerUserId === null) return null;
  const { reasonCode, occurredAt } = copy.transaction;
  const delta: UserPeriodDelta = { userId: copy.ownerUserId, pointsMinor: 0n, gemsMinor: 0n, keysMinor: 0n, goldMinor: 0n, occurredAt };
  const earning = !NOT_EARNINGS.has(reasonCode);
  for (const leg of copy.legs) {
    if (leg.userId === null) continue;
    if (leg.side === 'credit' && earning) {
      if (leg.currency === 'points') delta.pointsMinor += leg.amountMinor;
      if (leg.currency === 'gems') delta.gemsMinor += leg.amountMinor;
      if (leg.currency === 'gold') delta.goldMinor += leg.amountMinor;
    }
    if (leg.side === 'debit' && leg.currency === 'keys' && reasonCode !== 'REVERSAL') delta.keysMinor += leg.amountMinor;
  }
  const empty = delta.pointsMinor === 0n && delta.gemsMinor === 0n && delta.keysMinor === 0n && delta.goldMinor === 0n;
  return empty ? null : delta;
}

type Table = 'leaderboard_totals' | 'leaderboard_users';

/** Per period (day, ISO week, month) and user: points and gems earned, keys used, gold collected; plus names. */
export const leaderboardProjection = defineProjection<Table>({
  name: 'leaderboard',
  version: 1,
  tableNames: ['leaderboard_totals', 'leaderboard_users'],
  eventTypes: ['LedgerTransactionPosted', 'UserRegistered', 'ProfileUpdated'],
  createTables: (tables) => [
    `CREATE TABLE ${tables.leaderboard_totals} (
       period text NOT NULL,
       period_key text NOT NULL,
       user_id text NOT NULL,
       points_minor bigint NOT NULL DEFAULT 0,
       gems_minor bigint NOT NULL DEFAULT 0,
       keys_minor bigint NOT NULL DEFAULT 0,
       gold_minor bigint NOT NULL DEFAULT 0,
       PRIMARY KEY (period, period_key, user_id)
     )`,
    `CREATE TABLE ${tables.leaderboard_users} (user_id text PRIMARY KEY, username text, display_name text, avatar_url text)`,
  ],
  handle: async (events, transaction, tables) => {
    for (const stored of events) {
      if (stored.type === 'UserRegistered') {
        const parsed = UserRegisteredSchema.safeParse(stored.data);
        if (!parsed.success) {
          logger.error(`Skipping unreadable UserRegistered at ${stored.position}`);
          continue;
        }
        await transaction.query(
          `INSERT INTO ${tables.leaderboard_users} (user_id, username, display_name) VALUES ($1, $2, $3)
           ON CONFLICT (user_id) DO UPDATE SET username = excluded.username, display_name = excluded.display_name`,
          [parsed.data.userId, parsed.data.username, parsed.data.displayName],
        );
      } else if (stored.type === 'ProfileUpdated') {
        const parsed = ProfileUpdatedSchema.safeParse(stored.data);
        if (!parsed.success) continue;
        const changes = parsed.data.changes;
        await transaction.query(
          `UPDATE ${tables.leaderboard_users} SET
             username = CASE WHEN $2 THEN $3 ELSE username END,
             display_name = CASE WHEN $4 THEN $5 ELSE display_name END,
             avatar_url = CASE WHEN $6 THEN $7 ELSE avatar_url END
           WHERE user_id = $1`,
          [
            parsed.data.userId,
            changes.username !== undefined,
            changes.username ?? null,
            changes.displayName !== undefined,
            changes.displayName ?? null,
            changes.avatarUrl !== undefined,
            changes.avatarUrl ?? null,
          ],
        );
      } else {
        const delta = leaderboardDelta(stored);
        if (!delta) continue;
        for (const period of LEADERBOARD_PERIODS) {
          await transaction.query(
            `INSERT INTO ${tables.leaderboard_totals} AS target (period, period_key, user_id, points_minor, gems_minor, keys_minor, gold_minor)
             VALUES ($1, $2, $3, $4, $5, $6, $7)
             ON CONFLICT (period, period_key, user_id) DO UPDATE SET
               points_minor = target.points_minor + excluded.points_minor,
               gems_minor = target.gems_minor + excluded.gems_minor,
               keys_minor = target.keys_minor + excluded.keys_minor,
               gold_minor = target.gold_minor + excluded.gold_minor`,
            [period, periodKey(period, delta.occurredAt), delta.userId, delta.pointsMinor.toString(), delta.gemsMinor.toString(), delta.keysMinor.toString(), delta.goldMinor.toString()],
          );
        }
      }
    }
  },
});
