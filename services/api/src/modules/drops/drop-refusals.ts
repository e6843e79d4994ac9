import { DROP_MESSAGES } from '@app/contracts/drops';
import { formatMinor } from '@app/contracts/ledger';
import { ApiError, conflict, forbidden, notFound, unprocessable } from '../../platform/http/api-error';
import type { DropCommand, DropRefusal } from './domain/decision';

/** The one place drop refusals become HTTP answers with the spec's texts. */
export function dropRefusalToApiError(refusal: DropRefusal, commandType: DropCommand['type']): ApiError {
  switch (refusal.code) {
    case 'CREATOR_MUST_BE_ADVERTISER':
      return forbidden(DROP_MESSAGES.onlyAdvertisers, 'ADVERTISERS_ONLY');
    case 'FREE_TIER_MUST_CREATE_PROOF_DROPS_ONLY':
      return unprocessable('FREE_TIER_PROOF_DROPS_ONLY', DROP_MESSAGES.freeTierProofOnly);
    case 'TIER_LIMIT_MUST_NOT_BE_EXCEEDED':
      return unprocessable(
        'DROP_LIMIT_REACHED',
        refusal.window === 'week'
          ? DROP_MESSAGES.weeklyLimitReached(refusal.limit, refusal.kind)
          : DROP_MESSAGES.monthlyLimitReached(refusal.limit),
        { limit: refusal.limit, window: refusal.window, kind: refusal.kind },
      );
    case 'DROP_MUST_EXIST':
      return notFound('DROP_NOT_FOUND', DROP_MESSAGES.notFound);
    case 'CALLER_MUST_BE_CREATOR':
      return forbidden(
        commandType === 'UpdateDrop'
          ? DROP_MESSAGES.onlyCreatorEdits
          : commandType === 'DeleteDrop' || commandType === 'CloseDrop'
            ? DROP_MESSAGES.onlyCreatorDeletes
            : DROP_MESSAGES.onlyCreatorReviews,
        'NOT_DROP_CREATOR',
      );
    case 'KIND_MUST_NOT_CHANGE':
      return unprocessable('DROP_TYPE_IMMUTABLE', DROP_MESSAGES.typeCannotChange);
    case 'POOL_MUST_COVER_WHAT_WAS_PAID':
      return unprocessable('POOL_BELOW_PAID', DROP_MESSAGES.poolBelowPaid);
    case 'KEY_POOL_MUST_BE_NAMED_FOR_UNLIMITED_SEATS':
      return unprocessable('KEY_POOL_REQUIRED', DROP_MESSAGES.keyPoolRequired);
    case 'KEY_POOL_MUST_COVER_ONE_REWARD':
      return unprocessable('KEY_POOL_BELOW_REWARD', DROP_MESSAGES.keyPoolBelowReward);
    case 'KEY_POOL_MUST_COVER_WHAT_WAS_PAID_AND_PROMISED':
      return unprocessable('KEY_POOL_BELOW_PROMISED', DROP_MESSAGES.keyPoolBelowPromised);
    case 'KEY_POOL_MUST_COVER_ANOTHER_REWARD':
      return unprocessable('DROP_POOL_EXHAUSTED', DROP_MESSAGES.keyPoolExhausted);
    case 'DROP_MUST_BE_OPEN':
      return unprocessable('DROP_CLOSED', DROP_MESSAGES.dropClosed);
    case 'APPLICATIONS_MUST_BE_RESOLVED_BEFORE_CLOSING':
      return unprocessable('APPLICATIONS_IN_FLIGHT', DROP_MESSAGES.applicationsInFlight);
    case 'DROP_MUST_BE_ACTIVE':
      return unprocessable('DROP_NOT_ACTIVE', DROP_MESSAGES.notActive);
    default:
      return applicationRefusalToApiError(refusal);
  }
}

