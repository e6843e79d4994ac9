import { Logger } from '@nestjs/common';
import { ReferralAppliedSchema } from '@app/contracts/rewards';
import { defineProjection } from '../../../platform/projections/projection';
import { applyReadableEvents } from '../../../platform/projections/apply-readable-events';

const logger = new Logger('IdentityReferrals');

/**
 * Who referred whom, from the rewards context's `ReferralApplied` events (rewards owns applying a referral; identity
 * shows `referred_by` on the user). Eventually consistent, unlike the users table: nothing unique hangs on it.
 */
export const referralsProjection = defineProjection<'identity_referrals'>({
  name: 'identity_referrals',
  version: 1,
  tableNames: ['identity_referrals'],
  eventTypes: ['ReferralApplied'],
  createTables: (tables) => [
    `CREATE TABLE ${tables.identity_referrals} (
       referred_user_id text PRIMARY KEY,
       referrer_user_id text NOT NULL,
       referral_code text NOT NULL,
       applied_at timestamptz NOT NULL
     )`,
  ],
  // An unreadable payload is logged and skipped; a database error rolls the batch back.
  handle: applyReadableEvents(logger, async (transaction, tables, stored) => {
    const data = ReferralAppliedSchema.parse(stored.data);
    // A user is referred once; the first fact wins should the log ever hold a second.
    await transaction.query(
      `INSERT INTO ${tables.identity_referrals} (referred_user_id, referrer_user_id, referral_code, applied_at)
       VALUES ($1, $2, $3, $4) ON CONFLICT (referred_user_id) DO NOTHING`,
      [data.userId, data.referrerUserId, data.referralCode, data.appliedAt],
    );
  }),
});
