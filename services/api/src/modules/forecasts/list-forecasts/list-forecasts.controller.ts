import { Controller, Query } from '@nestjs/common';
import { ForecastsQuerySchema, listForecastsRoute, type SocialForecastsResponse } from '@app/contracts/forecasts';
import type { z } from 'zod';
import { ZodValidationPipe } from '../../../platform/http/zod-validation';
import { Route } from '../../../platform/http/route.decorator';
import { ForecastReader } from '../infrastructure/forecast-reader';

/** Social forecasts (spec 2 §5, §9): the list, by status and content, from the inline read model. */
@Controller()
export class ListForecastsController {
  constructor(private readonly reader: ForecastReader) {}

  @Route(listForecastsRoute)
  async list(
    @Query(new ZodValidationPipe(listForecastsRoute.query)) query: z.output<typeof ForecastsQuerySchema>,
  ): Promise<SocialForecastsResponse> {
    const now = new Date();
    const rows = await this.reader.forecasts({ status: query.status, contentId: query.content_id }, now);
    return { forecasts: await this.reader.forecastViews(rows, now) };
  }
}
