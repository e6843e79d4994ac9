import { resaleFeeFor } from '@app/contracts/market';
import { availableToSell, type MarketEvent, type MarketState, type OfferOutcome } from './market';
import { marketPriceFor } from './price';

/** Ledger account ids as the ledger spells them; the domain imports no module. */
export const accounts = {
  user: (userId: string) => `user:${userId}`,
  offerEscrow: (offerId: string) => `escrow:offer:${offerId}`,
  fees: 'system:fees',
};

export interface Posting {
  debitAccount: string;
  creditAccount: string;
  currency: 'usd';
  amountMinor: bigint;
}

export type MarketRefusal =
  | 'CONTENT_ARCHIVED'
  | 'OWN_CONTENT'
  | 'NOT_ENOUGH_SHARES'
  | 'MORE_THAN_AVAILABLE_TO_SELL'
  | 'LISTING_NOT_FOUND'
  | 'LISTING_NOT_ACTIVE'
  | 'NOT_YOUR_LISTING'
  | 'OWN_LISTING'
  | 'OFFER_NOT_FOUND'
  | 'OFFER_NOT_PENDING'
  | 'NOT_YOUR_OFFER'
  | 'OWN_OFFER'
  | 'OFFER_EXPIRED'
  | 'OFFER_NOT_EXPIRED'
  | 'SELLER_HAS_TOO_FEW';

export type Decision =
  | { kind: 'accepted'; events: MarketEvent[]; postings: Posting[]; priceMinor: bigint; totalMinor: bigint; feeMinor: bigint }
  | { kind: 'refused'; refusal: MarketRefusal };

export interface ContentFacts {
  creatorId: string;
  status: 'active' | 'archived';
  totalShares: number;
  /** The engagement pool set aside at creation: never sold. */
  engagementPool: number;
  fundingUsdMinor: bigint;
}

export type MarketCommand =
  | { type: 'BuyShares'; data: { buyerId: string; content: ContentFacts; quantity: number; transactionId: string; now: string } }
  | { type: 'OpenListing'; data: { sellerId: string; listingId: string; quantity: number; askMinor: bigint; now: string } }
  | { type: 'CancelListing'; data: { callerId: string; listingId: string; now: string } }
  | { type: 'BuyListing'; data: { buyerId: string; listingId: string; quantity: number; transactionId: string; now: string } }
  | { type: 'MakeOffer'; data: { buyerId: string; sellerId: string; offerId: string; quantity: number; bidMinor: bigint; transactionId: string; now: string; expiresAt: string } }
  | { type: 'AcceptOffer'; data: { callerId: string; offerId: string; transactionId: string; now: string } }
  | { type: 'CloseOffer'; data: { callerId: string | null; offerId: string; outcome: OfferOutcome; transactionId: string; now: string } };

const refuse = (refusal: MarketRefusal): Decision => ({ kind: 'refused', refusal });
const accept = (events: MarketEvent[], postings: Posting[] = [], priceMinor = 0n, totalMinor = 0n, feeMinor = 0n): Decision => ({
  kind: 'accepted',
  events,
  postings,
  priceMinor,
  totalMinor,
  feeMinor,
});

/** Primary shares still for sale: total − engagement pool − sold (never below 0 after an edit). */
export const primaryAvailable = (state: MarketState, content: Pick<ContentFacts, 'totalShares' | 'engagementPool'>) =>
  Math.max(0, content.totalShares - content.engagementPool - state.sold);

/** A resale of `quantity` at `priceMinor` paid out of `from`: the seller gets total − fee, the fee goes to system:fees. */
function resalePostings(from: string, sellerId: string, totalMinor: bigint, feeMinor: bigint): Posting[] {
  const postings: Posting[] = [{ debitAccount: from, creditAccount: accounts.user(sellerId), currency: 'usd', amountMinor: totalMinor - feeMinor }];
  if (feeMinor > 0n) postings.push({ debitAccount: from, creditAccount: accounts.fees, currency: 'usd', amountMinor: feeMinor });
  return postings;
}

