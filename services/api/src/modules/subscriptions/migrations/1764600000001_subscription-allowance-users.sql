-- Advertisers whose moves allowance was credited at least once, written with each credit: the hourly allowance job
-- credits their next period when it begins (each credit is decided on the subscription stream, once per period).
CREATE TABLE IF NOT EXISTS subscription_allowance_users (
  user_id text PRIMARY KEY,
  last_period_key text NOT NULL,
  credited_at timestamptz NOT NULL
);
