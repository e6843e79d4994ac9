import { Inject, Logger, Module, OnModuleInit } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { runMigrations } from '@app/event-store';
import type pg from 'pg';
import { DATABASE_POOL } from '../../platform/database/database.tokens';
import { projectionProviders } from '../../platform/projections/projection-registry';
import { ApplyToDropController } from './apply-to-drop/apply-to-drop.controller';
import { DropCommandRunner } from './infrastructure/drop-command-runner';
import { DROPS_MIGRATIONS_DIRECTORY, DROPS_MIGRATIONS_TABLE } from './infrastructure/drop-migrations';
import { OutsideFacts } from './infrastructure/outside-facts';
import { ManageDropsController } from './manage-drops/manage-drops.controller';
import { dropsReadModel } from './projections/drops-read-model';
import { ListDropsHandler } from './queries/list-drops.query';
import { ReadDropsController } from './read-drops/read-drops.controller';
import { ReviewApplicationsController } from './review-applications/review-applications.controller';
import { SeedDemoDropsHandler } from './seed-demo-drops/seed-demo-drops.handler';

/**
 * Drops: advertisers post proof, paid and move drops; users apply, submit work and are paid from the drop's gem
 * pool. Money moves only through the ledger; the master key comes from the rewards context's query.
 */
@Module({
  imports: [CqrsModule],
  controllers: [ReadDropsController, ManageDropsController, ApplyToDropController, ReviewApplicationsController],
  providers: [
    ...projectionProviders(dropsReadModel),
    DropCommandRunner,
    OutsideFacts,
    SeedDemoDropsHandler,
    ListDropsHandler,
  ],
})
export class DropsModule implements OnModuleInit {
  private readonly logger = new Logger('Drops');

  constructor(@Inject(DATABASE_POOL) private readonly pool: pg.Pool) {}

  async onModuleInit(): Promise<void> {
    await runMigrations(this.pool, { directory: DROPS_MIGRATIONS_DIRECTORY, migrationsTable: DROPS_MIGRATIONS_TABLE });
    this.logger.log('Drops ready');
  }
}
