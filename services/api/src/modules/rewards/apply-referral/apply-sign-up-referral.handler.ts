import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { SignUpReferral } from '@app/contracts/identity';
import { ApiError } from '../../../platform/http/api-error';
import { ApplySignUpReferralCommand } from '../../identity';
import { ReferralApplication } from './referral-application';

/** Identity's new account with a referral code: applied like `process-referral`; a refusal comes back as an answer. */
@CommandHandler(ApplySignUpReferralCommand)
export class ApplySignUpReferralHandler implements ICommandHandler<ApplySignUpReferralCommand, SignUpReferral> {
  constructor(private readonly referrals: ReferralApplication) {}

  async execute(command: ApplySignUpReferralCommand): Promise<SignUpReferral> {
    try {
      const applied = await this.referrals.apply({ userId: command.userId, referralCode: command.referralCode });
      return {
        applied: true,
        referral_code: applied.referral_code,
        referred_by: applied.referred_by,
        referred_reward: applied.referred_reward,
        referrer_reward: applied.referrer_reward,
      };
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return { applied: false, referral_code: command.referralCode, code: error.code, error: error.message };
    }
  }
}
