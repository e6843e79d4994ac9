import { z } from 'zod';

/**
 * Content event payloads as stored. One stream per content item, `content-<contentId>` (created, edited, archived,
 * deleted); one stream per comment, `content-comment-<commentId>` (posted, pinned, liked, deleted), so a like is
 * decided against the comment's own version and "once per user" holds under any concurrency. Timestamps are ISO-8601
 * strings.
 */
export const CONTENT_PLATFORMS = ['instagram', 'tiktok', 'youtube', 'twitter', 'linkedin'] as const;
export const ContentPlatformSchema = z.enum(CONTENT_PLATFORMS);
export type ContentPlatform = z.infer<typeof ContentPlatformSchema>;

/** The editable description of a content item. */
export const ContentDetailsSchema = z.object({
  title: z.string(),
  description: z.string().nullable(),
  platform: ContentPlatformSchema,
  platformUrl: z.string(),
  mediaUrl: z.string().nullable(),
});
export type ContentDetails = z.infer<typeof ContentDetailsSchema>;

/** Progress counts this event (`creatorId`) for the Content Creator and Master Creator achievements. */
export const ContentCreatedSchema = z.object({
  contentId: z.string(),
  creatorId: z.string(),
  creatorName: z.string(),
  creatorUsername: z.string(),
  creatorAvatar: z.string().nullable(),
  details: ContentDetailsSchema,
  totalShares: z.number().int().min(1).max(1000),
  /**
   * Shares set aside at creation for free engagement rewards (see `engagementSharesFor`); fixed for the item's life.
   */
  engagementSharesTotal: z.number().int().min(0),
  /** Title or description mentions demo: no real rewards for engaging with it. */
  isDemo: z.boolean(),
  /** The creator is a demo sandbox account (identity's is_demo). */
  creatorIsDemo: z.boolean(),
  createdAt: z.string(),
});

export const ContentUpdatedSchema = z.object({
  contentId: z.string(),
  details: ContentDetailsSchema,
  totalShares: z.number().int().min(1).max(1000),
  isDemo: z.boolean(),
  updatedAt: z.string(),
});

/** Deleted while shares are held by others: hidden from lists, still readable by id, no new engagement. */
export const ContentArchivedSchema = z.object({ contentId: z.string(), archivedAt: z.string() });

/** Deleted with no shares held by anyone but the creator: gone (404 everywhere). */
export const ContentDeletedSchema = z.object({ contentId: z.string(), deletedAt: z.string() });

export const CommentPostedSchema = z.object({
  commentId: z.string(),
  contentId: z.string(),
  authorId: z.string(),
  /** The author as shown beside the comment, as they were when it was posted. */
  authorUsername: z.string(),
  authorDisplayName: z.string().nullable(),
  authorAvatar: z.string().nullable(),
  /** null for a top-level comment; a reply's parent is always a top-level comment of the same content. */
  parentCommentId: z.string().nullable(),
  text: z.string(),
  postedAt: z.string(),
});
export const CommentPinnedSchema = z.object({
  commentId: z.string(),
  contentId: z.string(),
  pinnedBy: z.string(),
  pinnedAt: z.string(),
});
export const CommentLikedSchema = z.object({
  commentId: z.string(),
  contentId: z.string(),
  userId: z.string(),
  likedAt: z.string(),
});
export const CommentDeletedSchema = z.object({
  commentId: z.string(),
  contentId: z.string(),
  deletedBy: z.string(),
  deletedAt: z.string(),
});

export const CONTENT_EVENT_SCHEMAS = {
  ContentCreated: ContentCreatedSchema,
  ContentUpdated: ContentUpdatedSchema,
  ContentArchived: ContentArchivedSchema,
  ContentDeleted: ContentDeletedSchema,
} as const;
export type ContentEventType = keyof typeof CONTENT_EVENT_SCHEMAS;
export const CONTENT_EVENT_TYPES = Object.keys(CONTENT_EVENT_SCHEMAS) as ContentEventType[];

export const COMMENT_EVENT_SCHEMAS = {
  CommentPosted: CommentPostedSchema,
  CommentPinned: CommentPinnedSchema,
  CommentLiked: CommentLikedSchema,
  CommentDeleted: CommentDeletedSchema,
} as const;
export type CommentEventType = keyof typeof COMMENT_EVENT_SCHEMAS;
export const COMMENT_EVENT_TYPES = Object.keys(COMMENT_EVENT_SCHEMAS) as CommentEventType[];