export function decideMarket(command: MarketCommand, state: MarketState): Decision {
  switch (command.type) {
    case 'BuyShares': {
      const { buyerId, content, quantity, transactionId, now } = command.data;
      if (content.status !== 'active') return refuse('CONTENT_ARCHIVED');
      if (buyerId === content.creatorId) return refuse('OWN_CONTENT');
      if (quantity < 1 || quantity > primaryAvailable(state, content)) return refuse('NOT_ENOUGH_SHARES');
      const priceMinor = marketPriceFor({ fundingUsdMinor: content.fundingUsdMinor, totalShares: content.totalShares, lastTradePriceMinor: state.lastTradePriceMinor });
      const totalMinor = priceMinor * BigInt(quantity);
      // No platform cut on primary sales: the creator receives the whole price.
      const postings: Posting[] = [{ debitAccount: accounts.user(buyerId), creditAccount: accounts.user(content.creatorId), currency: 'usd', amountMinor: totalMinor }];
      const event: MarketEvent = {
        type: 'SharesBought',
        data: { buyerId, creatorId: content.creatorId, quantity, priceMinor: String(priceMinor), totalMinor: String(totalMinor), transactionId, at: now },
      };
      return accept([event], postings, priceMinor, totalMinor);
    }
    case 'OpenListing': {
      const { sellerId, listingId, quantity, askMinor, now } = command.data;
      if (quantity < 1 || quantity > availableToSell(state, sellerId)) return refuse('MORE_THAN_AVAILABLE_TO_SELL');
      return accept([{ type: 'ListingOpened', data: { listingId, sellerId, quantity, askMinor: String(askMinor), at: now } }]);
    }
    case 'CancelListing': {
      const listing = state.listings[command.data.listingId];
      if (!listing) return refuse('LISTING_NOT_FOUND');
      if (listing.sellerId !== command.data.callerId) return refuse('NOT_YOUR_LISTING');
      if (!listing.active) return refuse('LISTING_NOT_ACTIVE');
      return accept([{ type: 'ListingCancelled', data: { listingId: command.data.listingId, at: command.data.now } }]);
    }
    case 'BuyListing': {
      const { buyerId, listingId, quantity, transactionId, now } = command.data;
      const listing = state.listings[listingId];
      if (!listing) return refuse('LISTING_NOT_FOUND');
      if (!listing.active) return refuse('LISTING_NOT_ACTIVE');
      if (listing.sellerId === buyerId) return refuse('OWN_LISTING');
      if (quantity < 1 || quantity > listing.remaining) return refuse('NOT_ENOUGH_SHARES');
      const totalMinor = listing.askMinor * BigInt(quantity);
      const feeMinor = resaleFeeFor(totalMinor);
      const event: MarketEvent = {
        type: 'ListingFilled',
        data: { listingId, buyerId, sellerId: listing.sellerId, quantity, priceMinor: String(listing.askMinor), totalMinor: String(totalMinor), feeMinor: String(feeMinor), transactionId, at: now },
      };
      return accept([event], resalePostings(accounts.user(buyerId), listing.sellerId, totalMinor, feeMinor), listing.askMinor, totalMinor, feeMinor);
    }
    case 'MakeOffer': {
      const { buyerId, sellerId, offerId, quantity, bidMinor, transactionId, now, expiresAt } = command.data;
      if (buyerId === sellerId) return refuse('OWN_OFFER');
      if (quantity < 1 || quantity > availableToSell(state, sellerId)) return refuse('SELLER_HAS_TOO_FEW');
      const totalMinor = bidMinor * BigInt(quantity);
      const event: MarketEvent = {
        type: 'OfferMade',
        data: { offerId, buyerId, sellerId, quantity, bidMinor: String(bidMinor), totalMinor: String(totalMinor), transactionId, at: now, expiresAt },
      };
      // The whole bid moves into the offer's own escrow: it can pay exactly this offer, once.
      return accept([event], [{ debitAccount: accounts.user(buyerId), creditAccount: accounts.offerEscrow(offerId), currency: 'usd', amountMinor: totalMinor }], bidMinor, totalMinor);
    }
    case 'AcceptOffer': {
      const { callerId, offerId, transactionId, now } = command.data;
      const offer = state.offers[offerId];
      if (!offer) return refuse('OFFER_NOT_FOUND');
      if (offer.sellerId !== callerId) return refuse('NOT_YOUR_OFFER');
      if (offer.status !== 'pending') return refuse('OFFER_NOT_PENDING');
      if (now >= offer.expiresAt) return refuse('OFFER_EXPIRED');
      if (offer.quantity > availableToSell(state, offer.sellerId)) return refuse('SELLER_HAS_TOO_FEW');
      const feeMinor = resaleFeeFor(offer.totalMinor);
      const event: MarketEvent = {
        type: 'OfferAccepted',
        data: { offerId, buyerId: offer.buyerId, sellerId: offer.sellerId, quantity: offer.quantity, priceMinor: String(offer.bidMinor), totalMinor: String(offer.totalMinor), feeMinor: String(feeMinor), transactionId, at: now },
      };
      return accept([event], resalePostings(accounts.offerEscrow(offerId), offer.sellerId, offer.totalMinor, feeMinor), offer.bidMinor, offer.totalMinor, feeMinor);
    }
    case 'CloseOffer': {
      const { callerId, offerId, outcome, transactionId, now } = command.data;
      const offer = state.offers[offerId];
      if (!offer) return refuse('OFFER_NOT_FOUND');
      if (outcome === 'declined' && callerId !== offer.sellerId) return refuse('NOT_YOUR_OFFER');
      if (outcome === 'cancelled' && callerId !== offer.buyerId) return refuse('NOT_YOUR_OFFER');
      if (offer.status !== 'pending') return refuse('OFFER_NOT_PENDING');
      if (outcome === 'expired' && now < offer.expiresAt) return refuse('OFFER_NOT_EXPIRED');
      const refund: Posting = { debitAccount: accounts.offerEscrow(offerId), creditAccount: accounts.user(offer.buyerId), currency: 'usd', amountMinor: offer.totalMinor };
      return accept([{ type: 'OfferClosed', data: { offerId, outcome, transactionId, at: now } }], [refund], offer.bidMinor, offer.totalMinor);
    }
  }
}
