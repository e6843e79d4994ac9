import { Controller } from '@nestjs/common';
import { myCreatedForecastsRoute, myPredictionsRoute } from '@app/contracts/forecasts';
import type { PredictionsResponse, SocialForecastsResponse } from '@app/contracts/forecasts';
import { CurrentUser, type AuthenticatedUser } from '../../../platform/http/authenticated-user';
import { Route } from '../../../platform/http/route.decorator';
import { ForecastReader } from '../infrastructure/forecast-reader';

/** The caller's own predictions (their stakes, initial stakes included) and the forecasts they created. */
@Controller()
export class ListMyForecastsController {
  constructor(private readonly reader: ForecastReader) {}

  @Route(myPredictionsRoute)
  async predictions(@CurrentUser() caller: AuthenticatedUser): Promise<PredictionsResponse> {
    const now = new Date();
    return { predictions: await this.reader.predictionViews(await this.reader.predictionsOfUser(caller.userId), now) };
  }

  @Route(myCreatedForecastsRoute)
  async created(@CurrentUser() caller: AuthenticatedUser): Promise<SocialForecastsResponse> {
    const now = new Date();
    const rows = await this.reader.forecasts({ creatorId: caller.userId }, now);
    return { forecasts: await this.reader.forecastViews(rows, now) };
  }
}
