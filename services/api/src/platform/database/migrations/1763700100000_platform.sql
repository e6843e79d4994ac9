-- Up Migration

-- Where each projection has read up to, and which version of its code built its live tables. Its rows and this
-- checkpoint commit in the same transaction, so a crash neither skips nor repeats an event.
CREATE TABLE projection_checkpoints (
  name text PRIMARY KEY,
  version integer NOT NULL,
  transaction_id bigint NOT NULL,
  position bigint NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- One active runner per projection across processes: the owner renews `expires_at` while it runs; another process
-- takes the row over only once it has expired. Batches lock this row, so a runner that lost it cannot commit.
CREATE TABLE projection_leases (
  name text PRIMARY KEY,
  owner_id text NOT NULL,
  expires_at timestamptz NOT NULL
);

-- Rebuilds into fresh tables, with progress that an operator (or another process) can follow.
CREATE TABLE projection_rebuilds (
  id bigserial PRIMARY KEY,
  name text NOT NULL,
  version integer NOT NULL,
  table_suffix text NOT NULL,
  status text NOT NULL CHECK (status IN ('running', 'completed', 'failed')),
  owner_id text NOT NULL,
  events_done bigint NOT NULL DEFAULT 0,
  events_total bigint NOT NULL DEFAULT 0,
  events_per_second double precision NOT NULL DEFAULT 0,
  transaction_id bigint NOT NULL DEFAULT 0,
  position bigint NOT NULL DEFAULT 0,
  started_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  error text
);
CREATE INDEX projection_rebuilds_name_index ON projection_rebuilds (name, id DESC);

-- Reactors derive jobs from the log. Their checkpoint and the jobs they derived commit together; a job row stays
-- pending until its handler succeeds, so jobs lost with the queue (a flushed Redis, a crashed process) are found
-- and enqueued again.
CREATE TABLE reactor_checkpoints (
  name text PRIMARY KEY,
  transaction_id bigint NOT NULL,
  position bigint NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE reactor_jobs (
  job_id text PRIMARY KEY,
  reactor text NOT NULL,
  job_name text NOT NULL,
  payload jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz
);
CREATE INDEX reactor_jobs_pending_index ON reactor_jobs (reactor, created_at) WHERE completed_at IS NULL;

-- Down Migration
DROP TABLE reactor_jobs;
DROP TABLE reactor_checkpoints;
DROP TABLE projection_rebuilds;
DROP TABLE projection_leases;
DROP TABLE projection_checkpoints;
