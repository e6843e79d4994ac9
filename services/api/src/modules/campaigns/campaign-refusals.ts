import { CAMPAIGN_MESSAGES } from '@app/contracts/campaigns';
import { ApiError, conflict, forbidden, notFound } from '../../platform/http/api-error';
import type { CampaignRefusal } from './domain/campaign';

/** A campaign decider's refusal as the HTTP answer (nothing was written). */
export function campaignRefusalToApiError(refusal: CampaignRefusal, detail?: { from: string; to: string }): ApiError {
  switch (refusal) {
    case 'CAMPAIGN_EXISTS':
      return conflict(refusal, 'This campaign exists already');
    case 'CAMPAIGN_NOT_FOUND':
      return notFound(refusal, CAMPAIGN_MESSAGES.notFound);
    case 'NOT_CAMPAIGN_OWNER':
      return forbidden(CAMPAIGN_MESSAGES.notOwner, refusal);
    case 'CAMPAIGN_COMPLETED':
      return conflict(refusal, CAMPAIGN_MESSAGES.completed);
    case 'INVALID_STATUS_TRANSITION':
      return conflict(
        refusal,
        detail ? CAMPAIGN_MESSAGES.transition(detail.from, detail.to) : 'This status change is not allowed',
      );
    case 'ITEM_ALREADY_ADDED':
      return conflict(refusal, CAMPAIGN_MESSAGES.itemAlreadyAdded);
    case 'ITEM_NOT_IN_CAMPAIGN':
      return notFound(refusal, CAMPAIGN_MESSAGES.itemNotInCampaign);
  }
}
