import { Logger } from '@nestjs/common';
import type { TransactionHandle } from '@app/event-store';
import { defineProjection, type ProjectionTables } from '../../../platform/projections/projection';
import { rowsDocument, rowsTable, upsertRows } from '../../../platform/database/upsert-rows';
import { PLATFORM_STATS_EVENT_TYPES, type PlatformStatsChange, platformStatsChanges } from '../platform-stats-fold';

const logger = new Logger('PlatformStatsProjection');

type Table =
  'platform_stats_counters' | 'platform_stats_drops' | 'platform_stats_rewards' | 'platform_stats_demo_users';

/**
 * Platform-wide figures for the landing page: running counters (members, completed applications, rewards paid,
 * keys converted) and one row per drop, because "active" depends on the deadline and so on the time of reading.
 */
export const platformStatsProjection = defineProjection<Table>({
  name: 'platform_stats',
  // 2: rewards are remembered per transaction so that reversals take them back out.
  // 3: demo sandboxes and demo drops left out.
  version: 3,
  tableNames: [
    'platform_stats_counters',
    'platform_stats_drops',
    'platform_stats_rewards',
    'platform_stats_demo_users',
  ],
  eventTypes: PLATFORM_STATS_EVENT_TYPES,
  createTables: (tables) => [
    `CREATE TABLE ${tables.platform_stats_counters} (counter text PRIMARY KEY, amount numeric NOT NULL DEFAULT 0)`,
    `CREATE TABLE ${tables.platform_stats_drops} (
       drop_id text PRIMARY KEY, open boolean NOT NULL, deadline_at timestamptz
     )`,
    `CREATE TABLE ${tables.platform_stats_rewards} (
       transaction_id text NOT NULL,
       user_id text NOT NULL,
       points_minor numeric NOT NULL,
       gems_minor numeric NOT NULL,
       PRIMARY KEY (transaction_id, user_id)
     )`,
    // Demo sandboxes (from their UserRegistered): their rewards and conversions are not the platform's figures.
    `CREATE TABLE ${tables.platform_stats_demo_users} (user_id text PRIMARY KEY)`,
  ],
  handle: async (events, transaction, tables) => {
    const readChanges: PlatformStatsChange[] = [];
    for (const stored of events) {
      const read = platformStatsChanges(stored);
      if (read === 'unreadable') logger.error(`Skipping unreadable ${stored.type} at ${stored.position}`);
      else readChanges.push(...read);
    }
    const changes = await withoutDemoUsers(transaction, tables, readChanges);
    // Counters are summed per batch first: one row update per counter instead of one per event.
    const counters = new Map<string, bigint>();
    const add = (counter: string, amount: bigint) => counters.set(counter, (counters.get(counter) ?? 0n) + amount);
    for (const change of changes) if (change.kind === 'counter') add(change.counter, change.amount);
    await writeRewards(transaction, tables, changes, add);
    await writeDrops(transaction, tables, changes);
    await upsertRows(
      transaction,
      tables.platform_stats_counters,
      { counter: 'text', amount: 'numeric' },
      [...counters].map(([counter, amount]) => [counter, amount.toString()]),
      'ON CONFLICT (counter) DO UPDATE SET amount = target.amount + excluded.amount',
    );
  },
});

type Tables = ProjectionTables<Table>;

/**
 * Drops the ledger changes of demo sandboxes: the sandboxes registered in this batch and those remembered from
 * earlier ones (a user registers before any ledger event of theirs, and the log is read in order).
 */
async function withoutDemoUsers(
  transaction: TransactionHandle,
  tables: Tables,
  changes: PlatformStatsChange[],
): Promise<PlatformStatsChange[]> {
  const userOf = (change: PlatformStatsChange): string | undefined =>
    change.kind === 'reward_paid' || change.kind === 'reward_reversed' || change.kind === 'counter'
      ? change.userId
      : undefined;
  const demo = new Set<string>();
  for (const change of changes) if (change.kind === 'demo_user') demo.add(change.userId);
  if (demo.size > 0) {
    await transaction.query(
      `INSERT INTO ${tables.platform_stats_demo_users} (user_id) SELECT unnest($1::text[]) ON CONFLICT DO NOTHING`,
      [[...demo]],
    );
  }
  const unknown = [
    ...new Set(changes.map(userOf).filter((userId): userId is string => userId !== undefined && !demo.has(userId))),
  ];
  if (unknown.length > 0) {
    const found = await transaction.query<{ user_id: string }>(
      `SELECT user_id FROM ${tables.platform_stats_demo_users} WHERE user_id = ANY($1::text[])`,
      [unknown],
    );
    for (const row of found.rows) demo.add(row.user_id);
  }
  if (demo.size === 0) return changes;
  return changes.filter((change) => {
    const userId = userOf(change);
    return change.kind !== 'demo_user' && (userId === undefined || !demo.has(userId));
  });
}
type Reward = { pointsMinor: bigint; gemsMinor: bigint };

