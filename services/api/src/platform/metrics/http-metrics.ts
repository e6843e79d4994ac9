import type { FastifyInstance } from 'fastify';
import type { MetricsService } from './metrics.service';

/**
 * Observes every answered request into `http_request_duration_seconds`, labelled by the route's template (never the
 * raw URL: ids would make a series per user) and status. Requests no route matched share the route `unmatched`.
 */
export function installHttpMetrics(fastify: FastifyInstance, metrics: MetricsService): void {
  fastify.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.httpDuration.observe(
      { method: request.method, route, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1_000,
    );
    done();
  });
}
