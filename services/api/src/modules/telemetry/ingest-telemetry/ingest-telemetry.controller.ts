import { randomUUID } from 'node:crypto';
import { Body, Controller, Inject, Logger, Query, Req } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import type { FastifyRequest } from 'fastify';
import {
  ingestTelemetryRoute,
  TELEMETRY_MAX_BATCH_BYTES,
  TELEMETRY_MESSAGES,
  type TelemetryAccepted,
  type TelemetryBatch,
  type TelemetryIngestQuery,
} from '@app/contracts/telemetry';
import { ApiError, tooManyRequests } from '../../../platform/http/api-error';
import { ZodValidationPipe } from '../../../platform/http/zod-validation';
import { JOB_QUEUE, type JobQueue } from '../../../platform/jobs/job-queue.port';
import { Public } from '../../../platform/http/public.decorator';
import { CurrentUser, type AuthenticatedUser } from '../../../platform/http/authenticated-user';
import type { JsonBodyLimitConfig } from '../../../platform/http/body-parsing';
import { clientKeyOf } from '../infrastructure/client-rate-limiter';
import { TelemetryRateLimiter } from '../telemetry.config';
import { BatchEnqueuer } from './batch-enqueuer';
import { Route } from '../../../platform/http/route.decorator';

/**
 * `POST /api/telemetry`: a batch is validated, stamped (server receive time, the caller's user) and queued as one job;
 * 202 once the queue holds it. Storing (raw rows, daily counts, published content views) happens in the job, once
 * per batch id.
 */
@Controller()
export class IngestTelemetryController {
  private readonly logger = new Logger('Telemetry');
  private readonly enqueuer: BatchEnqueuer;

  constructor(
    @Inject(JOB_QUEUE) jobs: JobQueue,
    private readonly limiter: TelemetryRateLimiter,
  ) {
    this.enqueuer = new BatchEnqueuer(jobs);
  }

  @Public()
  @Route(ingestTelemetryRoute)
  @RouteConfig({ jsonBodyLimit: TELEMETRY_MAX_BATCH_BYTES } satisfies JsonBodyLimitConfig)
  async ingest(
    @Body(new ZodValidationPipe(ingestTelemetryRoute.body)) batch: TelemetryBatch,
    @Query(new ZodValidationPipe(ingestTelemetryRoute.query)) query: TelemetryIngestQuery,
    @CurrentUser({ optional: true }) caller: AuthenticatedUser | undefined,
    @Req() request: FastifyRequest,
  ): Promise<TelemetryAccepted> {
    const verdict = this.limiter.take(clientKeyOf(caller, request.ip));
    if (!verdict.allowed)
      throw tooManyRequests(TELEMETRY_MESSAGES.rateLimited, 'TELEMETRY_RATE_LIMITED', verdict.retryAfterSeconds);
    const batchId = query.batch_id ?? randomUUID();
    const receivedAt = new Date().toISOString();
    // The user is the caller's, never the body's `user_id` (anyone can write any id there).
    const events = batch.map((event) => ({
      receivedAt,
      sessionId: event.session_id,
      userId: caller?.userId ?? null,
      eventType: event.event_type,
      payload: event.payload,
    }));
    try {
      await this.enqueuer.enqueue(batchId, events);
    } catch (error) {
      this.logger.warn(`Telemetry batch not queued: ${(error as Error).message}`);
      const busy = new ApiError(503, 'TELEMETRY_UNAVAILABLE', TELEMETRY_MESSAGES.busy);
      busy.retryAfterSeconds = 5;
      throw busy;
    }
    return { accepted: batch.length, batch_id: batchId };
  }
}
