-- The market's browse order: everyone's open listings, newest first, a keyset page at a time
-- (GET /api/shares/listings without owner=true; with content_id it narrows through market_listings_content).
CREATE INDEX market_listings_open ON market_listings (created_at DESC, listing_id DESC) WHERE status = 'active' AND remaining > 0;
