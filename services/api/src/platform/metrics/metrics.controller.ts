import { timingSafeEqual } from 'node:crypto';
import { Controller, Inject, Req, Res } from '@nestjs/common';
import { metricsRoute } from '@app/contracts';
import type { EventStore } from '@app/event-store';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { DATABASE_POOL, EVENT_STORE } from '../database/database.tokens';
import { forbidden } from '../http/api-error';
import { Public } from '../http/public.decorator';
import { Route } from '../http/route.decorator';
import { JOB_QUEUE, type JobQueue } from '../jobs/job-queue.port';
import type { Queryable } from '../projections/projection-runner';
import { ProjectionsService } from '../projections/projections.service';
import { MetricsService } from './metrics.service';
import { projectionLagWithSeconds } from './projection-lag';

const sameSecret = (given: string, expected: string) => {
  const left = Buffer.from(given);
  const right = Buffer.from(expected);
  return left.length === right.length && timingSafeEqual(left, right);
};

/**
 * `GET /api/metrics` in Prometheus's text format, for a scraper presenting `Authorization: Bearer <METRICS_TOKEN>`
 * or for a signed-in administrator. Public to the session guard so that the scraper's static token (not a session)
 * reaches this check; the guard still puts a valid session's user on the request.
 */
@Controller()
export class MetricsController {
  constructor(
    private readonly metrics: MetricsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(EVENT_STORE) eventStore: EventStore,
    @Inject(DATABASE_POOL) database: Queryable,
    @Inject(JOB_QUEUE) queue: JobQueue,
    projections: ProjectionsService,
  ) {
    metrics.attachSources({
      projectionLag: async () =>
        projectionLagWithSeconds(database, await projections.lagReport(await eventStore.headCheckpoint())),
      jobCounts: () => queue.countsByName(),
    });
  }

  @Public()
  @Route(metricsRoute)
  async scrape(
    @Req() request: FastifyRequest & { authenticatedUser?: { isAdmin: boolean } },
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const header = request.headers.authorization;
    const bearer =
      typeof header === 'string' && header.startsWith('Bearer ') ? header.slice('Bearer '.length) : undefined;
    const scraper =
      this.config.metricsToken !== undefined && bearer !== undefined && sameSecret(bearer, this.config.metricsToken);
    if (!scraper) {
      // 403, not 401: a public route never answers 401 (clients read that as "your session ended").
      if (!request.authenticatedUser)
        throw forbidden(
          'Metrics need the METRICS_TOKEN bearer token or an administrator session',
          'METRICS_TOKEN_REQUIRED',
        );
      if (!request.authenticatedUser.isAdmin)
        throw forbidden('Metrics are for administrators and the metrics scraper', 'ADMIN_REQUIRED');
    }
    const body = await this.metrics.scrape();
    void reply
      .status(200)
      .header('Content-Type', this.metrics.contentType)
      .header('Cache-Control', 'no-store')
      .send(body);
  }
}
