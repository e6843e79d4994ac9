-- Up Migration

-- Readers scan the log by (transaction_id, position), so that index is the primary key; a second index on
-- position alone only cost every insert (position is unique by its sequence already).
ALTER TABLE events DROP CONSTRAINT events_pkey;
DROP INDEX events_transaction_position_index;
ALTER TABLE events ADD CONSTRAINT events_pkey PRIMARY KEY (transaction_id, position);

-- Down Migration
ALTER TABLE events DROP CONSTRAINT events_pkey;
CREATE INDEX events_transaction_position_index ON events (transaction_id, position);
ALTER TABLE events ADD CONSTRAINT events_pkey PRIMARY KEY (position);
