-- The market's browse order: everyone's open listings, newest first, a keyset page at a time
-- (GET /api/shares/listings without owner=true; with content_id it narrows through market_listings_content).
CREATE INDEX market_listings_open ON market_listings (created_at DESC, listing_id DESC) WHERE status = 'active' AND remaining > 0;

-- Whose world a listing is in: a demo sandbox's (its item's creator is a sandbox, the only items a sandbox can hold) or
-- the real one. The market shows each caller only listings they could buy (the ledger refuses a trade across). Rows
-- opened before this column have NULL: shown to everyone, as before.
ALTER TABLE market_listings ADD COLUMN sandbox boolean;
