import { PROGRESS_MESSAGES } from '@app/contracts/progress';
import { badRequest, conflict, notFound, unprocessable, type ApiError } from '../../platform/http/api-error';
import type { ProgressRefusal } from './domain/progress-account';

/** An XP award the decider refused: a caller's mistake (400), whatever the rule it broke. */
export function experienceRefusalError(_refusal: ProgressRefusal): ApiError {
  return badRequest('INVALID_XP_AMOUNT', 'XP awards must be a positive whole number');
}

/** An achievement claim the decider refused, as its HTTP answer. */
export function claimRefusalError(refusal: ProgressRefusal): ApiError {
  switch (refusal) {
    case 'ACHIEVEMENT_MUST_EXIST':
      return notFound('ACHIEVEMENT_NOT_FOUND', PROGRESS_MESSAGES.achievementNotFound);
    case 'ACHIEVEMENT_MUST_BE_MET':
      return unprocessable('ACHIEVEMENT_NOT_MET', PROGRESS_MESSAGES.achievementNotMet);
    case 'ACHIEVEMENT_CLAIMED_ONCE':
      return conflict('ACHIEVEMENT_ALREADY_CLAIMED', PROGRESS_MESSAGES.achievementAlreadyClaimed);
    case 'XP_MUST_BE_POSITIVE':
      return unprocessable('INVALID_XP_AMOUNT', 'XP awards must be a positive whole number');
  }
}
