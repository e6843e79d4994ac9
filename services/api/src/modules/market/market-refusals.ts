import { MARKET_MESSAGES } from '@app/contracts/market';
import { ApiError, conflict, forbidden, notFound, unprocessable } from '../../platform/http/api-error';
import type { MarketRefusal } from './domain/decide';

/** A market decider's refusal as the HTTP answer (nothing was written). */
export function marketRefusalToApiError(refusal: MarketRefusal): ApiError {
  switch (refusal) {
    case 'CONTENT_ARCHIVED':
      return unprocessable(refusal, MARKET_MESSAGES.archived);
    case 'OWN_CONTENT':
      return unprocessable(refusal, MARKET_MESSAGES.ownContent);
    case 'NOT_ENOUGH_SHARES':
      return unprocessable(refusal, MARKET_MESSAGES.notEnoughShares);
    case 'MORE_THAN_AVAILABLE_TO_SELL':
      return unprocessable(refusal, MARKET_MESSAGES.moreThanAvailableToSell);
    case 'LISTING_NOT_FOUND':
      return notFound(refusal, MARKET_MESSAGES.listingNotFound);
    case 'LISTING_NOT_ACTIVE':
      return conflict(refusal, MARKET_MESSAGES.listingNotActive);
    case 'NOT_YOUR_LISTING':
      return forbidden('Only the seller can cancel this listing', refusal);
    case 'OWN_LISTING':
      return unprocessable(refusal, MARKET_MESSAGES.ownListing);
    case 'OFFER_NOT_FOUND':
      return notFound(refusal, MARKET_MESSAGES.offerNotFound);
    case 'OFFER_NOT_PENDING':
      return conflict(refusal, MARKET_MESSAGES.offerNotPending);
    case 'NOT_YOUR_OFFER':
      return forbidden('This offer is not yours to answer', refusal);
    case 'OWN_OFFER':
      return unprocessable(refusal, MARKET_MESSAGES.ownOffer);
    case 'OFFER_EXPIRED':
      return conflict(refusal, 'This offer has expired');
    case 'OFFER_NOT_EXPIRED':
      return conflict(refusal, 'This offer has not expired yet');
    case 'SELLER_HAS_TOO_FEW':
      return unprocessable(refusal, MARKET_MESSAGES.sellerHasTooFew);
  }
}
