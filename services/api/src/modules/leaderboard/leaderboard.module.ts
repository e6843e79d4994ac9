import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { projectionProviders } from '../../platform/projections/projection-registry';
import { LeaderboardController } from './leaderboard.controller';
import { GetLeaderboardPositionHandler } from './leaderboard-position.query';
import { GetLeaderboardTopHandler } from './leaderboard-top.query';
import { leaderboardProjection } from './projections/leaderboard.projection';

/** The leaderboard: a projection of ledger events per day, ISO week and month. */
@Module({
  imports: [CqrsModule],
  controllers: [LeaderboardController],
  providers: [...projectionProviders(leaderboardProjection), GetLeaderboardPositionHandler, GetLeaderboardTopHandler],
})
export class LeaderboardModule {}
