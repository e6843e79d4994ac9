import { join } from 'node:path';
import { Inject, Logger, Module, OnModuleInit } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { runMigrations } from '@app/event-store';
import type pg from 'pg';
import { DATABASE_POOL } from '../../platform/database/database.tokens';
import { JOB_QUEUE, type JobQueue } from '../../platform/jobs/job-queue.port';
import { GroupedBatchWriter } from './infrastructure/grouped-batch-writer';
import { TelemetryStore } from './infrastructure/telemetry-store';
import { TelemetryCountsHandler } from './queries/telemetry-counts.handler';
import { ClientErrorsController } from './report-client-errors/client-errors.controller';
import { IngestTelemetryController } from './ingest-telemetry/ingest-telemetry.controller';
import {
  STORE_TELEMETRY_BATCH_JOB,
  batchesOf,
  type StoreTelemetryBatchPayload,
} from './ingest-telemetry/store-telemetry-batch.job';
import { telemetryLimiterProviders } from './telemetry.config';

export const TELEMETRY_MIGRATIONS_DIRECTORY = join(__dirname, 'migrations');
export const TELEMETRY_MIGRATIONS_TABLE = 'telemetry_migrations';
export const TELEMETRY_PRUNE_JOB = 'telemetry.prune';

/**
 * Client telemetry (impressions, clicks, views) accepted fast and stored in batches, and client error reports
 * (issue 25).
 */
@Module({
  imports: [CqrsModule],
  controllers: [IngestTelemetryController, ClientErrorsController],
  providers: [TelemetryStore, TelemetryCountsHandler, ...telemetryLimiterProviders],
})
export class TelemetryModule implements OnModuleInit {
  private readonly logger = new Logger('Telemetry');

  constructor(
    @Inject(DATABASE_POOL) private readonly pool: pg.Pool,
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
    private readonly store: TelemetryStore,
  ) {}

  async onModuleInit(): Promise<void> {
    await runMigrations(this.pool, {
      directory: TELEMETRY_MIGRATIONS_DIRECTORY,
      migrationsTable: TELEMETRY_MIGRATIONS_TABLE,
    });
    // At least once: a batch already stored (telemetry_batches) is skipped, so a retried job counts it once.
    // Jobs that run at the same time are written as one group (one transaction and commit): see GroupedBatchWriter.
    const writer = new GroupedBatchWriter((batches) => this.store.storeBatches(batches));
    this.jobs.registerHandler<StoreTelemetryBatchPayload>(STORE_TELEMETRY_BATCH_JOB, (payload) =>
      writer.store(batchesOf(payload)),
    );
    this.jobs.registerHandler(TELEMETRY_PRUNE_JOB, () => this.store.prune(new Date()));
    await this.jobs.schedule(TELEMETRY_PRUNE_JOB, { cron: '17 3 * * *' });
    this.logger.log('Telemetry ready');
  }
}
