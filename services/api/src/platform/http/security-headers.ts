import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** HSTS for a year, sent only on answers that came over TLS (directly or through a trusted proxy). */
const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/**
 * `X-Content-Type-Options: nosniff`, frame protection (`X-Frame-Options: SAMEORIGIN` and CSP `frame-ancestors
 * 'self'`), `Referrer-Policy: no-referrer`, and a Content-Security-Policy strict enough for JSON and loose enough for
 * the Swagger UI at `/api/docs` (its scripts and styles are our own files; it sets inline styles and shows data:
 * images). HSTS only over TLS: on plain HTTP (development) it would be meaningless, and a browser on localhost would
 * remember it for every port.
 */
export const SECURITY_HEADER_POLICY: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      'default-src': ["'self'"],
      'script-src': ["'self'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:'],
      'font-src': ["'self'", 'data:'],
      'connect-src': ["'self'"],
      'object-src': ["'none'"],
      'base-uri': ["'self'"],
      'form-action': ["'self'"],
      'frame-ancestors': ["'self'"],
    },
  },
  // Images (`/api/images/:key`) are shown by the web app, which may live on another origin of the same site.
  crossOriginResourcePolicy: { policy: 'same-site' },
  referrerPolicy: { policy: 'no-referrer' },
  hsts: false,
};

/**
 * The headers helmet sets for the policy. None of them depends on the request (no nonces), so helmet runs once, at
 * start, instead of on every answer: per request it cost as much CPU as the rest of the HTTP layer (README, Decisions).
 */
export function securityHeadersOf(policy: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => delete headers[name.toLowerCase()],
  } as unknown as ServerResponse;
  let finished = false;
  helmet(policy)({} as IncomingMessage, response, (error?: unknown) => {
    if (error) throw error;
    finished = true;
  });
  // Helmet's middleware is synchronous; a version that is not would silently send no headers, so say so.
  if (!finished) throw new Error('helmet did not finish synchronously: the security headers cannot be computed once');
  return headers;
}

/** Security headers on every answer, through the one policy above. */
export function installSecurityHeaders(application: NestFastifyApplication): void {
  const headers = securityHeadersOf(SECURITY_HEADER_POLICY);
  const fastify = application.getHttpAdapter().getInstance() as FastifyInstance;
  fastify.addHook('onRequest', (request, reply, done) => {
    void reply.headers(headers);
    // `request.protocol` honours X-Forwarded-Proto only from the proxies TRUST_PROXY names.
    if (request.protocol === 'https') void reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
    done();
  });
}
