-- Inline read models of social forecasts: written in the same transaction as the forecast's events (current by
-- construction). The events on `forecast-<id>` are the truth; these rows answer reads and give the jobs their
-- candidates (which then decide on the stream).

CREATE TABLE forecasts (
  forecast_id text PRIMARY KEY,
  creator_id text NOT NULL,
  sandbox boolean NOT NULL,
  content_id text,
  content_url text NOT NULL,
  platform text,
  content_title text,
  on_platform boolean NOT NULL,
  forecast_type text NOT NULL,
  target_value bigint NOT NULL,
  odds_tenths integer NOT NULL,
  expires_at timestamptz NOT NULL,
  creator_side text NOT NULL,
  creator_amount_minor bigint NOT NULL,
  over_minor bigint NOT NULL DEFAULT 0,
  under_minor bigint NOT NULL DEFAULT 0,
  over_count integer NOT NULL DEFAULT 0,
  under_count integer NOT NULL DEFAULT 0,
  current_value bigint,
  observed_at timestamptz,
  resolved_value bigint,
  winning_side text,
  -- resolved: the outcome is fixed and payouts are being made; settled: every payout and the remainder are posted.
  resolved_at timestamptz,
  settled_at timestamptz,
  created_at timestamptz NOT NULL
);
CREATE INDEX forecasts_open ON forecasts (expires_at) WHERE settled_at IS NULL;
CREATE INDEX forecasts_creator ON forecasts (creator_id, created_at DESC);
CREATE INDEX forecasts_recent ON forecasts (created_at DESC);

CREATE TABLE forecast_predictions (
  prediction_id text PRIMARY KEY,
  forecast_id text NOT NULL,
  user_id text NOT NULL,
  side text NOT NULL,
  amount_minor bigint NOT NULL,
  is_creator boolean NOT NULL,
  -- Fixed when the forecast resolves (the plan); shown as actual_payout once the forecast is settled.
  payout_minor bigint,
  result text NOT NULL DEFAULT 'pending',
  seq bigint NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX forecast_predictions_user ON forecast_predictions (user_id, created_at DESC);
CREATE INDEX forecast_predictions_forecast ON forecast_predictions (forecast_id, seq);

CREATE TABLE forecast_observations (
  forecast_id text NOT NULL,
  observed_at timestamptz NOT NULL,
  value bigint NOT NULL,
  source text NOT NULL,
  recorded_at timestamptz NOT NULL
);
CREATE INDEX forecast_observations_forecast ON forecast_observations (forecast_id, observed_at);
