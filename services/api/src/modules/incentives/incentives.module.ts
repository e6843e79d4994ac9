import { join } from 'node:path';
import { Inject, Module, type OnModuleInit } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { runMigrations } from '@app/event-store';
import type pg from 'pg';
import { DATABASE_POOL } from '../../platform/database/database.tokens';
import { JOB_QUEUE, type JobQueue } from '../../platform/jobs/job-queue.port';
import { CouponsController } from './manage-coupons/coupons.controller';
import { CouponCommands } from './infrastructure/coupon-commands';
import { Coupons } from './infrastructure/coupon-streams';
import { CouponViews } from './infrastructure/coupon-views';
import { LEADERBOARD_AWARDS_JOB, LeaderboardAwardsJob } from './infrastructure/leaderboard-awards.job';

export const INCENTIVES_MIGRATIONS_DIRECTORY = join(__dirname, 'migrations');

/** Advertiser coupons: creation, assignment to drops and leaderboard bands, race-free redemption (issue 25). */
@Module({
  imports: [CqrsModule],
  controllers: [CouponsController],
  providers: [Coupons, CouponCommands, CouponViews, LeaderboardAwardsJob],
})
export class IncentivesModule implements OnModuleInit {
  constructor(
    @Inject(DATABASE_POOL) private readonly pool: pg.Pool,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    private readonly awards: LeaderboardAwardsJob,
  ) {}

  async onModuleInit(): Promise<void> {
    await runMigrations(this.pool, {
      directory: INCENTIVES_MIGRATIONS_DIRECTORY,
      migrationsTable: 'incentives_migrations',
    });
    this.queue.registerHandler(LEADERBOARD_AWARDS_JOB, async () => {
      await this.awards.run();
    });
    // Hourly: the week closes Monday 00:00 UTC; a missed run is caught up by the next one during that week.
    await this.queue.schedule(LEADERBOARD_AWARDS_JOB, { cron: '11 * * * *' });
  }
}
