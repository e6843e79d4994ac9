-- Raw client events as received (every event type), kept for 30 days (the prune job).
CREATE TABLE telemetry_events (
  id bigserial PRIMARY KEY,
  batch_id text NOT NULL,
  received_at timestamptz NOT NULL,
  session_id text NOT NULL,
  -- From the caller's session, never from the body (README).
  user_id text,
  event_type text NOT NULL,
  target_type text,
  target_id text,
  campaign_id text,
  payload jsonb NOT NULL
);
CREATE INDEX telemetry_events_received_at ON telemetry_events (received_at);

-- Impressions, clicks and views per target and UTC day: what TelemetryCountsQuery reads.
CREATE TABLE telemetry_daily_counts (
  target_type text NOT NULL,
  target_id text NOT NULL,
  event_type text NOT NULL,
  day date NOT NULL,
  count bigint NOT NULL,
  PRIMARY KEY (target_type, target_id, event_type, day)
);

-- Per campaign too (clicks and impressions carry campaign_id), for campaign figures that do not depend on which
-- content the campaign holds today.
CREATE TABLE telemetry_campaign_daily_counts (
  campaign_id text NOT NULL,
  event_type text NOT NULL,
  day date NOT NULL,
  count bigint NOT NULL,
  PRIMARY KEY (campaign_id, event_type, day)
);

-- Every stored batch (the queue runs a job at least once: a batch seen here is not stored again).
CREATE TABLE telemetry_batches (
  batch_id text PRIMARY KEY,
  events integer NOT NULL,
  stored_at timestamptz NOT NULL
);

CREATE TABLE telemetry_client_errors (
  id bigserial PRIMARY KEY,
  received_at timestamptz NOT NULL,
  source text NOT NULL,
  error text NOT NULL,
  drop_id text,
  response_status integer,
  error_details jsonb,
  client_timestamp text,
  user_id text,
  user_agent text
);
CREATE INDEX telemetry_client_errors_received_at ON telemetry_client_errors (received_at DESC);
