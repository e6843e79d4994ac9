import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { projectionProviders } from '../../platform/projections/projection-registry';
import { AwardExperienceHandler } from './award-experience/award-experience.command';
import { ClaimAchievementController } from './claim-achievement/claim-achievement.controller';
import { ProgressAccounts } from './infrastructure/progress-accounts';
import { progressCountersProjection } from './projections/progress-counters.projection';
import { GetUserProgressHandler } from './queries/get-user-progress.query';
import { ListAchievementsController } from './list-achievements/list-achievements.controller';
import { ReadProgressController } from './read-progress/read-progress.controller';

/** Progress: XP and levels (events on the user's progress stream) and the achievements computed from events. */
@Module({
  imports: [CqrsModule],
  controllers: [ReadProgressController, ListAchievementsController, ClaimAchievementController],
  providers: [
    ProgressAccounts,
    GetUserProgressHandler,
    AwardExperienceHandler,
    ...projectionProviders(progressCountersProjection),
  ],
})
export class ProgressModule {}
