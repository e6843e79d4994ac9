import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { projectionProviders } from '../../platform/projections/projection-registry';
import { LedgerModule } from '../ledger';
import { RewardsAccounts } from './infrastructure/rewards-accounts';
import { GetMasterKeyStatusHandler } from './master-key/get-master-key-status.query';
import { MasterKeyController } from './master-key/master-key.controller';
import { proofDropCompletionsProjection } from './master-key/proof-drops.projection';

/** Rewards: the daily master key, Instagram verification and monthly points, influence rewards and referrals. */
@Module({
  imports: [CqrsModule, LedgerModule],
  controllers: [MasterKeyController],
  providers: [RewardsAccounts, GetMasterKeyStatusHandler, ...projectionProviders(proofDropCompletionsProjection)],
})
export class RewardsModule {}
