import { Controller, Param, Query } from '@nestjs/common';
import {
  FORECAST_MESSAGES,
  PortfolioPredictionsQuerySchema,
  portfolioPredictionsRoute,
  predictionDetailRoute,
  type PredictionDetail,
  type PredictionsResponse,
} from '@app/contracts/forecasts';
import type { z } from 'zod';
import { notFound } from '../../../platform/http/api-error';
import { ZodValidationPipe } from '../../../platform/http/zod-validation';
import { CurrentUser, type AuthenticatedUser } from '../../../platform/http/authenticated-user';
import { Route } from '../../../platform/http/route.decorator';
import { idOf } from '../forecast-ids';
import { ForecastReader } from '../infrastructure/forecast-reader';

/**
 * The predictions of the portfolio (spec 2 §7): the caller's, or another user's (`?userId`, forecasts are public as
 * the participants lists show), and one prediction's detail with the trajectory of real observations.
 */
@Controller()
export class ReadPortfolioPredictionsController {
  constructor(private readonly reader: ForecastReader) {}

  @Route(portfolioPredictionsRoute)
  async list(
    @CurrentUser() caller: AuthenticatedUser,
    @Query(new ZodValidationPipe(PortfolioPredictionsQuerySchema))
    query: z.output<typeof PortfolioPredictionsQuerySchema>,
  ): Promise<PredictionsResponse> {
    const now = new Date();
    return {
      predictions: await this.reader.predictionViews(
        await this.reader.predictionsOfUser(query.userId || caller.userId),
        now,
      ),
    };
  }

  @Route(predictionDetailRoute)
  async detail(@Param('id') rawId: string): Promise<PredictionDetail> {
    const predictionId = idOf(rawId, 'PREDICTION_NOT_FOUND', FORECAST_MESSAGES.predictionNotFound);
    const prediction = await this.reader.prediction(predictionId);
    const detail = prediction ? await this.reader.detail(prediction, new Date()) : null;
    if (!detail) throw notFound('PREDICTION_NOT_FOUND', FORECAST_MESSAGES.predictionNotFound);
    return detail;
  }
}
