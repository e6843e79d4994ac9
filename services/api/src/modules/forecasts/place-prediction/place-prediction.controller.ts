import { Body, Controller, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { FORECAST_MESSAGES, PredictRequestSchema, predictRoute, type Prediction } from '@app/contracts/forecasts';
import type { z } from 'zod';
import { notFound } from '../../../platform/http/api-error';
import { ZodValidationPipe } from '../../../platform/http/zod-validation';
import { IdempotencyKey } from '../../../platform/idempotency/idempotency-key.decorator';
import type { IdempotentRequest } from '../../../platform/idempotency/unit-of-work';
import { CurrentUser, type AuthenticatedUser } from '../../../platform/http/authenticated-user';
import { Route } from '../../../platform/http/route.decorator';
import { getExistingUser } from '../../identity';
import { newTransactionId } from '../../ledger';
import { idOf, newId } from '../forecast-ids';
import { stakeMoneyRefusal } from '../forecast-refusals';
import { ForecastCommands } from '../infrastructure/forecast-commands';
import { ForecastReader } from '../infrastructure/forecast-reader';

type PredictBody = z.output<typeof PredictRequestSchema>;

/**
 * A prediction on a forecast (spec 2 §5): the stake moves from the user's USD into `escrow:forecast:<id>` in the same
 * append as `PredictionPlaced`, decided on the forecast's stream, so the pool, the expiry and the sandbox rule hold
 * under concurrency.
 */
@Controller()
export class PlacePredictionController {
  constructor(
    private readonly commands: ForecastCommands,
    private readonly reader: ForecastReader,
    private readonly queryBus: QueryBus,
  ) {}

  @Route(predictRoute)
  async predict(
    @IdempotencyKey(predictRoute) idempotency: IdempotentRequest,
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
        data: {
          predictionId,
          user: { id: caller.userId, isDemo: user.is_demo },
          side: body.prediction_side,
          amountMinor: body.prediction_amount,
          transactionId,
          now,
        },
      }),
      answer: () => ({ predictionId }),
    });
    const row = await this.reader.prediction(placed.predictionId);
    if (!row) throw notFound('PREDICTION_NOT_FOUND', FORECAST_MESSAGES.predictionNotFound);
    const [view] = await this.reader.predictionViews([row], new Date());
    return view!;
  }
}
