-- Advertiser coupons as the screens list them, written in the same transaction as the coupon's events
-- (stream coupon-<id>, where every rule is decided): the coupons, their assignments and their redemptions.
CREATE TABLE IF NOT EXISTS incentive_coupons (
  coupon_id text PRIMARY KEY,
  owner_id text NOT NULL,
  title text NOT NULL,
  description text NOT NULL,
  reward_type text NOT NULL,
  value_hundredths bigint NOT NULL,
  value_unit text NOT NULL,
  quantity_total integer NOT NULL,
  quantity_remaining integer NOT NULL CHECK (quantity_remaining >= 0),
  start_date timestamptz NOT NULL,
  end_date timestamptz NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS incentive_coupons_owner ON incentive_coupons (owner_id, created_at DESC);

CREATE TABLE IF NOT EXISTS incentive_assignments (
  assignment_id text PRIMARY KEY,
  coupon_id text NOT NULL REFERENCES incentive_coupons (coupon_id),
  target_type text NOT NULL,
  target_id text NOT NULL,
  target_label text NOT NULL,
  assigned_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS incentive_assignments_coupon ON incentive_assignments (coupon_id, assigned_at);
CREATE INDEX IF NOT EXISTS incentive_assignments_leaderboard ON incentive_assignments (target_type) WHERE target_type = 'leaderboard';

CREATE TABLE IF NOT EXISTS incentive_redemptions (
  redemption_id text PRIMARY KEY,
  coupon_id text NOT NULL REFERENCES incentive_coupons (coupon_id),
  owner_id text NOT NULL,
  user_name text NOT NULL,
  user_id text,
  source text NOT NULL,
  redeemed_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS incentive_redemptions_owner ON incentive_redemptions (owner_id, redeemed_at DESC);
