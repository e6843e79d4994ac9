import helmet from '@fastify/helmet';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance } from 'fastify';

/** HSTS for a year, sent only on answers that came over TLS (directly or through a trusted proxy). */
const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/**
 * Security headers on every answer (`@fastify/helmet`): `X-Content-Type-Options: nosniff`, frame protection
 * (`X-Frame-Options: SAMEORIGIN` and CSP `frame-ancestors 'self'`), `Referrer-Policy: no-referrer`, and a
 * Content-Security-Policy strict enough for JSON and loose enough for the Swagger UI at `/api/docs` (its scripts and
 * styles are our own files; it sets inline styles and shows data: images). HSTS only over TLS: on plain HTTP
 * (development) it would be meaningless, and a browser on localhost would remember it for every port.
 */
export async function installSecurityHeaders(application: NestFastifyApplication): Promise<void> {
  await application.register(helmet, {
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
  });
  const fastify = application.getHttpAdapter().getInstance() as FastifyInstance;
  fastify.addHook('onRequest', (request, reply, done) => {
    // `request.protocol` honours X-Forwarded-Proto only from the proxies TRUST_PROXY names.
    if (request.protocol === 'https') void reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
    done();
  });
}
