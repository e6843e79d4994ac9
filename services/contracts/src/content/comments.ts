import { z } from 'zod';
import { DropSchema } from '../drops/http';
import { CommentRewardSchema } from '../engagement/http';
import { CONTENT_MESSAGES, ContentSchema } from './http';

/** POST /api/content/{id}/comments: text non-blank after trimming (spec 2 §5); a reply names a top-level comment. */
export const PostCommentRequestSchema = z
  .object({
    comment_text: z
      .string({ error: CONTENT_MESSAGES.commentRequired })
      .trim()
      .min(1, CONTENT_MESSAGES.commentRequired)
      .max(2000, CONTENT_MESSAGES.commentTooLong),
    parent_comment_id: z
      .string()
      .trim()
      .max(100)
      .nullish()
      .transform((value) => (value ? value : null)),
  })
  .meta({ id: 'PostCommentRequest' });
export type PostCommentRequest = z.infer<typeof PostCommentRequestSchema>;

const commentFields = {
  id: z.string(),
  content_id: z.string(),
  user_id: z.string(),
  user_username: z.string(),
  user_display_name: z.string().nullable(),
  user_avatar: z.string().nullable(),
  comment_text: z.string(),
  parent_comment_id: z.string().nullable(),
  created_at: z.string(),
  is_pinned: z.boolean(),
  likes_count: z.number().int(),
  /** Whether the caller liked it (false for visitors). */
  has_liked: z.boolean(),
};

export const CommentReplySchema = z.object(commentFields).meta({ id: 'ContentCommentReply' });
/** A top-level comment with its replies (one level deep, oldest first). */
export const CommentSchema = z
  .object({ ...commentFields, replies: z.array(CommentReplySchema) })
  .meta({ id: 'ContentComment' });
export type CommentView = z.infer<typeof CommentSchema>;
export type CommentReplyView = z.infer<typeof CommentReplySchema>;

/** The posted comment and what it earned (null where the engagement context is not running). */
export const PostedCommentSchema = CommentSchema.extend({ reward: CommentRewardSchema.nullable() }).meta({
  id: 'PostedContentComment',
});
export type PostedCommentView = z.infer<typeof PostedCommentSchema>;

/** Pinned first, then newest first. */
export const CommentListSchema = z.array(CommentSchema).meta({ id: 'ContentCommentList' });

export const CommentLikeResponseSchema = z
  .object({ comment_id: z.string(), likes_count: z.number().int(), has_liked: z.literal(true) })
  .meta({ id: 'ContentCommentLike' });
export const DeleteCommentResponseSchema = z
  .object({ success: z.literal(true), id: z.string() })
  .meta({ id: 'DeleteContentComment' });

// ----- Feed (spec 2 §2 home feed) -----

export const FEED_TABS = ['for-you', 'social', 'opportunities'] as const;
export const FeedTabSchema = z.enum(FEED_TABS);
export type FeedTab = z.infer<typeof FeedTabSchema>;

export const FeedQuerySchema = z.object({
  tab: FeedTabSchema.default('for-you'),
  /** Opaque, from the previous page's `next_cursor` (For You and Opportunities are single pages: always null). */
  cursor: z.string().max(300).optional(),
  limit: z.coerce.number().int().min(1).max(50).optional(),
});

/** The live sponsorship boost of a sponsored item (engagement's sponsorships, summed over live sponsors). */
export const FeedSponsorshipSchema = z.object({
  total_boost_multiplier: z.number(),
  sponsor_count: z.number().int(),
  ends_at: z.string().nullable(),
});

export const FeedItemSchema = z
  .discriminatedUnion('type', [
    z.object({
      type: z.literal('content'),
      sponsored: z.boolean(),
      sponsorship: FeedSponsorshipSchema.nullable(),
      content: ContentSchema,
    }),
    z.object({ type: z.literal('drop'), drop: DropSchema }),
  ])
  .meta({ id: 'FeedItem' });
export type FeedItem = z.infer<typeof FeedItemSchema>;

export const FeedPageSchema = z
  .object({ tab: FeedTabSchema, items: z.array(FeedItemSchema), next_cursor: z.string().nullable() })
  .meta({ id: 'FeedPage' });
export type FeedPage = z.infer<typeof FeedPageSchema>;
