-- Up Migration

-- The newest transaction (xid8) that appended to each stream. An append with an expected version is refused when
-- it runs in a transaction older than that one: readers order the log by transaction id, so the older
-- transaction's events would be read before the stream's previous events (out of version order).
ALTER TABLE streams ADD COLUMN last_transaction_id xid8 NOT NULL DEFAULT '0'::xid8;

-- Down Migration
ALTER TABLE streams DROP COLUMN last_transaction_id;
