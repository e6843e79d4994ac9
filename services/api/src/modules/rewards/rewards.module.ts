import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { projectionProviders } from '../../platform/projections/projection-registry';
import { ActivateMasterKeyController } from './activate-master-key/activate-master-key.controller';
import { ApplyReferralController } from './apply-referral/apply-referral.controller';
import { ApplySignUpReferralHandler } from './apply-referral/apply-sign-up-referral.handler';
import { ReferralApplication } from './apply-referral/referral-application';
import { RewardsAccounts } from './infrastructure/rewards-accounts';
import { RewardsCommands } from './infrastructure/rewards-commands';
import { influenceRegistrationsProjection } from './projections/influence-registrations.projection';
import { instagramRegistrationsProjection } from './projections/instagram-registrations.projection';
import { proofDropCompletionsProjection } from './projections/proof-drops.projection';
import { GetMasterKeyStatusHandler } from './queries/get-master-key-status.query';
import { GetReferralStatusHandler } from './queries/get-referral-status.query';
import { GetVerifiedFollowerCountHandler } from './queries/get-verified-follower-count.query';
import { ReadReferralStatusController } from './read-referral-status/read-referral-status.controller';
import { VerifyInfluenceController } from './verify-influence/verify-influence.controller';
import { VerifyInstagramController } from './verify-instagram/verify-instagram.controller';

/** Rewards: the daily master key, Instagram verification and monthly points, influence rewards and referrals. */
@Module({
  imports: [CqrsModule],
  controllers: [
    ActivateMasterKeyController,
    VerifyInstagramController,
    VerifyInfluenceController,
    ApplyReferralController,
    ReadReferralStatusController,
  ],
  providers: [
    RewardsAccounts,
    RewardsCommands,
    ReferralApplication,
    ApplySignUpReferralHandler,
    GetMasterKeyStatusHandler,
    GetReferralStatusHandler,
    GetVerifiedFollowerCountHandler,
    ...projectionProviders(
      proofDropCompletionsProjection,
      instagramRegistrationsProjection,
      influenceRegistrationsProjection,
    ),
  ],
})
export class RewardsModule {}
