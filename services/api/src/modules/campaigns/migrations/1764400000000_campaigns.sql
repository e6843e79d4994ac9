-- The campaigns' inline read model: written in the same transaction as each campaign's events (current by
-- construction). The events on `campaign-<id>` are the truth; a row holds the folded state for lists and details.
CREATE TABLE campaigns_read (
  campaign_id text PRIMARY KEY,
  owner_id text NOT NULL,
  created_at timestamptz NOT NULL,
  deleted boolean NOT NULL DEFAULT false,
  state jsonb NOT NULL
);
CREATE INDEX campaigns_read_owner ON campaigns_read (owner_id, created_at DESC) WHERE NOT deleted;