/** A remembered reward's key, as rows sent to `rowsTable`. */
const REWARD_KEY = { transaction_id: 'text', user_id: 'text' } as const;

/** A remembered reward's key in maps. */
const rewardKey = (transactionId: string, userId: string) => `${transactionId}|${userId}`;

/** The keys the batch reverses, and their stored rewards (null when none is stored). */
async function readRewardsToReverse(transaction: TransactionHandle, tables: Tables, changes: PlatformStatsChange[]) {
  const reversed = new Map<string, { transactionId: string; userId: string }>();
  for (const change of changes) {
    if (change.kind === 'reward_reversed')
      reversed.set(rewardKey(change.reversedTransactionId, change.userId), {
        transactionId: change.reversedTransactionId,
        userId: change.userId,
      });
  }
  const stored = new Map<string, Reward | null>();
  if (reversed.size > 0) {
    const found = await transaction.query<{
      transaction_id: string;
      user_id: string;
      points_minor: string;
      gems_minor: string;
    }>(
      `SELECT transaction_id, user_id, points_minor::text, gems_minor::text FROM ${tables.platform_stats_rewards}
        WHERE (transaction_id, user_id) IN (SELECT * FROM ${rowsTable(1, REWARD_KEY)} AS wanted)`,
      [rowsDocument([...reversed.values()].map((entry) => [entry.transactionId, entry.userId]))],
    );
    for (const entry of reversed.keys()) stored.set(entry, null);
    for (const row of found.rows)
      stored.set(rewardKey(row.transaction_id, row.user_id), {
        pointsMinor: BigInt(row.points_minor),
        gemsMinor: BigInt(row.gems_minor),
      });
  }
  return { reversed, stored };
}

/** Inserts the batch's new reward rows and counts the only-paid ones the insert found new. */
async function insertRewards(
  transaction: TransactionHandle,
  tables: Tables,
  rows: string[][],
  paidOnly: Map<string, Reward>,
  add: (counter: string, amount: bigint) => void,
) {
  const inserted = await upsertRows<{ transaction_id: string; user_id: string }>(
    transaction,
    tables.platform_stats_rewards,
    { transaction_id: 'text', user_id: 'text', points_minor: 'numeric', gems_minor: 'numeric' },
    rows,
    'ON CONFLICT DO NOTHING RETURNING transaction_id, user_id',
  );
  for (const row of inserted) {
    const reward = paidOnly.get(rewardKey(row.transaction_id, row.user_id));
    if (!reward) continue; // a replayed key, counted during the replay
    add('points_paid_out_minor', reward.pointsMinor);
    add('gems_paid_out_minor', reward.gemsMinor);
  }
}

/**
 * Rewards remembered per (transaction, user), replayed in log order: a payment is remembered (and counted) unless
 * one already is, a reversal forgets it (and takes it back out). Keys the batch only pays go out in one
 * `INSERT ... ON CONFLICT DO NOTHING RETURNING`, which tells which ones were new; keys with a reversal (rare) are
 * read first so the replay starts from the stored row.
 */
