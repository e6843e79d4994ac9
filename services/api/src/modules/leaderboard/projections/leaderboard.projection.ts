import { Logger } from '@nestjs/common';
import type { StoredEvent, TransactionHandle } from '@app/event-store';
import { LEADERBOARD_PERIODS, type LeaderboardPeriod } from '@app/contracts/leaderboard';
import type { ReasonCode } from '@app/contracts/ledger';
import { ProfileUpdatedSchema, UserRegisteredSchema } from '@app/contracts/identity';
import { defineProjection, type ProjectionTables } from '../../../platform/projections/projection';
import { upsertRows } from '../../../platform/database/upsert-rows';
import { readTransactionCopy } from '../../ledger';
import { periodKey } from '../leaderboard-periods';

const logger = new Logger('LeaderboardProjection');

/** Movements that are not earnings: opening grants, demo top-ups, conversions, reversals and manual adjustments. */
const NOT_EARNINGS: ReadonlySet<ReasonCode> = new Set<ReasonCode>([
  'ACCOUNT_OPENING',
  'DEMO_FUNDING',
  'CONVERSION',
  'REVERSAL',
  'ADJUSTMENT',
]);

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
  const delta: UserPeriodDelta = {
    userId: copy.ownerUserId,
    pointsMinor: 0n,
    gemsMinor: 0n,
    keysMinor: 0n,
    goldMinor: 0n,
    occurredAt,
  };
  const earning = !NOT_EARNINGS.has(reasonCode);
  for (const leg of copy.legs) {
    if (leg.userId === null) continue;
    if (leg.side === 'credit' && earning) {
      if (leg.currency === 'points') delta.pointsMinor += leg.amountMinor;
      if (leg.currency === 'gems') delta.gemsMinor += leg.amountMinor;
      if (leg.currency === 'gold') delta.goldMinor += leg.amountMinor;
    }
    if (leg.side === 'debit' && leg.currency === 'keys' && reasonCode !== 'REVERSAL')
      delta.keysMinor += leg.amountMinor;
  }
  const empty = delta.pointsMinor === 0n && delta.gemsMinor === 0n && delta.keysMinor === 0n && delta.goldMinor === 0n;
  return empty ? null : delta;
}

type Table = 'leaderboard_totals' | 'leaderboard_users';
type Tables = ProjectionTables<Table>;

/** One row of `leaderboard_totals` to add to, the deltas of a whole batch summed. */
export interface TotalsDelta {
  period: LeaderboardPeriod;
  periodKey: string;
  userId: string;
  pointsMinor: bigint;
  gemsMinor: bigint;
  keysMinor: bigint;
  goldMinor: bigint;
}

/** A change to a user's name row, applied in log order (a profile edit only touches a row that exists). */
export type UserChange =
  | { kind: 'registered'; username: string; displayName: string | null; isDemo: boolean }
  | { kind: 'profile'; changes: { username?: string; displayName?: string | null; avatarUrl?: string | null } };

interface UserRow {
  username: string | null;
  displayName: string | null;
  avatarUrl: string | null;
  /** A demo sandbox: its totals are kept but never ranked. */
  isDemo?: boolean;
}

/**
 * The pure half of a batch: earnings summed per (period, period key, user), so each totals row is written once
 * per batch however many events reach it, and the name changes per user in log order.
 */
export function foldLeaderboard(events: StoredEvent[]): {
  totals: TotalsDelta[];
  userChanges: Map<string, UserChange[]>;
} {
  const totals = new Map<string, TotalsDelta>();
  const userChanges = new Map<string, UserChange[]>();
  const change = (userId: string, entry: UserChange) => {
    const list = userChanges.get(userId);
    if (list) list.push(entry);
    else userChanges.set(userId, [entry]);
  };
  for (const stored of events) {
    if (stored.type === 'UserRegistered') {
      const parsed = UserRegisteredSchema.safeParse(stored.data);
      if (!parsed.success) {
        logger.error(`Skipping unreadable UserRegistered at ${stored.position}`);
        continue;
      }
      change(parsed.data.userId, {
        kind: 'registered',
        username: parsed.data.username,
        displayName: parsed.data.displayName,
        isDemo: parsed.data.isDemo ?? parsed.data.demoPersona !== null,
      });
    } else if (stored.type === 'ProfileUpdated') {
      const parsed = ProfileUpdatedSchema.safeParse(stored.data);
      if (!parsed.success) continue;
      const { username, displayName, avatarUrl } = parsed.data.changes;
      change(parsed.data.userId, { kind: 'profile', changes: { username, displayName, avatarUrl } });
    } else {
      const delta = leaderboardDelta(stored);
      if (!delta) continue;
      for (const period of LEADERBOARD_PERIODS) {
        const key = periodKey(period, delta.occurredAt);
        const id = `${period}|${key}|${delta.userId}`;
        const sum = totals.get(id) ?? {
          period,
          periodKey: key,
          userId: delta.userId,
          pointsMinor: 0n,
          gemsMinor: 0n,
          keysMinor: 0n,
          goldMinor: 0n,
        };
        sum.pointsMinor += delta.pointsMinor;
        sum.gemsMinor += delta.gemsMinor;
        sum.keysMinor += delta.keysMinor;
        sum.goldMinor += delta.goldMinor;
        totals.set(id, sum);
      }
    }
  }
  return { totals: [...totals.values()], userChanges };
}

