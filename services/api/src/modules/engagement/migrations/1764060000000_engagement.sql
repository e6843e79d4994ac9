-- Up Migration

-- Inline read models of the engagement context: written in the same transaction as the events they follow (the
-- streams stay the truth; a command decides on its streams), so reads after a write see it.

-- One row per (item, user) that engaged (engagement-<contentId>-<userId>).
CREATE TABLE engagement_user_content (
  content_id text NOT NULL,
  user_id text NOT NULL,
  liked_at timestamptz,
  saved_at timestamptz,
  engagement_shares_held integer NOT NULL DEFAULT 0,
  PRIMARY KEY (content_id, user_id)
);
CREATE INDEX engagement_user_content_saved ON engagement_user_content (user_id, saved_at DESC) WHERE saved_at IS NOT NULL;

-- Counts per item (engagement-content-<contentId> and the users' streams).
CREATE TABLE engagement_content_totals (
  content_id text PRIMARY KEY,
  likes integer NOT NULL DEFAULT 0,
  saves integer NOT NULL DEFAULT 0,
  comments integer NOT NULL DEFAULT 0,
  shares integer NOT NULL DEFAULT 0,
  reposts integer NOT NULL DEFAULT 0,
  external_moves integer NOT NULL DEFAULT 0,
  engagement_shares_given integer NOT NULL DEFAULT 0,
  revenue_usd_minor bigint NOT NULL DEFAULT 0
);

-- One row per sponsorship (sponsorship-<id>); live while status = 'live' and ends_at is ahead.
CREATE TABLE engagement_sponsorships (
  sponsorship_id text PRIMARY KEY,
  content_id text NOT NULL,
  sponsor_id text NOT NULL,
  sponsor_name text NOT NULL,
  package_id text NOT NULL,
  gems_minor bigint NOT NULL,
  multiplier_tenths integer NOT NULL,
  hours integer NOT NULL,
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  status text NOT NULL,
  spent_at timestamptz
);
CREATE INDEX engagement_sponsorships_live ON engagement_sponsorships (content_id, ends_at) WHERE status = 'live';
CREATE INDEX engagement_sponsorships_due ON engagement_sponsorships (ends_at) WHERE status = 'live';

-- Short share links; clicks counted for campaigns.
CREATE TABLE engagement_share_links (
  link_id text PRIMARY KEY,
  user_id text NOT NULL,
  target_url text NOT NULL,
  content_id text,
  campaign_id text,
  clicks bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL
);
