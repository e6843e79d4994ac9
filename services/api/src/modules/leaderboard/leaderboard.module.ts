import { Module } from '@nestjs/common';
import { projectionProviders } from '../../platform/projections/projection-registry';
import { LeaderboardController } from './leaderboard.controller';
import { leaderboardProjection } from './leaderboard.projection';

/** The leaderboard: a projection of ledger events per day, ISO week and month. */
@Module({
  controllers: [LeaderboardController],
  providers: [...projectionProviders(leaderboardProjection)],
})
export class LeaderboardModule {}
