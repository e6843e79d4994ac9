-- Up Migration

-- The throttles' counters (sign-in failures per account and address, per account, per address; sign-ups per
-- address; addresses an account signed in from): one row per key, counted in fixed windows. A request checks and
-- counts its attempt in one statement under the rows' locks, so parallel requests cannot all pass one check.
CREATE TABLE identity_throttle_counters (
  throttle_key text PRIMARY KEY,
  attempts integer NOT NULL,
  window_started_at timestamptz NOT NULL
);
CREATE INDEX identity_throttle_counters_window_index ON identity_throttle_counters (window_started_at);

-- Replaced by the counters: one row per failure could not be checked and recorded atomically.
DROP TABLE identity_sign_in_failures;

-- Down Migration
CREATE TABLE identity_sign_in_failures (
  id bigserial PRIMARY KEY,
  throttle_key text NOT NULL,
  failed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX identity_sign_in_failures_key_index ON identity_sign_in_failures (throttle_key, failed_at);
DROP TABLE identity_throttle_counters;
