import { createServer, type Server } from 'node:http';
import type { INestApplication } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';

/** What a worker answers: its probes and its metrics. It serves no API route (those are the http processes'). */
const WORKER_PATHS = new Set(['/api/health', '/api/health/live', '/api/health/ready', '/api/metrics']);

/**
 * A worker's own small HTTP server (WORKER_HEALTH_PORT): the orchestrator's probes and the metrics scrape go
 * through the application's routes (`inject`, no socket of Fastify's own), any other path is a 404.
 */
export async function listenForWorkerHealth(
  application: INestApplication,
  port: number,
  host: string,
): Promise<Server> {
  const fastify = application.getHttpAdapter().getInstance() as FastifyInstance;
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (request.method !== 'GET' || !WORKER_PATHS.has(path)) {
      response
        .writeHead(404, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: 'A worker serves only its health and metrics', code: 'NOT_FOUND' }));
      return;
    }
    const headers: Record<string, string> = {};
    if (typeof request.headers.authorization === 'string') headers.authorization = request.headers.authorization;
    fastify
      .inject({ method: 'GET', url: request.url ?? path, headers })
      .then((answer) => {
        const contentType = answer.headers['content-type'];
        response
          .writeHead(answer.statusCode, {
            'content-type': typeof contentType === 'string' ? contentType : 'application/json',
            'cache-control': 'no-store',
          })
          .end(answer.rawPayload);
      })
      .catch((error: unknown) => {
        response
          .writeHead(500, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: String(error), code: 'INTERNAL_ERROR' }));
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}
