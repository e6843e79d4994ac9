-- Inline read models of the shares market: written in the same transaction as the market's events (current by
-- construction). The events on `market-content-<id>` are the truth; these rows only answer reads and find an
-- offer's or listing's content item.

-- One row per (item, holder): shares owned and listed, cost basis (average-cost method), the holder's last trade.
CREATE TABLE market_positions (
  content_id text NOT NULL,
  user_id text NOT NULL,
  owned integer NOT NULL DEFAULT 0,
  listed integer NOT NULL DEFAULT 0,
  cost_minor bigint NOT NULL DEFAULT 0,
  last_trade_at timestamptz,
  visibility text NOT NULL DEFAULT 'public',
  PRIMARY KEY (content_id, user_id)
);
CREATE INDEX market_positions_user ON market_positions (user_id) WHERE owned > 0;

CREATE TABLE market_listings (
  listing_id text PRIMARY KEY,
  content_id text NOT NULL,
  seller_id text NOT NULL,
  quantity integer NOT NULL,
  remaining integer NOT NULL,
  ask_minor bigint NOT NULL,
  status text NOT NULL,
  content_title text NOT NULL,
  content_thumbnail text,
  created_at timestamptz NOT NULL
);
CREATE INDEX market_listings_content ON market_listings (content_id) WHERE status = 'active';
CREATE INDEX market_listings_seller ON market_listings (seller_id, created_at DESC);

CREATE TABLE market_offers (
  offer_id text PRIMARY KEY,
  content_id text NOT NULL,
  buyer_id text NOT NULL,
  seller_id text NOT NULL,
  quantity integer NOT NULL,
  bid_minor bigint NOT NULL,
  total_minor bigint NOT NULL,
  status text NOT NULL,
  message text,
  content_title text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX market_offers_buyer ON market_offers (buyer_id, created_at DESC);
CREATE INDEX market_offers_seller ON market_offers (seller_id, created_at DESC);
CREATE INDEX market_offers_pending_expiry ON market_offers (expires_at) WHERE status = 'pending';

-- Every trade (primary sale, listing fill, accepted offer): price history, volume and each holder's ledger.
CREATE TABLE market_trades (
  transaction_id text PRIMARY KEY,
  content_id text NOT NULL,
  kind text NOT NULL,
  buyer_id text NOT NULL,
  seller_id text NOT NULL,
  quantity integer NOT NULL,
  price_minor bigint NOT NULL,
  at timestamptz NOT NULL
);
CREATE INDEX market_trades_content ON market_trades (content_id, at);
