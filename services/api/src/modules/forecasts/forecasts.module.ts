import { join } from 'node:path';
import { Inject, Logger, Module, OnModuleInit } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { runMigrations } from '@app/event-store';
import type pg from 'pg';
import { DATABASE_POOL } from '../../platform/database/database.tokens';
import { JOB_QUEUE, type JobQueue } from '../../platform/jobs/job-queue.port';
import { CreateForecastController } from './create-forecast/create-forecast.controller';
import { ForecastCommands } from './infrastructure/forecast-commands';
import { ForecastReader } from './infrastructure/forecast-reader';
import { ListForecastsController } from './list-forecasts/list-forecasts.controller';
import { ListMyForecastsController } from './list-my-forecasts/list-my-forecasts.controller';
import { PlacePredictionController } from './place-prediction/place-prediction.controller';
import { ReadPortfolioPredictionsController } from './read-portfolio-predictions/read-portfolio-predictions.controller';
import { PendingObservationsController } from './record-observation/pending-observations.controller';
import { RecordObservationController } from './record-observation/record-observation.controller';
import { FORECAST_JOBS, ForecastSettlement } from './settle-forecasts/forecast-settlement';

export const FORECASTS_MIGRATIONS_DIRECTORY = join(__dirname, 'migrations');
export const FORECASTS_MIGRATIONS_TABLE = 'forecasts_migrations';

/**
 * Social forecasts and predictions on content metrics, with stakes held in the ledger and settled by a job (README).
 */
@Module({
  imports: [CqrsModule],
  controllers: [
    ListForecastsController,
    CreateForecastController,
    PlacePredictionController,
    ListMyForecastsController,
    ReadPortfolioPredictionsController,
    PendingObservationsController,
    RecordObservationController,
  ],
  providers: [ForecastCommands, ForecastReader, ForecastSettlement],
})
export class ForecastsModule implements OnModuleInit {
  private readonly logger = new Logger('Forecasts');

  constructor(
    @Inject(DATABASE_POOL) private readonly pool: pg.Pool,
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
    private readonly settlement: ForecastSettlement,
  ) {}

  async onModuleInit(): Promise<void> {
    await runMigrations(this.pool, {
      directory: FORECASTS_MIGRATIONS_DIRECTORY,
      migrationsTable: FORECASTS_MIGRATIONS_TABLE,
    });
    this.jobs.registerHandler<{ forecastId: string }>(FORECAST_JOBS.settle, async ({ forecastId }) => {
      await this.settlement.settle(forecastId);
    });
    this.jobs.registerHandler(FORECAST_JOBS.sweep, async () => {
      await this.settlement.settleDue();
    });
    await this.jobs.schedule(FORECAST_JOBS.sweep, { everyMs: 60_000 });
    this.logger.log('Forecasts ready');
  }
}
