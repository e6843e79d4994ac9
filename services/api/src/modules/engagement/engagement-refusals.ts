import { ENGAGEMENT_MESSAGES } from '@app/contracts/engagement';
import { ApiError, conflict, forbidden, notFound, tooManyRequests, unprocessable } from '../../platform/http/api-error';
import type { MoneyRefusal } from './domain/decide-money';
import type { SocialRefusal } from './domain/decide-social';

/** The one place engagement refusals become HTTP answers with the spec's texts. */
export function engagementRefusalToApiError(refusal: SocialRefusal | MoneyRefusal): ApiError {
  switch (refusal) {
    case 'CONTENT_ARCHIVED':
      return unprocessable('CONTENT_ARCHIVED', ENGAGEMENT_MESSAGES.contentArchived);
    case 'ALREADY_LIKED':
      return conflict('ALREADY_LIKED', ENGAGEMENT_MESSAGES.alreadyLiked);
    case 'ALREADY_SAVED':
      return conflict('ALREADY_SAVED', ENGAGEMENT_MESSAGES.alreadySaved);
    case 'MOVE_ALREADY_RECORDED':
      return conflict('MOVE_ALREADY_RECORDED', ENGAGEMENT_MESSAGES.moveAlreadyRecorded);
    case 'DAILY_MOVES_REACHED':
      return tooManyRequests(ENGAGEMENT_MESSAGES.dailyMovesReached, 'DAILY_MOVES_REACHED');
    case 'NOT_SAVED':
      return notFound('NOT_SAVED', ENGAGEMENT_MESSAGES.savedNotFound);
    case 'OWN_CONTENT':
      return forbidden(ENGAGEMENT_MESSAGES.ownContentTip, 'OWN_CONTENT');
    case 'DEMO_ISOLATION':
      return forbidden(ENGAGEMENT_MESSAGES.demoIsolation, 'DEMO_ACCOUNT_ISOLATION');
    case 'NOT_ADVERTISER':
      return forbidden(ENGAGEMENT_MESSAGES.advertisersOnly, 'ADVERTISERS_ONLY');
    case 'TOO_SMALL':
      return unprocessable('AMOUNT_TOO_SMALL', 'Amount is worth less than $0.0001');
    case 'SPONSORSHIP_NOT_FOUND':
      return notFound('SPONSORSHIP_NOT_FOUND', 'Sponsorship not found');
    case 'SPONSORSHIP_NOT_ENDED':
      return conflict('SPONSORSHIP_NOT_ENDED', 'The sponsorship is still running');
  }
}

export const contentNotFound = () => notFound('CONTENT_NOT_FOUND', ENGAGEMENT_MESSAGES.contentNotFound);
