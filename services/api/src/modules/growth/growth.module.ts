import { GetStakedGemsHandler } from './queries/get-staked-gems.query';
import { Inject, Module, type OnModuleInit } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { JOB_QUEUE, type JobQueue } from '../../platform/jobs/job-queue.port';
import { projectionProviders } from '../../platform/projections/projection-registry';
import { GrowthCatalogueService } from './config/growth-catalogue';
import { ReadEconomyController } from './read-economy/read-economy.controller';
import { FundProjectsController } from './fund-projects/fund-projects.controller';
import { FundingService } from './fund-projects/funding.service';
import { GROWTH_JOBS, GrowthJobs } from './growth-jobs';
import { GrowthFacts } from './infrastructure/growth-facts';
import { FundingProjects, InsurancePools, ShieldAccounts, StakingAccounts } from './infrastructure/growth-streams';
import { growthReadModel } from './projections/growth-read-model';
import { ReviewClaimsController } from './review-claims/review-claims.controller';
import { SubscribeShieldController } from './subscribe-shield/subscribe-shield.controller';
import { ShieldService } from './infrastructure/shield.service';
import { StakeGemsController } from './stake-gems/stake-gems.controller';
import { StakingService } from './stake-gems/staking.service';

/** The Growth Hub: staking channels, creator funding and the Social Shield, every gem through the ledger. */
@Module({
  imports: [CqrsModule],
  controllers: [
    StakeGemsController,
    FundProjectsController,
    SubscribeShieldController,
    ReviewClaimsController,
    ReadEconomyController,
  ],
  providers: [
    { provide: GrowthCatalogueService, useFactory: () => new GrowthCatalogueService() },
    StakingAccounts,
    FundingProjects,
    ShieldAccounts,
    InsurancePools,
    GrowthFacts,
    StakingService,
    FundingService,
    ShieldService,
    GrowthJobs,
    GetStakedGemsHandler,
    ...projectionProviders(growthReadModel),
  ],
})
export class GrowthModule implements OnModuleInit {
  constructor(
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    private readonly jobs: GrowthJobs,
  ) {}

  async onModuleInit(): Promise<void> {
    this.queue.registerHandler(GROWTH_JOBS.accrueStakes, async () => {
      await this.jobs.accrueStakes();
    });
    this.queue.registerHandler(GROWTH_JOBS.settleProjects, async () => {
      await this.jobs.settleProjects();
    });
    this.queue.registerHandler(GROWTH_JOBS.renewShields, async () => {
      await this.jobs.renewShields();
    });
    // Hourly: a day's reward is due within the hour it completes; a run that was missed is caught up by the next.
    await this.queue.schedule(GROWTH_JOBS.accrueStakes, { cron: '7 * * * *' });
    await this.queue.schedule(GROWTH_JOBS.settleProjects, { everyMs: 15 * 60_000 });
    await this.queue.schedule(GROWTH_JOBS.renewShields, { everyMs: 15 * 60_000 });
  }
}
