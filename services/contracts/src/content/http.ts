import { z } from 'zod';
import { ContentPlatformSchema } from './events';
import { CONTENT_SHARES } from './rules';

/** Every text the content API and screens show for a refused rule (spec 2 §5, §6, §8). */
export const CONTENT_MESSAGES = Object.freeze({
  notFound: 'Content not found',
  titleRequired: 'Title is required',
  platformRequired: 'Platform must be one of instagram, tiktok, youtube, twitter, linkedin',
  platformUrlRequired: 'Content URL is required',
  invalidPlatformUrl: 'Please enter a valid URL',
  invalidMediaUrl: 'The provided image URL is not accessible. Please check the URL or upload an image file instead.',
  totalSharesRange: 'Total shares must be between 100 and 1000',
  totalSharesEditRange: 'Total shares must be between 1 and 1000',
  totalSharesBelowHeld: (held: number) => `Total shares cannot be less than the ${held} shares set aside or held`,
  sharePriceInvalid: 'Share price must be a non-negative number with at most 4 decimals',
  checkFields: 'Please check all required fields',
  onlyOwnerEdits: 'Only the content owner can edit this content',
  onlyOwnerDeletes: 'Only the content owner can delete this content',
  archived: 'This content has been archived',
  createFailed: 'Failed to create content. Please check your connection and try again.',
  updateFailed: 'Failed to update content',
  deleteFailed: 'Failed to delete content',
  // Images (spec 2 §5, §8)
  invalidImageType: 'Please upload a valid image file (JPG, PNG, GIF, WEBP).',
  imageTooLarge: 'File size must be less than 15MB. Please compress your image or use a URL instead.',
  imageRequired: 'Please select an image file.',
  uploadFailed: 'Upload Failed: Please try again or use an image URL instead.',
  // Comments (spec 2 §5, §6, §8)
  commentRequired: 'Comment cannot be empty',
  commentTooLong: 'Comment must be at most 2000 characters',
  commentNotFound: 'Comment not found',
  parentNotFound: 'The comment you are replying to does not exist',
  replyDepth: 'Replies can only be made to top-level comments',
  onlyOwnerPins: 'Only the content owner can pin comments',
  alreadyPinned: 'This comment is already pinned',
  alreadyLikedComment: 'You have already liked this comment',
  onlyAuthorOrOwnerDeletes: 'Only the comment author or the content owner can delete this comment',
  postCommentFailed: 'Failed to post comment. Please try again.',
  deleteCommentFailed: 'Failed to delete comment.',
  signInToComment: 'Sign in to join the conversation',
  invalidCursor: 'The cursor is not valid',
});

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** An http(s) URL or an image this API serves (`/api/images/<key>`); blank clears it. */
const optionalMediaUrl = z
  .string()
  .trim()
  .max(2048, CONTENT_MESSAGES.invalidMediaUrl)
  .refine(
    (value) => value === '' || isHttpUrl(value) || /^\/api\/images\/[A-Za-z0-9._-]+$/.test(value),
    CONTENT_MESSAGES.invalidMediaUrl,
  )
  .nullish()
  .transform((value) => (value === undefined ? undefined : value === null || value === '' ? null : value));

const titleField = z
  .string({ error: CONTENT_MESSAGES.titleRequired })
  .trim()
  .min(1, CONTENT_MESSAGES.titleRequired)
  .max(200, 'Title must be at most 200 characters');
const descriptionField = z
  .string()
  .max(5000, 'Description must be at most 5000 characters')
  .nullish()
  .transform((value) =>
    value === undefined ? undefined : value === null || value.trim() === '' ? null : value.trim(),
  );
const platformField = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim().toLowerCase() : value),
  z.enum(ContentPlatformSchema.options, { error: CONTENT_MESSAGES.platformRequired }),
);
const platformUrlField = z
  .string({ error: CONTENT_MESSAGES.platformUrlRequired })
  .trim()
  .min(1, CONTENT_MESSAGES.platformUrlRequired)
  .max(2048, CONTENT_MESSAGES.invalidPlatformUrl)
  .refine(isHttpUrl, CONTENT_MESSAGES.invalidPlatformUrl);
