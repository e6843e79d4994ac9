import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from './api-error';

/** The one message for both cases: the field names where, the message says what. */
export const UNSTORABLE_TEXT_MESSAGE = 'must not contain a NUL character (\\u0000) or an unpaired UTF-16 surrogate';

/** How deep a body is searched; JSON nested deeper than this is refused as a whole rather than walked. */
const MAX_DEPTH = 64;

/** A high surrogate not followed by a low one, or a low one not preceded by a high one (code units, no `u` flag). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * PostgreSQL refuses a NUL character in `text` and `jsonb`, and a lone UTF-16 surrogate in `jsonb`: such input
 * would reach the database and fail there as a 500. It is never meaningful, so it is refused at the edge.
 */
export function isUnstorableText(text: string): boolean {
  return text.includes('\u0000') || LONE_SURROGATE.test(text);
}

/** The path of the first string (value or key) in `value` that PostgreSQL cannot store, else undefined. */
export function firstUnstorableTextPath(value: unknown): string[] | undefined {
  return unstorableBelow(value, 0)?.reverse();
}

/**
 * The path below `value` to its first unstorable string, innermost segment first. Nothing is allocated while the
 * walk finds nothing (every request body is walked: copying the path at each key was 3 % of the like path's garbage).
 */
function unstorableBelow(value: unknown, depth: number): string[] | undefined {
  if (typeof value === 'string') return isUnstorableText(value) ? [] : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  if (depth >= MAX_DEPTH) return [];
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      const found = unstorableBelow(value[index], depth + 1);
      if (found) return [...found, String(index)];
    }
    return undefined;
  }
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (isUnstorableText(key)) return [key.replace(/\u0000/g, '\\u0000')];
    const found = unstorableBelow((value as Record<string, unknown>)[key], depth + 1);
    if (found) return [...found, key];
  }
  return undefined;
}

function unstorableTextError(request: FastifyRequest): ApiError | undefined {
  for (const part of ['params', 'query', 'body'] as const) {
    const found = firstUnstorableTextPath(request[part]);
    if (!found) continue;
    // Body fields are named as zod names them (`title`, `items.0.name`); query and path parameters by their name.
    const field = found.length > 0 ? found.join('.') : part;
    return new ApiError(400, 'VALIDATION_ERROR', `${field} ${UNSTORABLE_TEXT_MESSAGE}`, undefined, [
      { field, message: UNSTORABLE_TEXT_MESSAGE },
    ]);
  }
  return undefined;
}

/**
 * Refuses, for every route at once, a NUL or a lone surrogate anywhere in the path parameters, the query or a JSON
 * body: a 400 `VALIDATION_ERROR` naming the field, through the one error filter. It runs after the body is parsed
 * and before any guard, pipe or handler (Fastify's `preValidation`).
 */
export function installUnstorableTextRefusal(fastify: FastifyInstance): void {
  fastify.addHook('preValidation', (request, _reply, done) => {
    const error = unstorableTextError(request);
    if (error) return done(error);
    done();
  });
}
