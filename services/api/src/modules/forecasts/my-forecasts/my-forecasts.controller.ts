import { Controller, Get } from '@nestjs/common';
import type { PredictionsResponse, SocialForecastsResponse } from '@app/contracts/forecasts';
import { CurrentUser, type AuthenticatedUser } from '../../../platform/http/authenticated-user';
import { ForecastReader } from '../infrastructure/forecast-reader';

/** The caller's own predictions (their stakes, initial stakes included) and the forecasts they created. */
@Controller('users')
export class MyForecastsController {
  constructor(private readonly reader: ForecastReader) {}

  @Get('forecasts')
  async predictions(@CurrentUser() caller: AuthenticatedUser): Promise<PredictionsResponse> {
    const now = new Date();
    return { predictions: await this.reader.predictionViews(await this.reader.predictionsOfUser(caller.userId), now) };
  }

  @Get('created-forecasts')
  async created(@CurrentUser() caller: AuthenticatedUser): Promise<SocialForecastsResponse> {
    const now = new Date();
    return { forecasts: await this.reader.forecastViews(await this.reader.forecasts({ creatorId: caller.userId }, now), now) };
  }
}
