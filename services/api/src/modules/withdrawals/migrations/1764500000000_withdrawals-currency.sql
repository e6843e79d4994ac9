-- Up Migration

-- Withdrawals of USD as well as gems: the row says which (every earlier row is gems).
ALTER TABLE withdrawals ADD COLUMN currency text NOT NULL DEFAULT 'gems' CHECK (currency IN ('gems', 'usd'));

-- Down Migration
ALTER TABLE withdrawals DROP COLUMN currency;
