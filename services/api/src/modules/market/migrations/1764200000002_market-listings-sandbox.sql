-- Whose world a listing is in: a demo sandbox's (its item's creator is a sandbox, the only items a sandbox can hold) or
-- the real one. The market shows each caller only listings they could buy (the ledger refuses a trade across). Rows
-- opened before this column have NULL: shown to everyone, as before.
ALTER TABLE market_listings ADD COLUMN sandbox boolean;
