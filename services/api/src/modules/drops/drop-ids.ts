import { randomUUID } from 'node:crypto';
import { DROP_MESSAGES, isValidDropId } from '@app/contracts/drops';
import { badRequest, notFound } from '../../platform/http/api-error';

/** A drop id from a path: a UUID or a number (spec 3 §5), else 400 INVALID_DROP_ID. */
export function dropIdFromPath(value: string): string {
  if (!isValidDropId(value)) throw badRequest('INVALID_DROP_ID', DROP_MESSAGES.invalidId);
  return value.toLowerCase();
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Application ids are UUIDs; anything else cannot name one. */
export function applicationIdFromPath(value: string): string {
  if (!UUID.test(value)) throw notFound('APPLICATION_NOT_FOUND', DROP_MESSAGES.applicationNotFound);
  return value.toLowerCase();
}

export const newId = () => randomUUID();
