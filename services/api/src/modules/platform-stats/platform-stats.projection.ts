import { Logger } from '@nestjs/common';
import { defineProjection } from '../../platform/projections/projection';
import { PLATFORM_STATS_EVENT_TYPES, platformStatsChanges } from './platform-stats-fold';

const logger = new Logger('PlatformStatsProjection');

type Table = 'platform_stats_counters' | 'platform_stats_drops';

/**
 * Platform-wide figures for the landing page: running counters (members, completed applications, rewards paid,
 * keys converted) and one row per drop, because "active" depends on the deadline and so on the time of reading.
 */
export const platformStatsProjection = defineProjection<Table>({
  name: 'platform_stats',
  version: 1,
  tableNames: ['platform_stats_counters', 'platform_stats_drops'],
  eventTypes: PLATFORM_STATS_EVENT_TYPES,
  createTables: (tables) => [
    `CREATE TABLE ${tables.platform_stats_counters} (counter text PRIMARY KEY, amount numeric NOT NULL DEFAULT 0)`,
    `CREATE TABLE ${tables.platform_stats_drops} (drop_id text PRIMARY KEY, open boolean NOT NULL, deadline_at timestamptz)`,
  ],
  handle: async (events, transaction, tables) => {
    // Counters are summed per batch first: one row update per counter instead of one per event.
    const counters = new Map<string, bigint>();
    for (const stored of events) {
      const changes = platformStatsChanges(stored);
      if (changes === 'unreadable') {
        logger.error(`Skipping unreadable ${stored.type} at ${stored.position}`);
        continue;
      }
      for (const change of changes) {
        if (change.kind === 'counter') {
          counters.set(change.counter, (counters.get(change.counter) ?? 0n) + change.amount);
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
