import { Logger } from '@nestjs/common';
import { UserRegisteredSchema } from '@app/contracts/src/identity/events';
import { defineProjection } from '../../../platform/projections/projection';
import { applyReadableEvents } from '../../../platform/projections/apply-readable-events';

const logger = new Logger('RewardsReferralCodes');

/** Referral code → user, from identity's `UserRegistered` events (identity owns the codes; codes never change). */
export const referralCodesProjection = defineProjection<'rewards_referral_codes'>({
  name: 'rewards_referral_codes',
  version: 1,
  tableNames: ['rewards_referral_codes'],
  eventTypes: ['UserRegistered'],
  createTables: (tables) => [
    `CREATE TABLE ${tables.rewards_referral_codes} (referral_code text PRIMARY KEY, user_id text NOT NULL UNIQUE)`,
  ],
  // An unreadable payload is logged and skipped; a database error rolls the batch back.
  handle: applyReadableEvents(logger, async (transaction, tables, stored) => {
    const data = UserRegisteredSchema.parse(stored.data);
    await transaction.query(
      `INSERT INTO ${tables.rewards_referral_codes} (referral_code, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
      [data.referralCode.toUpperCase(), data.userId],
    );
  }),
});