/** The refusals a drop's own commands (create, update, close, delete) answer; the rest are about applying. */
type DropLevelRefusal = Extract<
  DropRefusal,
  {
    code:
      | 'CREATOR_MUST_BE_ADVERTISER'
      | 'FREE_TIER_MUST_CREATE_PROOF_DROPS_ONLY'
      | 'TIER_LIMIT_MUST_NOT_BE_EXCEEDED'
      | 'DROP_MUST_EXIST'
      | 'CALLER_MUST_BE_CREATOR'
      | 'KIND_MUST_NOT_CHANGE'
      | 'POOL_MUST_COVER_WHAT_WAS_PAID'
      | 'KEY_POOL_MUST_BE_NAMED_FOR_UNLIMITED_SEATS'
      | 'KEY_POOL_MUST_COVER_ONE_REWARD'
      | 'KEY_POOL_MUST_COVER_WHAT_WAS_PAID_AND_PROMISED'
      | 'KEY_POOL_MUST_COVER_ANOTHER_REWARD'
      | 'DROP_MUST_BE_OPEN'
      | 'APPLICATIONS_MUST_BE_RESOLVED_BEFORE_CLOSING'
      | 'DROP_MUST_BE_ACTIVE';
  }
>;

/** The refusals about an applicant or an application. */
function applicationRefusalToApiError(refusal: Exclude<DropRefusal, DropLevelRefusal>): ApiError {
  switch (refusal.code) {
    case 'APPLICANT_MUST_NOT_BE_CREATOR':
      return unprocessable('OWN_DROP', DROP_MESSAGES.ownDrop);
    case 'APPLICANT_MUST_APPLY_ONCE':
      return conflict('ALREADY_APPLIED', DROP_MESSAGES.alreadyApplied);
    case 'DROP_MUST_HAVE_A_FREE_SEAT':
      return unprocessable('DROP_FULL', DROP_MESSAGES.full);
    case 'APPLICANT_MUST_HAVE_ENOUGH_FOLLOWERS':
      return unprocessable('FOLLOWER_THRESHOLD', DROP_MESSAGES.followersRequired(refusal.threshold), {
        follower_threshold: refusal.threshold,
      });
    case 'MASTER_KEY_MUST_BE_ACTIVATED_TODAY':
      return unprocessable('MASTER_KEY_REQUIRED', DROP_MESSAGES.masterKeyRequired);
    case 'KEYS_MUST_COVER_COST': {
      const missing = formatMinor(refusal.missingMinor, 'keys');
      return unprocessable('INSUFFICIENT_KEYS', DROP_MESSAGES.needMoreKeys(missing), { keys_needed: Number(missing) });
    }
    case 'POINTS_MUST_COVER_COST': {
      const missing = formatMinor(refusal.missingMinor, 'points');
      return unprocessable('INSUFFICIENT_POINTS', DROP_MESSAGES.needMorePoints(missing), {
        points_needed: Number(missing),
      });
    }
    case 'APPLICATION_MUST_EXIST':
      return notFound('APPLICATION_NOT_FOUND', DROP_MESSAGES.applicationNotFound);
    case 'CALLER_MUST_BE_APPLICANT':
      return forbidden(DROP_MESSAGES.onlyApplicantSubmits, 'NOT_APPLICANT');
    case 'APPLICATION_MUST_BE_PENDING':
      return unprocessable(
        'APPLICATION_NOT_PENDING',
        refusal.action === 'approve' ? DROP_MESSAGES.approveOnlyPending : DROP_MESSAGES.rejectOnlyPending,
      );
    case 'APPLICATION_MUST_BE_APPROVED':
      return unprocessable('APPLICATION_NOT_APPROVED', DROP_MESSAGES.submitOnlyApproved);
    case 'APPLICATION_MUST_BE_SUBMITTED':
      return unprocessable('APPLICATION_NOT_SUBMITTED', DROP_MESSAGES.completeOnlySubmitted);
    default: {
      const unknownRefusal: never = refusal;
      throw new Error(`Unmapped drop refusal ${(unknownRefusal as { code: string }).code}`);
    }
  }
}
