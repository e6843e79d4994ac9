import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';

/** Advertiser coupons: creation, assignment to drops and leaderboard bands, race-free redemption (issue 25). */
@Module({
  imports: [CqrsModule],
  controllers: [],
  providers: [],
})
export class IncentivesModule {}
