import { Inject, Logger, Module, OnModuleInit } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { runMigrations } from '@app/event-store';
import type pg from 'pg';
import { join } from 'node:path';
import { DATABASE_POOL } from '../../platform/database/database.tokens';
import { CalculateMoveCostController } from './calculate-move-cost/calculate-move-cost.controller';
import { CreateCampaignController } from './create-campaign/create-campaign.controller';
import { CampaignCommands } from './infrastructure/campaign-commands';
import { CampaignReader } from './infrastructure/campaign-reader';
import { ManageCampaignsController } from './manage-campaigns/manage-campaigns.controller';
import { MovesSpentHandler } from './queries/moves-spent.handler';
import { ReadCampaignsController } from './read-campaigns/read-campaigns.controller';

/**
 * Advertising campaigns: the move cost formula, moves spent through the ledger, status transitions and figures
 * (issue 25).
 */
@Module({
  imports: [CqrsModule],
  // The cost route first: `calculate-move-cost` must not be taken for a campaign id.
  controllers: [
    CalculateMoveCostController,
    CreateCampaignController,
    ReadCampaignsController,
    ManageCampaignsController,
  ],
  providers: [CampaignCommands, CampaignReader, MovesSpentHandler],
})
export class CampaignsModule implements OnModuleInit {
  private readonly logger = new Logger('Campaigns');

  constructor(@Inject(DATABASE_POOL) private readonly pool: pg.Pool) {}

  async onModuleInit(): Promise<void> {
    await runMigrations(this.pool, {
      directory: join(__dirname, 'migrations'),
      migrationsTable: 'campaigns_migrations',
    });
    this.logger.log('Campaigns ready');
  }
}
