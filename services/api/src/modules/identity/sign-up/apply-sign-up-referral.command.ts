import { Command } from '@nestjs/cqrs';
import type { SignUpReferral } from '@app/contracts/identity';

/**
 * A new account's referral code (from `/auth?ref=CODE`, by e-mail sign-up or Google), asked of the rewards context
 * through the command bus right after the account is created (identity does not know how referrals pay). Answers
 * what became of it; a refusal is an answer, not an error, because the account exists either way.
 */
export class ApplySignUpReferralCommand extends Command<SignUpReferral> {
  constructor(
    readonly userId: string,
    readonly referralCode: string,
  ) {
    super();
  }
}
