import { Logger } from '@nestjs/common';
import {
  InfluenceFollowersVerifiedSchema,
  InfluenceRewardsRegisteredSchema,
  InfluenceVerificationRejectedSchema,
} from '@app/contracts/rewards';
import { defineProjection } from '../../../platform/projections/projection';

const logger = new Logger('RewardsInfluenceRegistrations');

/**
 * Each user's latest influence claim and its verification: the administrators' work list
 * (`GET /api/admin/influence-verifications`). Eventual: no command decides on it (they fold the user's stream).
 */
export const influenceRegistrationsProjection = defineProjection<'rewards_influence_registrations'>({
  name: 'rewards_influence_registrations',
  // 2: rejections (the Approvals queue) are kept.
  version: 2,
  tableNames: ['rewards_influence_registrations'],
  eventTypes: ['InfluenceRewardsRegistered', 'InfluenceFollowersVerified', 'InfluenceVerificationRejected'],
  createTables: (tables) => [
    `CREATE TABLE ${tables.rewards_influence_registrations} (
       user_id text PRIMARY KEY,
       month text NOT NULL,
       platform text NOT NULL,
       platform_username text NOT NULL,
       follower_count bigint NOT NULL,
       registered_at timestamptz NOT NULL,
       verified_follower_count bigint,
       verified_by text,
       verified_at timestamptz,
       rejected_at timestamptz,
       rejection_reason text
     )`,
    `CREATE INDEX ON ${tables.rewards_influence_registrations} (month, registered_at)
     WHERE verified_at IS NULL AND rejected_at IS NULL`,
  ],
  handle: async (events, transaction, tables) => {
    for (const stored of events) {
      if (stored.type === 'InfluenceRewardsRegistered') {
        const parsed = InfluenceRewardsRegisteredSchema.safeParse(stored.data);
        if (!parsed.success) {
          logger.error(`Skipping unreadable event at position ${stored.position}`);
          continue;
        }
        const data = parsed.data;
        // A new claim needs verifying again.
        await transaction.query(
          `INSERT INTO ${tables.rewards_influence_registrations} (user_id, month, platform, platform_username,
           follower_count, registered_at)
           VALUES ($1, $2, $3, $4, $5, $6)
           ON CONFLICT (user_id) DO UPDATE SET month = excluded.month, platform = excluded.platform,
             platform_username = excluded.platform_username,
             follower_count = excluded.follower_count, registered_at = excluded.registered_at,
             verified_follower_count = NULL, verified_by = NULL, verified_at = NULL, rejected_at = NULL,
               rejection_reason = NULL`,
          [data.userId, data.month, data.platform, data.platformUsername, data.followerCount, data.registeredAt],
        );
      } else if (stored.type === 'InfluenceVerificationRejected') {
        const parsed = InfluenceVerificationRejectedSchema.safeParse(stored.data);
        if (!parsed.success) {
          logger.error(`Skipping unreadable event at position ${stored.position}`);
          continue;
        }
        await transaction.query(
          `UPDATE ${tables.rewards_influence_registrations} SET rejected_at = $3, rejection_reason = $4
           WHERE user_id = $1 AND month = $2`,
          [parsed.data.userId, parsed.data.month, parsed.data.rejectedAt, parsed.data.reason],
        );
      } else {
        const parsed = InfluenceFollowersVerifiedSchema.safeParse(stored.data);
        if (!parsed.success) {
          logger.error(`Skipping unreadable event at position ${stored.position}`);
          continue;
        }
        const data = parsed.data;
        await transaction.query(
          `UPDATE ${tables.rewards_influence_registrations} SET verified_follower_count = $3, verified_by = $4,
           verified_at = $5, rejected_at = NULL, rejection_reason = NULL
            WHERE user_id = $1 AND month = $2`,
          [data.userId, data.month, data.verifiedFollowerCount, data.verifiedBy, data.verifiedAt],
        );
      }
    }
  },
});
