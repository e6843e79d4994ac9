import { z } from 'zod';
import {
  COMMENT_EVENT_SCHEMAS,
  CONTENT_EVENT_SCHEMAS,
  CommentDeletedSchema,
  CommentLikedSchema,
  CommentPinnedSchema,
  CommentPostedSchema,
  ContentArchivedSchema,
  ContentCreatedSchema,
  ContentDeletedSchema,
  ContentUpdatedSchema,
  type CommentEventType,
  type ContentEventType,
} from '@app/contracts/content';

/** Events of a content item's stream, `{ type, data }` as stored. */
export type ContentEvent =
  | { type: 'ContentCreated'; data: z.infer<typeof ContentCreatedSchema> }
  | { type: 'ContentUpdated'; data: z.infer<typeof ContentUpdatedSchema> }
  | { type: 'ContentArchived'; data: z.infer<typeof ContentArchivedSchema> }
  | { type: 'ContentDeleted'; data: z.infer<typeof ContentDeletedSchema> };

/** Events of a comment's stream. */
export type CommentEvent =
  | { type: 'CommentPosted'; data: z.infer<typeof CommentPostedSchema> }
  | { type: 'CommentPinned'; data: z.infer<typeof CommentPinnedSchema> }
  | { type: 'CommentLiked'; data: z.infer<typeof CommentLikedSchema> }
  | { type: 'CommentDeleted'; data: z.infer<typeof CommentDeletedSchema> };

export const contentStreamId = (contentId: string) => `content-${contentId}`;
export const commentStreamId = (commentId: string) => `content-comment-${commentId}`;

/** Parses a stored content event at the edge; an unknown type or a payload that does not parse throws. */
export function parseContentEvent(stored: { type: string; data: unknown }): ContentEvent {
  const schema = CONTENT_EVENT_SCHEMAS[stored.type as ContentEventType];
  if (!schema) throw new Error(`Not a content event: ${stored.type}`);
  return { type: stored.type, data: schema.parse(stored.data) } as ContentEvent;
}

export function parseCommentEvent(stored: { type: string; data: unknown }): CommentEvent {
  const schema = COMMENT_EVENT_SCHEMAS[stored.type as CommentEventType];
  if (!schema) throw new Error(`Not a comment event: ${stored.type}`);
  return { type: stored.type, data: schema.parse(stored.data) } as CommentEvent;
}
