-- Up Migration

-- Share-link clicks per link and UTC day (campaign figures and their daily chart, issue 25). The redirect adds to
-- this row in the same statement as to the link's total `clicks`, so the days of a link always sum to its total.
-- No foreign key: the only writer takes link_id from the link row it just updated, and the check's trigger was a
-- third of the redirect's statement time.
CREATE TABLE engagement_share_link_clicks (
  link_id text NOT NULL,
  day date NOT NULL,
  clicks bigint NOT NULL,
  PRIMARY KEY (link_id, day)
);

-- Clicks counted before this table have no day: they are put on the day their link was made.
INSERT INTO engagement_share_link_clicks (link_id, day, clicks)
SELECT link_id, (created_at AT TIME ZONE 'UTC')::date, clicks FROM engagement_share_links WHERE clicks > 0;

-- GetShareLinkClicksQuery: the links made for given campaigns, and those made for given items without a campaign.
CREATE INDEX engagement_share_links_campaign ON engagement_share_links (campaign_id) WHERE campaign_id IS NOT NULL;
CREATE INDEX engagement_share_links_content_without_campaign ON engagement_share_links (content_id) WHERE campaign_id IS NULL AND content_id IS NOT NULL;
