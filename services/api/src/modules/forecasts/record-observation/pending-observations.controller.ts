import { Controller, Inject } from '@nestjs/common';
import { listPendingObservationsRoute } from '@app/contracts/forecasts';
import type pg from 'pg';
import type { SocialForecastsResponse } from '@app/contracts/forecasts';
import { DATABASE_POOL } from '../../../platform/database/database.tokens';
import { AdminOnly } from '../../../platform/http/public.decorator';
import { Route } from '../../../platform/http/route.decorator';
import { FORECAST_COLUMNS, ForecastReader, type ForecastRow } from '../infrastructure/forecast-reader';

/** How many waiting forecasts one page of the oracle's work list shows. */
const PENDING_OBSERVATIONS_LIMIT = 200;

/**
 * The oracle's work list (admins only): expired forecasts that only an administrator can observe (an external URL,
 * or a comments count) and that have no observation at or after their expiry yet, so they cannot settle. Read from
 * the inline read models, so a forecast leaves the list the moment its settling observation is recorded.
 */
@Controller()
@AdminOnly()
export class PendingObservationsController {
  constructor(
    private readonly reader: ForecastReader,
    @Inject(DATABASE_POOL) private readonly pool: pg.Pool,
  ) {}

  @Route(listPendingObservationsRoute)
  async pending(): Promise<SocialForecastsResponse> {
    const now = new Date();
    const { rows } = await this.pool.query<ForecastRow>(
      `SELECT ${FORECAST_COLUMNS} FROM forecasts f
        WHERE NOT f.on_platform AND f.resolved_at IS NULL AND f.settled_at IS NULL AND f.expires_at <= $1
          AND NOT EXISTS (SELECT 1 FROM forecast_observations o
            WHERE o.forecast_id = f.forecast_id AND o.observed_at >= f.expires_at)
        ORDER BY f.expires_at, f.forecast_id LIMIT ${PENDING_OBSERVATIONS_LIMIT}`,
      [now],
    );
    return { forecasts: await this.reader.forecastViews(rows, now) };
  }
}
