import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { DynamicModule, Module, RequestMethod } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import pino from 'pino';
import type { Options } from 'pino-http';
import type { AppConfig } from '../config/app-config';

export const REQUEST_ID_HEADER = 'x-request-id';
const ACCEPTABLE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Reuses a caller's request id when it looks sane (so traces join up across services), otherwise makes one. Fastify
 * asks first, as it receives the request (its `genReqId`), and answers with it (see `createApplication`), so even a
 * malformed body's answer carries it; pino-http then finds it on the raw request.
 */
export function requestIdOf(request: IncomingMessage & { id?: unknown }): string {
  if (typeof request.id === 'string') return request.id;
  const incoming = request.headers[REQUEST_ID_HEADER];
  const id = typeof incoming === 'string' && ACCEPTABLE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
  request.id = id;
  return id;
}

/** Probes and scrapes every few seconds would drown everything else. */
const UNLOGGED_PATHS = new Set(['/api/health', '/api/health/live', '/api/health/ready', '/api/metrics']);

/**
 * pino request logs (one line per request, with its id). Pretty only for a person watching a terminal (not in
 * production, not when piped): then a successful request's line is at `debug`, so `info` shows what happened rather
 * than every poll of the screens; `LOG_LEVEL=debug` brings them back. Elsewhere JSON lines, requests at `info`.
 */
@Module({})
export class LoggingModule {
  static forRoot(config: AppConfig): DynamicModule {
    const pretty = process.stdout.isTTY === true && config.environment !== 'production';
    const options: Options = {
      level: config.logLevel,
      genReqId: (request) => requestIdOf(request),
      transport: pretty ? { target: 'pino-pretty', options: { singleLine: true, colorize: true } } : undefined,
      autoLogging: { ignore: (request) => UNLOGGED_PATHS.has((request.url ?? '').split('?')[0]) },
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      customLogLevel: (_request, response, error) => {
        if (error || response.statusCode >= 500) return 'error';
        if (response.statusCode >= 400) return 'warn';
        return pretty ? 'debug' : 'info';
      },
    };
    return {
      module: LoggingModule,
      imports: [
        LoggerModule.forRoot({
          // At 'silent' no request line is ever written, so the per-request middleware (a child logger with its
          // serialised, redacted bindings, plus an async context) would be pure cost: it is not installed.
          forRoutes: config.logLevel === 'silent' ? [] : [{ path: '{*path}', method: RequestMethod.ALL }],
          // Written synchronously unless pretty-printed: the last lines before a crash or a shutdown must not be lost.
          pinoHttp: pretty ? options : [options, pino.destination({ dest: 1, sync: true })],
        }),
      ],
    };
  }
}