/** Validated (non-negative, 4 decimals) and then ignored: the price is always `sharePriceFor` (rules.ts). */
const declaredSharePrice = z
  .union([z.number(), z.string()])
  .refine((value) => {
    const text = typeof value === 'number' ? String(value) : value.trim();
    return /^\d+(\.\d{1,4})?$/.test(text);
  }, CONTENT_MESSAGES.sharePriceInvalid)
  .nullish();

/**
 * POST /api/content (spec 2 §3 content post form). `total_shares` below 100 is clamped to 100 (spec 2 §5); above
 * 1000 or not a whole number is refused. `image_url` is accepted as another name of `media_url`.
 */
export const CreateContentRequestSchema = z
  .object({
    platform: platformField,
    title: titleField,
    description: descriptionField,
    platform_url: platformUrlField,
    media_url: optionalMediaUrl,
    image_url: optionalMediaUrl,
    total_shares: z
      .number({ error: CONTENT_MESSAGES.totalSharesRange })
      .int(CONTENT_MESSAGES.totalSharesRange)
      .min(1, CONTENT_MESSAGES.totalSharesRange)
      .max(CONTENT_SHARES.max, CONTENT_MESSAGES.totalSharesRange)
      .nullish()
      .transform((value) => Math.max(CONTENT_SHARES.createMin, value ?? CONTENT_SHARES.default)),
    share_price: declaredSharePrice,
  })
  .meta({ id: 'CreateContentRequest' });
export type CreateContentRequest = z.infer<typeof CreateContentRequestSchema>;

/** PUT /api/content/{id}: any subset; total_shares 1..1000 (never below the shares set aside or held). */
export const UpdateContentRequestSchema = z
  .object({
    platform: platformField.optional(),
    title: titleField.optional(),
    description: descriptionField,
    platform_url: platformUrlField.optional(),
    media_url: optionalMediaUrl,
    image_url: optionalMediaUrl,
    total_shares: z
      .number({ error: CONTENT_MESSAGES.totalSharesEditRange })
      .int(CONTENT_MESSAGES.totalSharesEditRange)
      .min(CONTENT_SHARES.editMin, CONTENT_MESSAGES.totalSharesEditRange)
      .max(CONTENT_SHARES.max, CONTENT_MESSAGES.totalSharesEditRange)
      .optional(),
    share_price: declaredSharePrice,
  })
  .meta({ id: 'UpdateContentRequest' });
export type UpdateContentRequest = z.infer<typeof UpdateContentRequestSchema>;

export const CreateContentResponseSchema = z
  .object({ success: z.literal(true), contentId: z.string(), content: z.lazy(() => ContentSchema) })
  .meta({ id: 'CreateContentResponse' });

export const CONTENT_STATUSES = ['active', 'archived'] as const;
export const ContentStatusSchema = z.enum(CONTENT_STATUSES);

/** Content metrics (spec 2 §3): counts from content's own comments and engagement's recorded actions. */
export const ContentMetricsSchema = z
  .object({
    content_id: z.string(),
    likes: z.number().int(),
    comments: z.number().int(),
    shares: z.number().int(),
    saves: z.number().int(),
    reposts: z.number().int(),
    views: z.number().int(),
    internal_moves: z.number().int(),
    external_moves: z.number().int(),
    total_engagement: z.number().int(),
  })
  .meta({ id: 'ContentMetrics' });
export type ContentMetrics = z.infer<typeof ContentMetricsSchema>;

