import { GetStakedGemsHandler } from './queries/get-staked-gems.query';
import { Inject, Module, type OnModuleInit } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { JOB_QUEUE, type JobQueue } from '../../platform/jobs/job-queue.port';
import { projectionProviders } from '../../platform/projections/projection-registry';
import { GrowthCatalogueService } from './config/growth-catalogue';
import { EconomyController } from './economy/economy.controller';
import { FundingController } from './funding/funding.controller';
import { FundingService } from './funding/funding.service';
import { GROWTH_JOBS, GrowthJobs } from './growth-jobs';
import { GrowthFacts } from './infrastructure/growth-facts';
import { FundingProjects, InsurancePools, ShieldAccounts, StakingAccounts } from './infrastructure/growth-streams';
import { growthReadModel } from './projections/growth-read-model';
import { ShieldAdminController } from './shield/shield-admin.controller';
import { ShieldController } from './shield/shield.controller';
import { ShieldService } from './shield/shield.service';
import { StakingController } from './staking/staking.controller';
import { StakingService } from './staking/staking.service';

/** The Growth Hub: staking channels, creator funding and the Social Shield, every gem through the ledger. */
@Module({
  imports: [CqrsModule],
  controllers: [StakingController, FundingController, ShieldController, ShieldAdminController, EconomyController],
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
