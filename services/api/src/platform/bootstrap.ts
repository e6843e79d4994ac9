import type { IncomingMessage } from 'node:http';
import { networkInterfaces } from 'node:os';
import { dirname } from 'node:path';
import { RequestMethod, type DynamicModule, type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Logger } from 'nestjs-pino';
import type { AppConfig } from './config/app-config';
import { DOCS_ASSETS_PATH } from './docs/docs.controller';
import { installBodyParsers, JSON_BODY_LIMIT_BYTES } from './http/body-parsing';
import { HttpExceptionFilter, MAX_PARAM_LENGTH } from './http/http-exception.filter';
import { installSecurityHeaders } from './http/security-headers';
import { installUnstorableTextRefusal } from './http/unstorable-text';
import { REQUEST_ID_HEADER, requestIdOf } from './logging/logging.module';
import { installQueueBoard } from './admin/queue-board';
import { JOB_QUEUE } from './jobs/job-queue.port';
import { installHttpMetrics } from './metrics/http-metrics';
import { MetricsService } from './metrics/metrics.service';

export const GLOBAL_PREFIX = 'api';
/** Served without the prefix: `/advertisers/subscription/...` and `/advertisers/coupons...` (spec 3 §7). */
export const UNPREFIXED_ROUTES = [
  { path: 'advertisers/subscription/{*rest}', method: RequestMethod.ALL },
  { path: 'advertisers/coupons', method: RequestMethod.ALL },
  { path: 'advertisers/coupons/{*rest}', method: RequestMethod.ALL },
];

/**
 * The Swagger UI files. Found through the package's manifest: `swagger-ui-dist`'s own `getAbsoluteFSPath` comes from
 * its main module, which also loads the whole UI bundle (about 0.3 s of every start, API and worker alike).
 */
const SWAGGER_UI_DIRECTORY = dirname(require.resolve('swagger-ui-dist/package.json'));

/**
 * Builds an application of `rootModule` (the application's, `createApp` in `app.module.ts`), ready to serve but not
 * listening: `main.ts` listens (see `listenAddressOf`), tests hand `getHttpServer()` to supertest.
 *
 * HTTP runs on Fastify rather than Express: half the framework CPU per request (README, Decisions).
 */
export async function createApplication(rootModule: DynamicModule, config: AppConfig): Promise<INestApplication> {
  const adapter = new FastifyAdapter({
    // The caller's address (`request.ip`) and protocol come from X-Forwarded-* only when the peer is one of the
    // proxies TRUST_PROXY names (none by default): anyone else could claim any address and dodge the throttles.
    trustProxy: config.trustProxy,
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    genReqId: (request: IncomingMessage) => requestIdOf(request),
    // What Fastify refuses before any route runs (a path parameter over maxParamLength, a malformed URL) is
    // answered by the one error filter too: the same shape, and the request id in its header.
    frameworkErrors: (error: Error, request: FastifyRequest, reply: FastifyReply) => {
      void reply.header(REQUEST_ID_HEADER, request.id);
      new HttpExceptionFilter().answer(error, request, reply);
    },
    // Express answered `/api/users/me/` like `/api/users/me`; links and clients written against it keep working.
    // A longer path parameter is a 414 (answered by the error filter, see frameworkErrors).
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PARAM_LENGTH },
  });
  const application = await NestFactory.create<NestFastifyApplication>(rootModule, adapter, {
    bodyParser: false,
    bufferLogs: true,
    abortOnError: false,
  });
  application.useLogger(application.get(Logger));
  // Nest buffers log lines until `listen()`; an application served without it (tests, supertest) would keep even
  // its errors in that buffer. From here on the logger is ready, so nothing is held back.
  application.flushLogs();
  // Spec 3 §7: the advertiser plan and coupon calls have no /api prefix (the shell's proxies forward these too).
  application.setGlobalPrefix(GLOBAL_PREFIX, { exclude: UNPREFIXED_ROUTES });
  application.enableCors({
    origin: config.corsOrigins,
    credentials: true,
    // @fastify/cors allows only GET, HEAD and POST unless told; the remotes also edit (PUT, PATCH) and delete.
    methods: ['GET', 'HEAD', 'PUT', 'PATCH', 'POST', 'DELETE'],
    // Retry-After tells a throttled client when to try again; it is not one of the headers CORS exposes by itself.
    exposedHeaders: [REQUEST_ID_HEADER, 'retry-after'],
  });
  const fastify = application.getHttpAdapter().getInstance();
  installHttpMetrics(fastify, application.get(MetricsService));
  installBodyParsers(fastify);
  installUnstorableTextRefusal(fastify);
  installSecurityHeaders(application);
  fastify.addHook('onRequest', (request, reply, done) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  await application.useStaticAssets({
    root: SWAGGER_UI_DIRECTORY,
    prefix: `${DOCS_ASSETS_PATH}/`,
    index: false,
    maxAge: '1d',
  });
  installQueueBoard(fastify, application.get(JOB_QUEUE));
  application.enableShutdownHooks();
  await application.init();
  await fastify.ready();
  return application;
}

/**
 * Where `main.ts` listens: `API_HOST` when set, else every address, as Node's own `listen(port)` does (`::`, which
 * also takes IPv4, or `0.0.0.0` on a host without IPv6). Fastify alone would listen on localhost only.
 */
export function listenAddressOf(config: AppConfig): string {
  if (config.host) return config.host;
  const hasIpv6 = Object.values(networkInterfaces()).some((addresses) =>
    addresses?.some((address) => address.family === 'IPv6'),
  );
  return hasIpv6 ? '::' : '0.0.0.0';
}
