import { Body, Controller } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import {
  CreateForecastRequestSchema,
  createForecastRoute,
  FORECAST_MESSAGES,
  type SocialForecast,
} from '@app/contracts/forecasts';
import type { z } from 'zod';
import { notFound } from '../../../platform/http/api-error';
import { ZodValidationPipe } from '../../../platform/http/zod-validation';
import { IdempotencyKey } from '../../../platform/idempotency/idempotency-key.decorator';
import type { IdempotentRequest } from '../../../platform/idempotency/unit-of-work';
import { GetContentForCommandQuery } from '../../content';
import { CurrentUser, type AuthenticatedUser } from '../../../platform/http/authenticated-user';
import { Route } from '../../../platform/http/route.decorator';
import { getExistingUser } from '../../identity';
import { newTransactionId } from '../../ledger';
import { idOf, newId } from '../forecast-ids';
import { stakeMoneyRefusal } from '../forecast-refusals';
import { ForecastCommands } from '../infrastructure/forecast-commands';
import { ForecastReader } from '../infrastructure/forecast-reader';
import { ForecastSettlement } from '../settle-forecasts/forecast-settlement';

type CreateBody = z.output<typeof CreateForecastRequestSchema>;

/**
 * Creating a social forecast (spec 2 §5, §9) with the creator's stake: it moves from the user's USD into
 * `escrow:forecast:<id>` (PREDICTION) in the same append as `ForecastCreated`, decided on the forecast's stream; the
 * settlement is queued for the expiry.
 */
@Controller()
export class CreateForecastController {
  constructor(
    private readonly commands: ForecastCommands,
    private readonly reader: ForecastReader,
    private readonly settlement: ForecastSettlement,
    private readonly queryBus: QueryBus,
  ) {}

  @Route(createForecastRoute)
  async create(
    @IdempotencyKey(createForecastRoute) idempotency: IdempotentRequest,
    @CurrentUser() caller: AuthenticatedUser,
    @Body(new ZodValidationPipe(CreateForecastRequestSchema)) body: CreateBody,
  ): Promise<SocialForecast> {
    const contentId = body.content_id
      ? idOf(body.content_id, 'CONTENT_NOT_FOUND', FORECAST_MESSAGES.contentNotFound)
      : null;
    const creator = await getExistingUser(this.queryBus, caller.userId);
    // Fixed outside the unit of work: a rerun after a version conflict decides the same forecast.
    const forecastId = newId();
    const predictionId = newId();
    const transactionId = newTransactionId();
    const now = new Date().toISOString();
    const expiresAt = new Date(body.expires_at).toISOString();
    const created = await this.commands.run({
      forecastId,
      idempotency,
      moneyRefusal: stakeMoneyRefusal,
      prepare: async (unit) => {
        const content = contentId
          ? await this.queryBus.execute(new GetContentForCommandQuery(contentId, unit.transaction))
          : null;
        if (contentId && !content) throw notFound('CONTENT_NOT_FOUND', FORECAST_MESSAGES.contentNotFound);
        return {
          type: 'CreateForecast',
          data: {
            forecastId,
            creator: { id: caller.userId, isDemo: creator.is_demo },
            contentId,
            contentUrl: body.content_url,
            platform: body.platform?.trim() || content?.platform || null,
            contentTitle: content?.title ?? null,
            // Comments of this platform's content have no public query yet: those forecasts are observed by the oracle.
            onPlatform: content !== null && body.forecast_type !== 'comments',
            forecastType: body.forecast_type,
            targetValue: body.target_value,
            oddsTenths: Math.round(body.odds * 10),
            expiresAt,
            predictionId,
            side: body.initial_side,
            amountMinor: body.initial_amount,
            transactionId,
            now,
          },
        };
      },
      answer: () => ({ forecastId }),
    });
    await this.settlement.schedule(created.forecastId, new Date(expiresAt), 'expiry');
    return this.view(created.forecastId);
  }

  private async view(forecastId: string): Promise<SocialForecast> {
    const row = await this.reader.forecast(forecastId);
    if (!row) throw notFound('FORECAST_NOT_FOUND', FORECAST_MESSAGES.forecastNotFound);
    const [view] = await this.reader.forecastViews([row], new Date());
    return view!;
  }
}
