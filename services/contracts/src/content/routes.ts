import { z } from 'zod';
import { defineRoute, IdempotencyKeyHeaders } from '../http/route';
import {
  CommentLikeResponseSchema,
  CommentListSchema,
  CommentSchema,
  PostedCommentSchema,
  DeleteCommentResponseSchema,
  FeedPageSchema,
  FeedQuerySchema,
  PostCommentRequestSchema,
} from './comments';
import {
  ContentMetricsSchema,
  ContentPageSchema,
  ContentSchema,
  ContentUserStatusSchema,
  CreateContentRequestSchema,
  CreateContentResponseSchema,
  DeleteContentResponseSchema,
  GeneratePlaceholderRequestSchema,
  GeneratePlaceholderResponseSchema,
  ListContentQuerySchema,
  UpdateContentRequestSchema,
  UploadContentImageRequestSchema,
  UploadContentImageResponseSchema,
} from './http';

const ContentParams = z.object({ id: z.string().meta({ description: 'A content id (UUID); anything else is a 404' }) });
const CommentParams = z.object({ id: z.string().meta({ description: 'A comment id (UUID)' }) });

export const listContentRoute = /*#__PURE__*/ defineRoute({
  method: 'get',
  path: '/api/content',
  summary: 'Active content, newest first, a page at a time (`?limit`, `?cursor`, `?platform`, `?creator_id`, `?q`)',
  public: true,
  request: { query: ListContentQuerySchema },
  responses: { 200: ContentPageSchema },
  errors: { 400: 'Bad filter or cursor' },
});

export const getContentRoute = /*#__PURE__*/ defineRoute({
  method: 'get',
  path: '/api/content/:id',
  summary: 'One content item (archived items stay readable by id)',
  public: true,
  request: { params: ContentParams },
  responses: { 200: ContentSchema },
  errors: { 404: "'Content not found' (`CONTENT_NOT_FOUND`)" },
});

export const contentMetricsRoute = /*#__PURE__*/ defineRoute({
  method: 'get',
  path: '/api/content/:id/metrics',
  summary: "A content item's metrics (likes, comments, shares, views, moves, total engagement)",
  public: true,
  request: { params: ContentParams },
  responses: { 200: ContentMetricsSchema },
});

export const contentUserStatusRoute = /*#__PURE__*/ defineRoute({
  method: 'get',
  path: '/api/content/:id/user-status',
  summary: 'Whether the caller liked or saved the item, owns it, and the shares they hold in it',
  request: { params: ContentParams },
  responses: { 200: ContentUserStatusSchema },
});

export const createContentRoute = /*#__PURE__*/ defineRoute({
  method: 'post',
  path: '/api/content',
  summary: 'Share existing content (answers `contentId`); the share price follows the funding rule, not the form',
  request: { body: CreateContentRequestSchema, headers: IdempotencyKeyHeaders },
  responses: { 201: CreateContentResponseSchema },
  errors: { 400: '`error`, `details`, `field_errors[{field,message}]` naming each bad field' },
});

export const updateContentRoute = /*#__PURE__*/ defineRoute({
  method: 'put',
  path: '/api/content/:id',
  summary: 'Edit a content item (its owner)',
  request: { params: ContentParams, body: UpdateContentRequestSchema, headers: IdempotencyKeyHeaders },
  responses: { 200: ContentSchema },
  errors: { 403: 'Not the owner', 422: 'Total shares below the shares set aside or held; archived' },
});

export const deleteContentRoute = /*#__PURE__*/ defineRoute({
  method: 'delete',
  path: '/api/content/:id',
  summary: 'Delete a content item (its owner): erased when nobody else holds shares in it, otherwise archived',
  request: { params: ContentParams, headers: IdempotencyKeyHeaders },
  responses: { 200: DeleteContentResponseSchema },
  errors: { 403: 'Not the owner' },
});

export const uploadContentImageRoute = /*#__PURE__*/ defineRoute({
  method: 'post',
  path: '/api/content/upload-image',
  summary: 'Upload a content image as base64 JSON (15 MB; JPG, PNG, GIF or WEBP, recognised from the bytes)',
  request: { body: UploadContentImageRequestSchema },
  responses: { 201: UploadContentImageResponseSchema },
  errors: {
    413: "'File size must be less than 15MB…'",
    415: "'Please upload a valid image file (JPG, PNG, GIF, WEBP).'",
    503: 'Image storage unavailable',
  },
});

export const generatePlaceholderRoute = /*#__PURE__*/ defineRoute({
  method: 'post',
  path: '/api/content/generate-placeholder',
  summary: 'Render a PNG placeholder from the description and platform and store it like an upload',
  request: { body: GeneratePlaceholderRequestSchema },
  responses: { 201: GeneratePlaceholderResponseSchema },
  errors: { 503: 'Image storage unavailable' },
});

export const listCommentsRoute = /*#__PURE__*/ defineRoute({
  method: 'get',
  path: '/api/content/:id/comments',
  summary: 'Comments with their replies (one level), pinned first, then newest',
  public: true,
  request: { params: ContentParams },
  responses: { 200: CommentListSchema },
});

export const postCommentRoute = /*#__PURE__*/ defineRoute({
  method: 'post',
  path: '/api/content/:id/comments',
  summary:
    'Comment, or reply to a top-level comment (signed in); earns the comment action (0.3 points × tier, once ' +
    'per comment)',
  request: { params: ContentParams, body: PostCommentRequestSchema, headers: IdempotencyKeyHeaders },
  responses: { 201: PostedCommentSchema },
  errors: { 404: 'No such content or parent comment', 422: 'Reply to a reply; archived content' },
});

export const pinCommentRoute = /*#__PURE__*/ defineRoute({
  method: 'post',
  path: '/api/content/comments/:id/pin',
  summary: 'Pin a comment (the content owner; not reversible)',
  request: { params: CommentParams },
  responses: { 200: CommentSchema },
  errors: { 403: 'Not the content owner', 409: 'Already pinned' },
});

export const likeCommentRoute = /*#__PURE__*/ defineRoute({
  method: 'post',
  path: '/api/content/comments/:id/like',
  summary: 'Like a comment (once per user)',
  request: { params: CommentParams },
  responses: { 200: CommentLikeResponseSchema },
  errors: { 409: "'You have already liked this comment' (`ALREADY_LIKED`)" },
});

export const deleteCommentRoute = /*#__PURE__*/ defineRoute({
  method: 'delete',
  path: '/api/content/comments/:id',
  summary: 'Delete a comment and its replies (its author or the content owner)',
  request: { params: CommentParams },
  responses: { 200: DeleteCommentResponseSchema },
  errors: { 403: 'Neither the author nor the content owner' },
});

export const feedRoute = /*#__PURE__*/ defineRoute({
  method: 'get',
  path: '/api/feed',
  summary:
    'Home feed: `for-you` (≤ 10, sponsored first, then content and drops alternating), `social` (sponsored, ' +
    'then all content; paged), `opportunities` (≤ 5 drops)',
  request: { query: FeedQuerySchema },
  responses: { 200: FeedPageSchema },
});
