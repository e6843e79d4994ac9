import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';

/** Advertising campaigns: the move cost formula, moves spent through the ledger, status transitions and figures (issue 25). */
@Module({
  imports: [CqrsModule],
  controllers: [],
  providers: [],
})
export class CampaignsModule {}
