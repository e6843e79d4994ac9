import { Body, Controller, Param } from '@nestjs/common';
import {
  FORECAST_MESSAGES,
  RecordObservationRequestSchema,
  recordObservationRoute,
  type RecordObservationRequest,
  type SocialForecast,
} from '@app/contracts/forecasts';
import { notFound } from '../../../platform/http/api-error';
import { ZodValidationPipe } from '../../../platform/http/zod-validation';
import { IdempotencyKey } from '../../../platform/idempotency/idempotency-key.decorator';
import type { IdempotentRequest } from '../../../platform/idempotency/unit-of-work';
import { AdminOnly } from '../../../platform/http/public.decorator';
import { CurrentUser, type AuthenticatedUser } from '../../../platform/http/authenticated-user';
import { Route } from '../../../platform/http/route.decorator';
import { idOf } from '../forecast-ids';
import { ForecastCommands } from '../infrastructure/forecast-commands';
import { ForecastReader } from '../infrastructure/forecast-reader';
import { ForecastSettlement } from '../settle-forecasts/forecast-settlement';

/**
 * The oracle (admins only): records the observed metric of a forecast on an external URL. An observation made at or
 * after the forecast's expiry is the one it settles on: its settlement job is queued at once.
 */
@Controller()
@AdminOnly()
export class RecordObservationController {
  constructor(
    private readonly commands: ForecastCommands,
    private readonly reader: ForecastReader,
    private readonly settlement: ForecastSettlement,
  ) {}

  @Route(recordObservationRoute)
  async record(
    @IdempotencyKey(recordObservationRoute) idempotency: IdempotentRequest,
    @CurrentUser() caller: AuthenticatedUser,
    @Param('id') rawId: string,
    @Body(new ZodValidationPipe(RecordObservationRequestSchema)) body: RecordObservationRequest,
  ): Promise<SocialForecast> {
    const forecastId = idOf(rawId, 'FORECAST_NOT_FOUND', FORECAST_MESSAGES.forecastNotFound);
    const now = new Date().toISOString();
    const observedAt = body.observed_at ? new Date(body.observed_at).toISOString() : now;
    const recorded = await this.commands.run({
      forecastId,
      idempotency,
      prepare: () => ({
        type: 'RecordObservation',
        data: { value: body.value, observedAt, source: 'oracle', recordedBy: caller.userId, now },
      }),
      answer: (_decision, after) => ({
        settles: after.terms !== null && Date.parse(observedAt) >= Date.parse(after.terms.expiresAt),
        observedAt,
      }),
    });
    if (recorded.settles)
      await this.settlement.schedule(forecastId, new Date(), `observed-${Date.parse(recorded.observedAt)}`);
    const row = await this.reader.forecast(forecastId);
    if (!row) throw notFound('FORECAST_NOT_FOUND', FORECAST_MESSAGES.forecastNotFound);
    const [view] = await this.reader.forecastViews([row], new Date());
    return view!;
  }
}
