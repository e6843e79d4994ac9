import { Logger } from '@nestjs/common';
import {
  InstagramAccountRegisteredSchema,
  InstagramAccountVerifiedSchema,
  InstagramVerificationRejectedSchema,
} from '@app/contracts/rewards';
import { defineProjection } from '../../../platform/projections/projection';

const logger = new Logger('RewardsInstagramRegistrations');

/**
 * The current Instagram registration of each user and when it was verified or rejected: the administrators' work list.
 */
export const instagramRegistrationsProjection = defineProjection<'rewards_instagram_registrations'>({
  name: 'rewards_instagram_registrations',
  // 2: rejections (the Approvals queue) are kept.
  version: 2,
  tableNames: ['rewards_instagram_registrations'],
  eventTypes: ['InstagramAccountRegistered', 'InstagramAccountVerified', 'InstagramVerificationRejected'],
  createTables: (tables) => [
    `CREATE TABLE ${tables.rewards_instagram_registrations} (
       user_id text PRIMARY KEY,
       instagram_username text NOT NULL,
       registered_at timestamptz NOT NULL,
       verified_at timestamptz,
       rejected_at timestamptz,
       rejection_reason text
     )`,
    `CREATE INDEX ON ${tables.rewards_instagram_registrations} (registered_at)
     WHERE verified_at IS NULL AND rejected_at IS NULL`,
  ],
  handle: async (events, transaction, tables) => {
    for (const stored of events) {
      if (stored.type === 'InstagramAccountRegistered') {
        const parsed = InstagramAccountRegisteredSchema.safeParse(stored.data);
        if (!parsed.success) {
          logger.error(`Skipping unreadable event at position ${stored.position}`);
          continue;
        }
        // A new registration (a new username, or the rejected one again) starts the review again.
        await transaction.query(
          `INSERT INTO ${tables.rewards_instagram_registrations} (user_id, instagram_username, registered_at,
           verified_at) VALUES ($1, $2, $3, NULL)
           ON CONFLICT (user_id) DO UPDATE SET instagram_username = excluded.instagram_username,
             registered_at = excluded.registered_at, verified_at = NULL,
             rejected_at = NULL, rejection_reason = NULL`,
          [parsed.data.userId, parsed.data.instagramUsername, parsed.data.registeredAt],
        );
      } else if (stored.type === 'InstagramVerificationRejected') {
        const parsed = InstagramVerificationRejectedSchema.safeParse(stored.data);
        if (!parsed.success) {
          logger.error(`Skipping unreadable event at position ${stored.position}`);
          continue;
        }
        await transaction.query(
          `UPDATE ${tables.rewards_instagram_registrations} SET rejected_at = $2, rejection_reason = $3
           WHERE user_id = $1`,
          [parsed.data.userId, parsed.data.rejectedAt, parsed.data.reason],
        );
      } else {
        const parsed = InstagramAccountVerifiedSchema.safeParse(stored.data);
        if (!parsed.success) {
          logger.error(`Skipping unreadable event at position ${stored.position}`);
          continue;
        }
        await transaction.query(
          `UPDATE ${tables.rewards_instagram_registrations} SET verified_at = $2, rejected_at = NULL,
           rejection_reason = NULL WHERE user_id = $1`,
          [parsed.data.userId, parsed.data.verifiedAt],
        );
      }
    }
  },
});
