-- Up Migration

-- Referrals are applied by the rewards context; identity reads them from its `identity_referrals` projection.
ALTER TABLE identity_users DROP COLUMN referred_by;

-- Down Migration
ALTER TABLE identity_users ADD COLUMN referred_by text;
