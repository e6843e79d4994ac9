import { randomUUID } from 'node:crypto';
import { CONTENT_MESSAGES } from '@app/contracts/content';
import { notFound } from '../../platform/http/api-error';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Content ids are UUIDs; anything else names no content (404, the screen's 'Content not found'). */
export function contentIdFromPath(value: string): string {
  if (!UUID.test(value)) throw notFound('CONTENT_NOT_FOUND', CONTENT_MESSAGES.notFound);
  return value.toLowerCase();
}

export function commentIdFromPath(value: string): string {
  if (!UUID.test(value)) throw notFound('COMMENT_NOT_FOUND', CONTENT_MESSAGES.commentNotFound);
  return value.toLowerCase();
}

export const isUuid = (value: string) => UUID.test(value);
export const newId = () => randomUUID();
