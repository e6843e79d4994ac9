import { join } from 'node:path';
import { Inject, Logger, Module, OnModuleInit } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { runMigrations } from '@app/event-store';
import type pg from 'pg';
import { DATABASE_POOL } from '../../platform/database/database.tokens';
import { JOB_QUEUE, type JobQueue } from '../../platform/jobs/job-queue.port';
import { BuySharesController } from './buy-shares/buy-shares.controller';
import { ChangeHoldingVisibilityController } from './change-holding-visibility/change-holding-visibility.controller';
import { MarketCommands } from './infrastructure/market-commands';
import { MarketReader } from './infrastructure/market-reader';
import { ManageListingsController } from './manage-listings/manage-listings.controller';
import { OFFER_EXPIRY_JOB, OfferResolutions } from './manage-offers/offer-resolutions';
import { ManageOffersController } from './manage-offers/manage-offers.controller';
import { ReadHoldingsController } from './read-holdings/read-holdings.controller';
import { GetMarketShareholdersHandler } from './queries/market-shareholders.handler';

export const MARKET_MIGRATIONS_DIRECTORY = join(__dirname, 'migrations');
export const MARKET_MIGRATIONS_TABLE = 'market_migrations';

/** The content shares market (README): primary purchases, resale listings, escrowed offers, holdings. */
@Module({
  imports: [CqrsModule],
  controllers: [
    BuySharesController,
    ManageListingsController,
    ManageOffersController,
    ReadHoldingsController,
    ChangeHoldingVisibilityController,
  ],
  providers: [MarketCommands, MarketReader, OfferResolutions, GetMarketShareholdersHandler],
})
export class MarketModule implements OnModuleInit {
  private readonly logger = new Logger('Market');

  constructor(
    @Inject(DATABASE_POOL) private readonly pool: pg.Pool,
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
    private readonly offers: OfferResolutions,
  ) {}

  async onModuleInit(): Promise<void> {
    await runMigrations(this.pool, {
      directory: MARKET_MIGRATIONS_DIRECTORY,
      migrationsTable: MARKET_MIGRATIONS_TABLE,
    });
    this.jobs.registerHandler(OFFER_EXPIRY_JOB, async () => {
      await this.offers.expireDue();
    });
    await this.jobs.schedule(OFFER_EXPIRY_JOB, { everyMs: 60_000 });
    this.logger.log('Market ready');
  }
}
