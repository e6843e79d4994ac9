-- Up Migration

-- Links one user made today (the daily bound on share links).
CREATE INDEX engagement_share_links_user_created ON engagement_share_links (user_id, created_at);
