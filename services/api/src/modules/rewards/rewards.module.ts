import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { projectionProviders } from '../../platform/projections/projection-registry';
import { InfluenceRewardsController } from './influence-rewards/influence-rewards.controller';
import { influenceRegistrationsProjection } from './influence-rewards/influence-registrations.projection';
import { GetVerifiedFollowerCountHandler } from './influence-rewards/get-verified-follower-count.query';
import { RewardsAccounts } from './infrastructure/rewards-accounts';
import { RewardsCommands } from './infrastructure/rewards-commands';
import { InstagramController } from './instagram/instagram.controller';
import { instagramRegistrationsProjection } from './instagram/instagram-registrations.projection';
import { GetReferralStatusHandler, ReferralStatusController } from './referral/get-referral-status.query';
import { ReferralController } from './referral/referral.controller';
import { ReferralApplication } from './referral/referral-application';
import { ApplySignUpReferralHandler } from './referral/apply-sign-up-referral.handler';
import { GetMasterKeyStatusHandler } from './master-key/get-master-key-status.query';
import { MasterKeyController } from './master-key/master-key.controller';
import { proofDropCompletionsProjection } from './master-key/proof-drops.projection';

/** Rewards: the daily master key, Instagram verification and monthly points, influence rewards and referrals. */
@Module({
  imports: [CqrsModule],
  controllers: [MasterKeyController, InstagramController, InfluenceRewardsController, ReferralController, ReferralStatusController],
  providers: [
    RewardsAccounts,
    RewardsCommands,
    ReferralApplication,
    ApplySignUpReferralHandler,
    GetMasterKeyStatusHandler,
    GetReferralStatusHandler,
    GetVerifiedFollowerCountHandler,
    ...projectionProviders(proofDropCompletionsProjection, instagramRegistrationsProjection, influenceRegistrationsProjection),
  ],
})
export class RewardsModule {}
