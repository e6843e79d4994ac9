-- Up Migration

-- Inline read models of the content context: written in the same transaction as the events they follow, so a
-- command (here or in the engagement context) may decide on them and a read after a write sees it.

-- One row per content item (content-<id> stream). `status` active | archived | deleted.
CREATE TABLE content_items (
  content_id text PRIMARY KEY,
  creator_id text NOT NULL,
  creator_name text NOT NULL,
  creator_username text NOT NULL,
  creator_avatar text,
  title text NOT NULL,
  description text,
  platform text NOT NULL,
  platform_url text NOT NULL,
  media_url text,
  total_shares integer NOT NULL,
  engagement_shares_total integer NOT NULL,
  is_demo boolean NOT NULL,
  creator_is_demo boolean NOT NULL,
  status text NOT NULL,
  comments_count integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
-- The list's keyset order (newest first) over visible items only.
CREATE INDEX content_items_active_created ON content_items (created_at DESC, content_id DESC) WHERE status = 'active';
CREATE INDEX content_items_creator_created ON content_items (creator_id, created_at DESC, content_id DESC);

-- One row per comment (content-comment-<id> stream), with the author as shown when it was posted.
CREATE TABLE content_comments (
  comment_id text PRIMARY KEY,
  content_id text NOT NULL,
  author_id text NOT NULL,
  author_username text NOT NULL,
  author_display_name text,
  author_avatar text,
  parent_comment_id text,
  comment_text text NOT NULL,
  is_pinned boolean NOT NULL DEFAULT false,
  likes_count integer NOT NULL DEFAULT 0,
  deleted boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL
);
CREATE INDEX content_comments_content ON content_comments (content_id, created_at DESC) WHERE NOT deleted;

-- Who liked which comment: the primary key is a second guard behind the comment stream's once-per-user rule.
CREATE TABLE content_comment_likes (
  comment_id text NOT NULL,
  user_id text NOT NULL,
  liked_at timestamptz NOT NULL,
  PRIMARY KEY (comment_id, user_id)
);

-- Down Migration
DROP TABLE content_comment_likes;
DROP TABLE content_comments;
DROP TABLE content_items;
