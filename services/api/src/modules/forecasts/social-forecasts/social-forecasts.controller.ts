import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import {
  CreateForecastRequestSchema,
  createForecastRoute,
  FORECAST_MESSAGES,
  ForecastsQuerySchema,
  PredictRequestSchema,
  predictRoute,
  type Prediction,
  type SocialForecast,
  type SocialForecastsResponse,
} from '@app/contracts/forecasts';
import type { z } from 'zod';
import { notFound } from '../../../platform/http/api-error';
import { ZodValidationPipe } from '../../../platform/http/zod-validation';
import { IdempotencyKey } from '../../../platform/idempotency/idempotency-key.decorator';
import type { IdempotentRequest } from '../../../platform/idempotency/unit-of-work';
import { GetContentForCommandQuery } from '../../content';
import { CurrentUser, type AuthenticatedUser } from '../../../platform/http/authenticated-user';
import { getExistingUser } from '../../identity';
import { newTransactionId } from '../../ledger';
import { idOf, newId } from '../forecast-ids';
import { stakeMoneyRefusal } from '../forecast-refusals';
import { ForecastCommands } from '../infrastructure/forecast-commands';
import { ForecastReader } from '../infrastructure/forecast-reader';
import { ForecastSettlement } from '../settlement/forecast-settlement';

type CreateBody = z.output<typeof CreateForecastRequestSchema>;
type PredictBody = z.output<typeof PredictRequestSchema>;

/**
 * Social forecasts (spec 2 §5, §9): the list, creation with the creator's stake, and predictions. Each stake moves
 * from the user's USD into `escrow:forecast:<id>` (PREDICTION) in the same append as the forecast's event, decided on
 * the forecast's stream: the pool, the expiry and the sandbox rule hold under concurrency.
 */
@Controller('social-forecasts')
export class ForecastsController {
  constructor(
    private readonly commands: ForecastCommands,
    private readonly reader: ForecastReader,
    private readonly settlement: ForecastSettlement,
    private readonly queryBus: QueryBus,
  ) {}

  @Get()
  async list(@Query(new ZodValidationPipe(ForecastsQuerySchema)) query: z.output<typeof ForecastsQuerySchema>): Promise<SocialForecastsResponse> {
    const now = new Date();
    const rows = await this.reader.forecasts({ status: query.status, contentId: query.content_id }, now);
    return { forecasts: await this.reader.forecastViews(rows, now) };
  }

  @Post()
  @HttpCode(201)
  async create(
    @IdempotencyKey(createForecastRoute.path) idempotency: IdempotentRequest,
    @CurrentUser() caller: AuthenticatedUser,
    @Body(new ZodValidationPipe(CreateForecastRequestSchema)) body: CreateBody,
  ): Promise<SocialForecast> {
    const contentId = body.content_id ? idOf(body.content_id, 'CONTENT_NOT_FOUND', FORECAST_MESSAGES.contentNotFound) : null;
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
        const content = contentId ? await this.queryBus.execute(new GetContentForCommandQuery(contentId, unit.transaction)) : null;
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

  @Post(':id/predict')
  @HttpCode(201)
  async predict(
    @IdempotencyKey(predictRoute.path) idempotency: IdempotentRequest,
    @CurrentUser() caller: AuthenticatedUser,
    @Param('id') rawId: string,
    @Body(new ZodValidationPipe(PredictRequestSchema)) body: PredictBody,
  ): Promise<Prediction> {
    const forecastId = idOf(rawId, 'FORECAST_NOT_FOUND', FORECAST_MESSAGES.forecastNotFound);
    const user = await getExistingUser(this.queryBus, caller.userId);
    const predictionId = newId();
    const transactionId = newTransactionId();
    const now = new Date().toISOString();
    const placed = await this.commands.run({
      forecastId,
      idempotency,
      moneyRefusal: stakeMoneyRefusal,
      prepare: () => ({
        type: 'PlacePrediction',
        data: { predictionId, user: { id: caller.userId, isDemo: user.is_demo }, side: body.prediction_side, amountMinor: body.prediction_amount, transactionId, now },
      }),
      answer: () => ({ predictionId }),
    });
    const row = await this.reader.prediction(placed.predictionId);
    if (!row) throw notFound('PREDICTION_NOT_FOUND', FORECAST_MESSAGES.predictionNotFound);
    const [view] = await this.reader.predictionViews([row], new Date());
    return view!;
  }

  private async view(forecastId: string): Promise<SocialForecast> {
    const row = await this.reader.forecast(forecastId);
    if (!row) throw notFound('FORECAST_NOT_FOUND', FORECAST_MESSAGES.forecastNotFound);
    const [view] = await this.reader.forecastViews([row], new Date());
    return view!;
  }
}