async function writeRewards(
  transaction: TransactionHandle,
  tables: Tables,
  changes: PlatformStatsChange[],
  add: (counter: string, amount: bigint) => void,
): Promise<void> {
  const { reversed, stored } = await readRewardsToReverse(transaction, tables, changes);
  const initial = new Map(stored);
  // Only-paid keys: the first payment of the batch, counted if the insert finds no row.
  const paidOnly = new Map<string, { transactionId: string; userId: string } & Reward>();
  for (const change of changes) {
    if (change.kind === 'reward_paid') {
      const id = rewardKey(change.transactionId, change.userId);
      if (!stored.has(id)) {
        if (!paidOnly.has(id)) paidOnly.set(id, change);
      } else if (stored.get(id) === null) {
        // The ledger records a transaction id once per user stream, so an existing row means a duplicate copy.
        stored.set(id, { pointsMinor: change.pointsMinor, gemsMinor: change.gemsMinor });
        add('points_paid_out_minor', change.pointsMinor);
        add('gems_paid_out_minor', change.gemsMinor);
      }
    } else if (change.kind === 'reward_reversed') {
      const id = rewardKey(change.reversedTransactionId, change.userId);
      const reward = stored.get(id);
      if (reward) {
        add('points_paid_out_minor', -reward.pointsMinor);
        add('gems_paid_out_minor', -reward.gemsMinor);
        stored.set(id, null);
      }
    }
  }
  // Replayed keys whose row is no longer the stored one: delete it, insert the new one (if any).
  const replaced = [...stored].filter(([id, reward]) => reward !== initial.get(id));
  const gone = replaced.filter(([id]) => initial.get(id)).map(([id]) => reversed.get(id)!);
  if (gone.length > 0) {
    await transaction.query(
      `DELETE FROM ${tables.platform_stats_rewards}
       WHERE (transaction_id, user_id) IN (SELECT * FROM ${rowsTable(1, REWARD_KEY)} AS gone)`,
      [rowsDocument(gone.map((entry) => [entry.transactionId, entry.userId]))],
    );
  }
  const rows: string[][] = [...paidOnly.values()].map((reward) => [
    reward.transactionId,
    reward.userId,
    reward.pointsMinor.toString(),
    reward.gemsMinor.toString(),
  ]);
  for (const [id, reward] of replaced) {
    if (reward)
      rows.push([
        reversed.get(id)!.transactionId,
        reversed.get(id)!.userId,
        reward.pointsMinor.toString(),
        reward.gemsMinor.toString(),
      ]);
  }
  await insertRewards(transaction, tables, rows, paidOnly, add);
}

type DropRow = { open: boolean; deadlineAt: string | null };

/** Drop rows: the touched ones are read once, the batch's changes applied in log order, the results written at once. */
async function writeDrops(
  transaction: TransactionHandle,
  tables: Tables,
  changes: PlatformStatsChange[],
): Promise<void> {
  const dropChanges = changes.filter(
    (change) =>
      change.kind === 'drop_opened' || change.kind === 'drop_deadline_changed' || change.kind === 'drop_closed',
  );
  if (dropChanges.length === 0) return;
  const found = await transaction.query<{ drop_id: string; open: boolean; deadline_at: string | null }>(
    `SELECT drop_id, open, deadline_at::text AS deadline_at FROM ${tables.platform_stats_drops}
     WHERE drop_id = ANY($1::text[])`,
    [[...new Set(dropChanges.map((change) => change.dropId))]],
  );
  const drops = new Map<string, DropRow>(
    found.rows.map((row) => [row.drop_id, { open: row.open, deadlineAt: row.deadline_at }]),
  );
  const touched = new Set<string>();
  for (const change of dropChanges) {
    const row = drops.get(change.dropId);
    if (change.kind === 'drop_opened') {
      // Created again (a replayed copy): the deadline moves, a closed drop stays closed.
      drops.set(change.dropId, { open: row ? row.open : true, deadlineAt: change.deadlineAt });
    } else if (change.kind === 'drop_deadline_changed') {
      if (!row) continue;
      drops.set(change.dropId, { ...row, deadlineAt: change.deadlineAt });
    } else {
      drops.set(change.dropId, { open: false, deadlineAt: row ? row.deadlineAt : null });
    }
    touched.add(change.dropId);
  }
  await upsertRows(
    transaction,
    tables.platform_stats_drops,
    { drop_id: 'text', open: 'boolean', deadline_at: 'timestamptz' },
    [...touched].map((dropId) => [dropId, drops.get(dropId)!.open, drops.get(dropId)!.deadlineAt]),
    'ON CONFLICT (drop_id) DO UPDATE SET open = excluded.open, deadline_at = excluded.deadline_at',
  );
}
