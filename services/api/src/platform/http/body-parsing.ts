import type { FastifyInstance } from 'fastify';
import { ApiError } from './api-error';

/** Largest JSON body accepted; bigger ones are a 413 before any handler runs. */
export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * A route that takes a bigger JSON body says so with `@RouteConfig({ jsonBodyLimit: bytes })` (from
 * `@nestjs/platform-fastify`); the `onRoute` hook below makes it that route's Fastify `bodyLimit`, which takes
 * precedence over the parser's. Content images arrive as base64 JSON (15 MB of image is 20 MB of text).
 */
export interface JsonBodyLimitConfig {
  jsonBodyLimit?: number;
  /**
   * `@RouteConfig({ rawBody: true })`: the route also gets the body exactly as sent (`request.rawBody`), for
   * signature checks over the bytes (payment webhooks); parsing may reorder or normalise what was signed.
   */
  rawBody?: boolean;
  /**
   * `@RouteConfig({ formBody: true })`: the route reads `application/x-www-form-urlencoded` (an HTML form, like the
   * local payment provider's checkout page). Every other route ignores form bodies, so a cross-site form cannot
   * drive the JSON API.
   */
  formBody?: boolean;
}

/** The unparsed JSON body of a route configured with `rawBody: true`. */
export function rawBodyOf(request: unknown): string | undefined {
  return (request as { rawBody?: string }).rawBody;
}

/**
 * The content types the API reads, on the Fastify instance (created with `bodyParser: false`, so Nest adds none):
 * - `application/json`: parsed with Fastify's own parser (it refuses `__proto__` and `constructor` poisoning); a
 *   body that is not JSON is `MALFORMED_JSON` (400). An empty body is no body: clients that always send the
 *   header with a body-less POST (a sign-out, say) get the route's own answer, not a parse error.
 * - `multipart/form-data`: left unread for the upload handler, which streams it (see the images controller).
 * - anything else: the body is not read and the handler sees none, so a route that needs one answers with its
 *   validation error, the same as a missing body.
 * A body over the limit is refused by Fastify itself (`FST_ERR_CTP_BODY_TOO_LARGE`); `HttpExceptionFilter` answers it
 * as `PAYLOAD_TOO_LARGE`.
 */
export function installBodyParsers(fastify: FastifyInstance): void {
  fastify.addHook('onRoute', (route) => {
    const limit = (route.config as JsonBodyLimitConfig | undefined)?.jsonBodyLimit;
    if (typeof limit === 'number' && limit > 0) route.bodyLimit = limit;
  });
  const parseJson = fastify.getDefaultJsonParser('error', 'error');
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: JSON_BODY_LIMIT_BYTES },
    (request, body, done) => {
      const text = body.toString();
      if ((request.routeOptions?.config as JsonBodyLimitConfig | undefined)?.rawBody)
        (request as { rawBody?: string }).rawBody = text;
      // A test for any non-blank character stops at the first one; trimming would copy the whole body first.
      if (!/\S/.test(text)) return done(null, undefined);
      parseJson(request, text, (error, parsed) => {
        if (error) return done(new ApiError(400, 'MALFORMED_JSON', 'The request body is not valid JSON'), undefined);
        done(null, parsed);
      });
    },
  );
  fastify.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (request, body, done) => {
      if (!(request.routeOptions?.config as JsonBodyLimitConfig | undefined)?.formBody) return done(null, undefined);
      done(null, Object.fromEntries(new URLSearchParams(body.toString())));
    },
  );
  // Every other type, multipart included: the body stays unread (the upload handler streams multipart itself).
  fastify.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
}
