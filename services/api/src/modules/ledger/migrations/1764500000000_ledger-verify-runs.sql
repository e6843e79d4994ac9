-- Up Migration

-- Verifications started from the ops console: the process that runs one writes its progress here after every batch
-- it reads, so any API process answers the console's polls with the live figures, and the report once completed.
-- `heartbeat_at` moves with the progress: a run whose process died stops beating and no longer blocks a new one.
CREATE TABLE ledger_verify_runs (
  id bigserial PRIMARY KEY,
  status text NOT NULL CHECK (status IN ('running', 'completed', 'failed')),
  events_checked bigint NOT NULL DEFAULT 0,
  events_total bigint NOT NULL DEFAULT 0,
  streams_checked bigint NOT NULL DEFAULT 0,
  started_at timestamptz NOT NULL DEFAULT now(),
  heartbeat_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  error text,
  report jsonb
);
-- At most one run at a time (a second start is a 409): verify reads the whole log.
CREATE UNIQUE INDEX ledger_verify_runs_one_running ON ledger_verify_runs ((true)) WHERE status = 'running';

-- Down Migration
DROP TABLE ledger_verify_runs;
