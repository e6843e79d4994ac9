import { randomUUID } from 'node:crypto';
import { ENGAGEMENT_MESSAGES } from '@app/contracts/engagement';
import { notFound } from '../../platform/http/api-error';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Content ids are UUIDs (the content context's); anything else names no content. */
export function contentIdOf(value: string | null | undefined): string {
  if (!value || !UUID.test(value)) throw notFound('CONTENT_NOT_FOUND', ENGAGEMENT_MESSAGES.contentNotFound);
  return value.toLowerCase();
}

export const newId = () => randomUUID();
