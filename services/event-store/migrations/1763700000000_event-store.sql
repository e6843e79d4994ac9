-- Up Migration

-- One row per stream: its current version and the hash of its last event. Appends lock this row, compare the
-- version with the writer's expectation and move it forward in the same transaction as the events, so two
-- writers expecting the same version can never both commit.
CREATE TABLE streams (
  stream_id text PRIMARY KEY,
  version bigint NOT NULL CHECK (version >= 0),
  last_hash text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- The log. Never updated or deleted. `position` is assigned at insert time, so concurrent transactions can
-- commit out of position order; `transaction_id` (the writer's xid8) lets readers stop below the oldest
-- transaction still running and order by (transaction_id, position) without skipping a late commit.
CREATE TABLE events (
  position bigserial PRIMARY KEY,
  transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
  event_id uuid NOT NULL UNIQUE,
  stream_id text NOT NULL,
  stream_version bigint NOT NULL CHECK (stream_version >= 1),
  type text NOT NULL,
  data jsonb NOT NULL,
  metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
  hash text NOT NULL,
  previous_hash text NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT events_stream_version_unique UNIQUE (stream_id, stream_version)
);

CREATE INDEX events_transaction_position_index ON events (transaction_id, position);

-- Down Migration
DROP TABLE events;
DROP TABLE streams;
