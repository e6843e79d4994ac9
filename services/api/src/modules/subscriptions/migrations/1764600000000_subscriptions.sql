-- The paid periods of advertiser plans, written in the same transaction as the subscription's events: the renewal
-- job finds here the plans whose period ended (the downgrade itself is decided on the subscription's stream).
CREATE TABLE IF NOT EXISTS subscription_periods (
  user_id text PRIMARY KEY,
  tier text NOT NULL,
  paid_through timestamptz,
  cancel_at_period_end boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS subscription_periods_due ON subscription_periods (paid_through) WHERE tier <> 'free';
