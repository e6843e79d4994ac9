import { Module } from '@nestjs/common';
import { projectionProviders } from '../../platform/projections/projection-registry';
import { PlatformStatsController } from './platform-stats.controller';
import { platformStatsProjection } from './projections/platform-stats.projection';

/** Public platform statistics for the landing page: a projection of identity, drops and ledger events. */
@Module({
  controllers: [PlatformStatsController],
  providers: [...projectionProviders(platformStatsProjection)],
})
export class PlatformStatsModule {}
