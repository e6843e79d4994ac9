-- Up Migration

-- Likes, saves, comments, shares and reposts are no longer counted in one row per item (every like of a hot item
-- waited on that row's lock); the content context projects them from the events. External moves and revenue stay
-- (the revenue's writers already queue on the item's pool stream).
ALTER TABLE engagement_content_totals DROP COLUMN likes, DROP COLUMN saves, DROP COLUMN comments, DROP COLUMN shares, DROP COLUMN reposts, DROP COLUMN engagement_shares_given;
