import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { projectionProviders } from '../../platform/projections/projection-registry';
import { AchievementsController } from './achievements/achievements.controller';
import { AwardExperienceHandler, GetUserProgressHandler, ProgressController } from './experience/experience';
import { ProgressAccounts } from './infrastructure/progress-accounts';
import { progressCountersProjection } from './infrastructure/progress-counters.projection';

/** Progress: XP and levels (events on the user's progress stream) and the achievements computed from events. */
@Module({
  imports: [CqrsModule],
  controllers: [ProgressController, AchievementsController],
  providers: [ProgressAccounts, GetUserProgressHandler, AwardExperienceHandler, ...projectionProviders(progressCountersProjection)],
})
export class ProgressModule {}
