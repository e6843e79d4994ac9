import { join } from 'node:path';
import { Inject, Logger, Module, OnModuleInit } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { runMigrations } from '@app/event-store';
import type pg from 'pg';
import { DATABASE_POOL } from '../../platform/database/database.tokens';
import { JOB_QUEUE, type JobQueue } from '../../platform/jobs/job-queue.port';
import { EngagementCommands } from './infrastructure/engagement-commands';
import { EngagementStore } from './infrastructure/engagement-store';
import { SponsorshipReader } from './infrastructure/sponsorship-reader';
import { ManageSavedContentController } from './manage-saved-content/manage-saved-content.controller';
import { GetEngagementShareholdersHandler } from './queries/engagement-shareholders.handler';
import { GetLiveBoostsHandler } from './queries/get-live-boosts.query';
import { GetShareLinkClicksHandler } from './queries/get-share-link-clicks.query';
import { RecordSocialActionsController } from './record-social-actions/record-social-actions.controller';
import { RewardCommentHandler } from './reward-comment/reward-comment.handler';
import { ContentRemovedReactor } from './settle-removed-content/content-removed.reactor';
import { ShareLinksController } from './share-links/share-links.controller';
import { SponsorContentController } from './sponsor-content/sponsor-content.controller';
import {
  SPONSORSHIP_EXPIRY_JOB,
  SPONSORSHIP_SWEEP_JOB,
  SponsorshipCommands,
} from './sponsor-content/sponsorship-commands';
import { TipContentController } from './tip-content/tip-content.controller';

export const ENGAGEMENT_MIGRATIONS_DIRECTORY = join(__dirname, 'migrations');
export const ENGAGEMENT_MIGRATIONS_TABLE = 'engagement_migrations';

/**
 * Engagement: social actions and external moves (points under ENGAGEMENT_REWARD, daily caps), free engagement
 * shares, saved content, share links, tips and funds, and sponsorships held in escrow then spent by a job (README).
 */
@Module({
  imports: [CqrsModule],
  // The sponsorship routes go first: `/api/content/sponsored` and `/api/content/sponsor` are static paths.
  controllers: [
    SponsorContentController,
    TipContentController,
    RecordSocialActionsController,
    ManageSavedContentController,
    ShareLinksController,
  ],
  providers: [
    EngagementStore,
    EngagementCommands,
    SponsorshipCommands,
    SponsorshipReader,
    GetLiveBoostsHandler,
    GetEngagementShareholdersHandler,
    GetShareLinkClicksHandler,
    ContentRemovedReactor,
    RewardCommentHandler,
  ],
})
export class EngagementModule implements OnModuleInit {
  private readonly logger = new Logger('Engagement');

  constructor(
    @Inject(DATABASE_POOL) private readonly pool: pg.Pool,
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
    private readonly sponsorships: SponsorshipCommands,
  ) {}

  async onModuleInit(): Promise<void> {
    await runMigrations(this.pool, {
      directory: ENGAGEMENT_MIGRATIONS_DIRECTORY,
      migrationsTable: ENGAGEMENT_MIGRATIONS_TABLE,
    });
    this.jobs.registerHandler<{ sponsorshipId: string }>(SPONSORSHIP_EXPIRY_JOB, async ({ sponsorshipId }) => {
      // Delayed to the end; a job that runs early (clock skew) leaves it to the sweep.
      await this.sponsorships.spend(sponsorshipId);
    });
    this.jobs.registerHandler(SPONSORSHIP_SWEEP_JOB, async () => {
      await this.sponsorships.spendDue();
    });
    await this.jobs.schedule(SPONSORSHIP_SWEEP_JOB, { everyMs: 60_000 });
    this.logger.log('Engagement ready');
  }
}
