import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';

/** Client telemetry (impressions, clicks, views) accepted fast and stored in batches, and client error reports (issue 25). */
@Module({
  imports: [CqrsModule],
  controllers: [],
  providers: [],
})
export class TelemetryModule {}
