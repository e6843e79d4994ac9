import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';

/** Social forecasts and predictions on content metrics, with stakes held in the ledger and settled by a job (issue 22). */
@Module({
  imports: [CqrsModule],
  controllers: [],
  providers: [],
})
export class ForecastsModule {}
