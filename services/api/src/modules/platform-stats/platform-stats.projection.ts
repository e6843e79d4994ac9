import { Logger } from '@nestjs/common';
import { defineProjection } from '../../platform/projections/projection';
import { PLATFORM_STATS_EVENT_TYPES, platformStatsChanges } from './platform-stats-fold';

const logger = new Logger('PlatformStatsProjection');

type Table = 'platform_stats_counters' | 'platform_stats_drops' | 'platform_stats_rewards';

/**
 * Platform-wide figures for the landing page: running counters (members, completed applications, rewards paid,
 * keys converted) and one row per drop, because "active" depends on the deadline and so on the time of reading.
 */
export const platformStatsProjection = defineProjection<Table>({
  name: 'platform_stats',
  // 2: rewards are remembered per transaction so that reversals take them back out.
  version: 2,
  tableNames: ['platform_stats_counters', 'platform_stats_drops', 'platform_stats_rewards'],
  eventTypes: PLATFORM_STATS_EVENT_TYPES,
  createTables: (tables) => [
    `CREATE TABLE ${tables.platform_stats_counters} (counter text PRIMARY KEY, amount numeric NOT NULL DEFAULT 0)`,
    `CREATE TABLE ${tables.platform_stats_drops} (drop_id text PRIMARY KEY, open boolean NOT NULL, deadline_at timestamptz)`,
    `CREATE TABLE ${tables.platform_stats_rewards} (
       transaction_id text NOT NULL,
       user_id text NOT NULL,
       points_minor numeric NOT NULL,
       gems_minor numeric NOT NULL,
       PRIMARY KEY (transaction_id, user_id)
     )`,
  ],
  handle: async (events, transaction, tables) => {
    // Counters are summed per batch first: one row update per counter instead of one per event.
    const counters = new Map<string, bigint>();
    const add = (counter: string, amount: bigint) => counters.set(counter, (counters.get(counter) ?? 0n) + amount);
    for (const stored of events) {
      const changes = platformStatsChanges(stored);
      if (changes === 'unreadable') {
        logger.error(`Skipping unreadable ${stored.type} at ${stored.position}`);
        continue;
      }
      for (const change of changes) {
        if (change.kind === 'counter') {
          add(change.counter, change.amount);
        } else if (change.kind === 'reward_paid') {
          const inserted = await transaction.query(
            `INSERT INTO ${tables.platform_stats_rewards} (transaction_id, user_id, points_minor, gems_minor) VALUES ($1, $2, $3, $4)
             ON CONFLICT DO NOTHING`,
            [change.transactionId, change.userId, change.pointsMinor.toString(), change.gemsMinor.toString()],
          );
          // The ledger records a transaction id once per user stream, so a conflict would be a duplicate copy.
          if (inserted.rowCount === 0) continue;
          add('points_paid_out_minor', change.pointsMinor);
          add('gems_paid_out_minor', change.gemsMinor);
        } else if (change.kind === 'reward_reversed') {
          const removed = await transaction.query<{ points_minor: string; gems_minor: string }>(
            `DELETE FROM ${tables.platform_stats_rewards} WHERE transaction_id = $1 AND user_id = $2 RETURNING points_minor::text, gems_minor::text`,
            [change.reversedTransactionId, change.userId],
          );
          for (const row of removed.rows) {
            add('points_paid_out_minor', -BigInt(row.points_minor));
            add('gems_paid_out_minor', -BigInt(row.gems_minor));
          }
        } else if (change.kind === 'drop_opened') {
          await transaction.query(
            `INSERT INTO ${tables.platform_stats_drops} (drop_id, open, deadline_at) VALUES ($1, true, $2)
             ON CONFLICT (drop_id) DO UPDATE SET deadline_at = excluded.deadline_at`,
            [change.dropId, change.deadlineAt],
          );
        } else if (change.kind === 'drop_deadline_changed') {
          await transaction.query(`UPDATE ${tables.platform_stats_drops} SET deadline_at = $2 WHERE drop_id = $1`, [change.dropId, change.deadlineAt]);
        } else {
          await transaction.query(
            `INSERT INTO ${tables.platform_stats_drops} (drop_id, open, deadline_at) VALUES ($1, false, null)
             ON CONFLICT (drop_id) DO UPDATE SET open = false`,
            [change.dropId],
          );
        }
      }
    }
    for (const [counter, amount] of counters) {
      await transaction.query(
        `INSERT INTO ${tables.platform_stats_counters} AS target (counter, amount) VALUES ($1, $2)
         ON CONFLICT (counter) DO UPDATE SET amount = target.amount + excluded.amount`,
        [counter, amount.toString()],
      );
    }
  },
});