/** Applies one user's changes of the batch, in order, to the row as it was (null: no row). */
export function applyUserChanges(row: UserRow | null, changes: readonly UserChange[]): UserRow | null {
  let current = row;
  for (const entry of changes) {
    if (entry.kind === 'registered') {
      // Registering again keeps the avatar, as the upsert always did.
      current = {
        username: entry.username,
        displayName: entry.displayName,
        avatarUrl: current?.avatarUrl ?? null,
        isDemo: entry.isDemo,
      };
    } else if (current) {
      const { username, displayName, avatarUrl } = entry.changes;
      current = {
        username: username !== undefined ? username : current.username,
        displayName: displayName !== undefined ? displayName : current.displayName,
        avatarUrl: avatarUrl !== undefined ? avatarUrl : current.avatarUrl,
        isDemo: current.isDemo,
      };
    }
  }
  return current;
}

async function writeTotals(transaction: TransactionHandle, tables: Tables, totals: TotalsDelta[]): Promise<void> {
  await upsertRows(
    transaction,
    tables.leaderboard_totals,
    {
      period: 'text',
      period_key: 'text',
      user_id: 'text',
      points_minor: 'bigint',
      gems_minor: 'bigint',
      keys_minor: 'bigint',
      gold_minor: 'bigint',
    },
    totals.map((sum) => [
      sum.period,
      sum.periodKey,
      sum.userId,
      sum.pointsMinor.toString(),
      sum.gemsMinor.toString(),
      sum.keysMinor.toString(),
      sum.goldMinor.toString(),
    ]),
    `ON CONFLICT (period, period_key, user_id) DO UPDATE SET
       points_minor = target.points_minor + excluded.points_minor,
       gems_minor = target.gems_minor + excluded.gems_minor,
       keys_minor = target.keys_minor + excluded.keys_minor,
       gold_minor = target.gold_minor + excluded.gold_minor`,
  );
}

/**
 * Name rows: the rows of the users this batch touches are read once, the changes applied in memory in log order,
 * and the resulting rows written in one statement (a profile edit before any registration still changes nothing).
 */
async function writeUsers(
  transaction: TransactionHandle,
  tables: Tables,
  userChanges: Map<string, UserChange[]>,
): Promise<void> {
  if (userChanges.size === 0) return;
  const existing = await transaction.query<{
    user_id: string;
    username: string | null;
    display_name: string | null;
    avatar_url: string | null;
    is_demo: boolean;
  }>(
    `SELECT user_id, username, display_name, avatar_url, is_demo
     FROM ${tables.leaderboard_users} WHERE user_id = ANY($1::text[])`,
    [[...userChanges.keys()]],
  );
  const before = new Map(
    existing.rows.map((row) => [
      row.user_id,
      { username: row.username, displayName: row.display_name, avatarUrl: row.avatar_url, isDemo: row.is_demo },
    ]),
  );
  const rows: [string, string | null, string | null, string | null, boolean][] = [];
  for (const [userId, changes] of userChanges) {
    const after = applyUserChanges(before.get(userId) ?? null, changes);
    if (after) rows.push([userId, after.username, after.displayName, after.avatarUrl, after.isDemo === true]);
  }
  await upsertRows(
    transaction,
    tables.leaderboard_users,
    { user_id: 'text', username: 'text', display_name: 'text', avatar_url: 'text', is_demo: 'boolean' },
    rows,
    `ON CONFLICT (user_id) DO UPDATE SET username = excluded.username, display_name = excluded.display_name,
     avatar_url = excluded.avatar_url, is_demo = excluded.is_demo`,
  );
}

/** Per period (day, ISO week, month) and user: points and gems earned, keys used, gold collected; plus names. */
export const leaderboardProjection = defineProjection<Table>({
  name: 'leaderboard',
  // 2: users rows say whether the user is a demo sandbox, which the ranking leaves out.
  version: 2,
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
    `CREATE TABLE ${tables.leaderboard_users} (user_id text PRIMARY KEY, username text, display_name text,
     avatar_url text, is_demo boolean NOT NULL DEFAULT false)`,
  ],
  handle: async (events, transaction, tables) => {
    // Folded in memory first: one statement per table per batch instead of three per ledger event.
    const { totals, userChanges } = foldLeaderboard(events);
    await writeTotals(transaction, tables, totals);
    await writeUsers(transaction, tables, userChanges);
  },
});
