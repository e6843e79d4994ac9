import { REWARDS_MESSAGES } from '@app/contracts/rewards';
import { ApiError, badRequest, conflict, unprocessable } from '../../platform/http/api-error';
import type { RewardsRefusal } from './domain/rewards-account';

/** A refused rule as the HTTP answer the screens show (spec 1 §5, spec 2 §5). */
export function rewardsRefusalToApiError(
  refusal: RewardsRefusal,
  context: { completed?: number; required?: number } = {},
): ApiError {
  switch (refusal) {
    case 'PROOF_DROPS_MUST_REACH_REQUIREMENT':
      return unprocessable(
        'MASTER_KEY_NOT_READY',
        REWARDS_MESSAGES.masterKeyNotReady(context.completed ?? 0, context.required ?? 0),
        {
          proof_drops_completed: context.completed,
          proof_drops_required: context.required,
        },
      );
    case 'INSTAGRAM_MUST_BE_REGISTERED':
      return unprocessable('INSTAGRAM_NOT_REGISTERED', REWARDS_MESSAGES.instagramNotRegistered);
    case 'INSTAGRAM_USERNAME_MUST_MATCH':
      return conflict('INSTAGRAM_USERNAME_CHANGED', 'The registered Instagram username is a different one now');
    case 'INSTAGRAM_MUST_BE_VERIFIED':
      return unprocessable('INSTAGRAM_NOT_VERIFIED', REWARDS_MESSAGES.instagramNotVerified);
    case 'INSTAGRAM_MUST_NOT_BE_VERIFIED':
      return conflict('INSTAGRAM_ALREADY_VERIFIED', REWARDS_MESSAGES.instagramAlreadyVerified);
    case 'INSTAGRAM_CLAIM_ONCE_A_MONTH':
      return conflict('ALREADY_CLAIMED', REWARDS_MESSAGES.instagramAlreadyClaimed);
    case 'INFLUENCE_FOLLOWERS_MUST_REACH_MINIMUM':
      return unprocessable('MINIMUM_FOLLOWERS', REWARDS_MESSAGES.influenceMinimumFollowers);
    case 'INFLUENCE_FOLLOWERS_MUST_NOT_EXCEED_MAXIMUM':
      return badRequest('VALIDATION_ERROR', REWARDS_MESSAGES.influenceTooManyFollowers, [
        { field: 'follower_count', message: REWARDS_MESSAGES.influenceTooManyFollowers },
      ]);
    case 'INFLUENCE_USERNAME_MUST_MATCH':
      return conflict('INFLUENCE_USERNAME_CHANGED', REWARDS_MESSAGES.influenceUsernameChanged);
    case 'INFLUENCE_MUST_BE_VERIFIED':
      return unprocessable('INFLUENCE_NOT_VERIFIED', REWARDS_MESSAGES.influenceNotVerified);
    case 'INFLUENCE_MUST_NOT_BE_VERIFIED':
      return conflict('INFLUENCE_ALREADY_VERIFIED', REWARDS_MESSAGES.influenceAlreadyVerified);
    case 'INFLUENCE_MUST_BE_REGISTERED_THIS_MONTH':
      return unprocessable('INFLUENCE_NOT_REGISTERED', REWARDS_MESSAGES.influenceNotRegistered);
    case 'INFLUENCE_CLAIM_ONCE_A_MONTH':
      return conflict('ALREADY_CLAIMED', REWARDS_MESSAGES.influenceAlreadyClaimed);
    case 'REFERRAL_MUST_NOT_BE_OWN_CODE':
      return unprocessable('OWN_REFERRAL_CODE', REWARDS_MESSAGES.referralOwnCode);
    case 'REFERRAL_MUST_NOT_FORM_A_LOOP':
      return unprocessable('REFERRAL_LOOP', REWARDS_MESSAGES.referralLoop);
    case 'REFERRAL_ONLY_ONCE':
      return conflict('REFERRAL_ALREADY_APPLIED', REWARDS_MESSAGES.referralAlreadyApplied);
  }
}
