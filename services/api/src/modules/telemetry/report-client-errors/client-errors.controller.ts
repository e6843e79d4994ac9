import { Body, Controller, Query, Req } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import type { FastifyRequest } from 'fastify';
import {
  CLIENT_ERROR_MAX_BYTES,
  listClientErrorsRoute,
  reportClientErrorRoute,
  TELEMETRY_MESSAGES,
  type ClientErrorReport,
  type ClientErrorsResponse,
} from '@app/contracts/telemetry';
import { badRequest, tooManyRequests } from '../../../platform/http/api-error';
import type { JsonBodyLimitConfig } from '../../../platform/http/body-parsing';
import { ZodValidationPipe } from '../../../platform/http/zod-validation';
import { AdminOnly, Public } from '../../../platform/http/public.decorator';
import { CurrentUser, type AuthenticatedUser } from '../../../platform/http/authenticated-user';
import { clientKeyOf } from '../infrastructure/client-rate-limiter';
import { TelemetryStore } from '../infrastructure/telemetry-store';
import { ClientErrorRateLimiter } from '../telemetry.config';
import { Route } from '../../../platform/http/route.decorator';

/** Client error reports: the screens send failed API answers (500/502/503/504) and error-boundary crashes. */
@Controller()
export class ClientErrorsController {
  constructor(
    private readonly store: TelemetryStore,
    private readonly limiter: ClientErrorRateLimiter,
  ) {}

  @Public()
  @Route(reportClientErrorRoute)
  @RouteConfig({ jsonBodyLimit: CLIENT_ERROR_MAX_BYTES } satisfies JsonBodyLimitConfig)
  async report(
    @Body(new ZodValidationPipe(reportClientErrorRoute.body)) report: ClientErrorReport,
    @CurrentUser({ optional: true }) caller: AuthenticatedUser | undefined,
    @Req() request: FastifyRequest,
  ): Promise<{ id: string }> {
    const verdict = this.limiter.take(clientKeyOf(caller, request.ip));
    if (!verdict.allowed)
      throw tooManyRequests(
        TELEMETRY_MESSAGES.errorRateLimited,
        'CLIENT_ERRORS_RATE_LIMITED',
        verdict.retryAfterSeconds,
      );
    // Stored as jsonb: anything JSON can say; a lone string (a stack) is kept as a JSON string.
    let details: string | null = null;
    if (report.errorDetails !== undefined && report.errorDetails !== null) {
      details = JSON.stringify(report.errorDetails);
      if (details === undefined)
        throw badRequest('VALIDATION_ERROR', 'errorDetails must be JSON', [
          { field: 'errorDetails', message: 'errorDetails must be JSON' },
        ]);
    }
    const userAgent = request.headers['user-agent'];
    const id = await this.store.recordClientError(report, details, {
      userId: caller?.userId ?? null,
      userAgent: typeof userAgent === 'string' ? userAgent.slice(0, 500) : null,
    });
    return { id };
  }

  @AdminOnly()
  @Route(listClientErrorsRoute)
  async list(
    @Query(new ZodValidationPipe(listClientErrorsRoute.query)) query: { limit: number; source?: string },
  ): Promise<ClientErrorsResponse> {
    return { errors: await this.store.recentClientErrors(query.limit, query.source) };
  }
}