export const ContentSchema = z
  .object({
    id: z.string(),
    user_id: z.string(),
    creator_id: z.string(),
    creator_name: z.string(),
    creator_username: z.string(),
    creator_avatar: z.string().nullable(),
    title: z.string(),
    description: z.string().nullable(),
    platform: ContentPlatformSchema,
    platform_url: z.string(),
    media_url: z.string().nullable(),
    image_url: z.string().nullable(),
    total_shares: z.number().int(),
    /** Shares for sale: total minus the engagement pool minus shares sold (the market, issue 11, sells them). */
    available_shares: z.number().int(),
    /** USD per share, 4 decimals (`sharePriceFor`). */
    share_price: z.number(),
    engagement_shares_total: z.number().int(),
    engagement_shares_remaining: z.number().int(),
    /** USD received in tips and funds. */
    current_revenue: z.number(),
    performance_metrics: z.object({
      impressions: z.number(),
      clicks: z.number(),
      conversions: z.number(),
      engagement_rate: z.number(),
    }),
    views_count: z.number().int(),
    likes_count: z.number().int(),
    comments_count: z.number().int(),
    reposts_count: z.number().int(),
    shares_count: z.number().int(),
    is_demo: z.boolean(),
    is_sponsored: z.boolean(),
    status: ContentStatusSchema,
    metrics: ContentMetricsSchema,
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Content' });
export type ContentView = z.infer<typeof ContentSchema>;

export const ListContentQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(20),
  /** Opaque, from the previous page's `next_cursor`. */
  cursor: z.string().max(200).optional(),
  platform: ContentPlatformSchema.optional(),
  creator_id: z.string().max(100).optional(),
  /** Text in title or description (case-insensitive). */
  q: z.string().trim().max(100).optional(),
});
export type ListContentQuery = z.infer<typeof ListContentQuerySchema>;

/** A page of content, newest first; `next_cursor` is null on the last page. */
export const ContentPageSchema = z
  .object({ items: z.array(ContentSchema), next_cursor: z.string().nullable() })
  .meta({ id: 'ContentPage' });
export type ContentPage = z.infer<typeof ContentPageSchema>;

export const ContentUserStatusSchema = z
  .object({
    content_id: z.string(),
    has_liked: z.boolean(),
    has_saved: z.boolean(),
    is_owner: z.boolean(),
    /** Shares the caller holds in this item (free engagement shares received and, with the market, bought). */
    owned_shares: z.number().int(),
  })
  .meta({ id: 'ContentUserStatus' });
export type ContentUserStatus = z.infer<typeof ContentUserStatusSchema>;

export const DeleteContentResponseSchema = z
  .object({
    success: z.literal(true),
    id: z.string(),
    /** `deleted`: gone; `archived`: shares are held by others, so it stays readable by id and leaves every list. */
    outcome: z.enum(['deleted', 'archived']),
  })
  .meta({ id: 'DeleteContentResponse' });

/**
 * POST /api/content/upload-image: base64 JSON in either naming the spec lists (`image`, `filename`, `contentType`
 * or `fileData`, `fileName`, `fileType`). The type is read from the bytes; the declared one is ignored. A data URL
 * prefix (`data:image/png;base64,`) is accepted.
 */
export const UploadContentImageRequestSchema = z
  .object({
    image: z.string().optional(),
    fileData: z.string().optional(),
    filename: z.string().max(300).optional(),
    fileName: z.string().max(300).optional(),
    contentType: z.string().max(100).optional(),
    fileType: z.string().max(100).optional(),
    description: z.string().max(5000).optional(),
    platform: z.string().max(50).optional(),
  })
  .meta({ id: 'UploadContentImageRequest' });
export const UploadContentImageResponseSchema = z
  .object({
    url: z.string(),
    imageUrl: z.string(),
    key: z.string(),
    content_type: z.string(),
    size_bytes: z.number().int(),
    fallback: z.boolean(),
    fallbackReason: z.string().nullable(),
  })
  .meta({ id: 'UploadContentImageResponse' });
export type UploadContentImageResponse = z.infer<typeof UploadContentImageResponseSchema>;

export const GeneratePlaceholderRequestSchema = z
  .object({
    description: z.string().max(5000).nullish(),
    title: z.string().max(200).nullish(),
    platform: z.string().max(50).nullish(),
  })
  .meta({ id: 'GeneratePlaceholderRequest' });
export const GeneratePlaceholderResponseSchema = z
  .object({ imageUrl: z.string(), url: z.string(), key: z.string(), content_type: z.string() })
  .meta({ id: 'GeneratePlaceholderResponse' });
