import { randomUUID } from 'node:crypto';
import { notFound } from '../../platform/http/api-error';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Forecast, prediction and content ids are UUIDs; anything else names nothing (404 with the caller's code and message).
 */
export function idOf(value: string | null | undefined, code: string, message: string): string {
  if (!value || !UUID.test(value)) throw notFound(code, message);
  return value.toLowerCase();
}

export const newId = () => randomUUID();
