import {
  escrowAccount,
  SYSTEM_ACCOUNTS,
  userAccount,
  type AccountId,
  type MoneyMovement,
  type Posting,
  type ReasonCode,
} from '@app/contracts/ledger';
import { resaleFeeFor } from '@app/contracts/market';
import { availableToSell, type MarketEvent, type MarketState, type OfferOutcome } from './market';
import { marketPriceFor } from './price';

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

/** The whole outcome of an accepted command: its events, the money they move (null: none), the trade's figures. */
export type Decision =
  | {
      kind: 'accepted';
      events: MarketEvent[];
      money: MoneyMovement | null;
      priceMinor: bigint;
      totalMinor: bigint;
      feeMinor: bigint;
    }
  | { kind: 'refused'; refusal: MarketRefusal };

export interface ContentFacts {
  creatorId: string;
  status: 'active' | 'archived';
  totalShares: number;
  /** The engagement pool set aside at creation: never sold. */
  engagementPool: number;
  fundingUsdMinor: bigint;
}

/** What a command that moves money carries: the item (the transaction's reference), its transaction id and time. */
interface MoneyCommand {
  contentId: string;
  transactionId: string;
  now: string;
}

export type MarketCommand =
  | { type: 'BuyShares'; data: MoneyCommand & { buyerId: string; content: ContentFacts; quantity: number } }
  | {
      type: 'OpenListing';
      data: { sellerId: string; listingId: string; quantity: number; askMinor: bigint; now: string };
    }
  | { type: 'CancelListing'; data: { callerId: string; listingId: string; now: string } }
  | { type: 'BuyListing'; data: MoneyCommand & { buyerId: string; listingId: string; quantity: number } }
  | {
      type: 'MakeOffer';
      data: MoneyCommand & {
        buyerId: string;
        sellerId: string;
        offerId: string;
        quantity: number;
        bidMinor: bigint;
        expiresAt: string;
      };
    }
  | { type: 'AcceptOffer'; data: MoneyCommand & { callerId: string; offerId: string } }
  | { type: 'CloseOffer'; data: MoneyCommand & { callerId: string | null; offerId: string; outcome: OfferOutcome } };

type Data<Type extends MarketCommand['type']> = Extract<MarketCommand, { type: Type }>['data'];

const refuse = (refusal: MarketRefusal): Decision => ({ kind: 'refused', refusal });
function accept(
  events: MarketEvent[],
  money: MoneyMovement | null = null,
  priceMinor = 0n,
  totalMinor = 0n,
  feeMinor = 0n,
): Decision {
  return { kind: 'accepted', events, money, priceMinor, totalMinor, feeMinor };
}

const usd = (debitAccount: AccountId, creditAccount: AccountId, amountMinor: bigint): Posting => ({
  debitAccount,
  creditAccount,
  currency: 'usd',
  amountMinor,
});

/** One USD ledger transaction of the item's market, referenced by the item. */
function movement(command: MoneyCommand, reasonCode: ReasonCode, description: string, postings: Posting[]) {
  const { transactionId, now, contentId } = command;
  return { transactionId, reasonCode, description, postings, now, references: { contentId } } satisfies MoneyMovement;
}

/** Primary shares still for sale: total − engagement pool − sold (never below 0 after an edit). */
export const primaryAvailable = (state: MarketState, content: Pick<ContentFacts, 'totalShares' | 'engagementPool'>) =>
  Math.max(0, content.totalShares - content.engagementPool - state.sold);

/** A resale paid out of `from`: the seller gets total − fee, the fee (when any) goes to system:fees. */
function resalePostings(from: AccountId, sellerId: string, totalMinor: bigint, feeMinor: bigint): Posting[] {
  const postings = [usd(from, userAccount(sellerId), totalMinor - feeMinor)];
  if (feeMinor > 0n) postings.push(usd(from, SYSTEM_ACCOUNTS.fees, feeMinor));
  return postings;
}

export function decideMarket(command: MarketCommand, state: MarketState): Decision {
  switch (command.type) {
    case 'BuyShares':
      return buyShares(command.data, state);
    case 'OpenListing': {
      const { sellerId, listingId, quantity, askMinor, now } = command.data;
      if (quantity < 1 || quantity > availableToSell(state, sellerId)) return refuse('MORE_THAN_AVAILABLE_TO_SELL');
      return accept([
        { type: 'ListingOpened', data: { listingId, sellerId, quantity, askMinor: String(askMinor), at: now } },
      ]);
    }
    case 'CancelListing': {
      const listing = state.listings[command.data.listingId];
      if (!listing) return refuse('LISTING_NOT_FOUND');
      if (listing.sellerId !== command.data.callerId) return refuse('NOT_YOUR_LISTING');
      if (!listing.active) return refuse('LISTING_NOT_ACTIVE');
      return accept([{ type: 'ListingCancelled', data: { listingId: command.data.listingId, at: command.data.now } }]);
    }
    case 'BuyListing':
      return buyListing(command.data, state);
    case 'MakeOffer':
      return makeOffer(command.data, state);
    case 'AcceptOffer':
      return acceptOffer(command.data, state);
    case 'CloseOffer':
      return closeOffer(command.data, state);
  }
}

function buyShares(command: Data<'BuyShares'>, state: MarketState): Decision {
  const { buyerId, content, quantity, transactionId, now } = command;
  if (content.status !== 'active') return refuse('CONTENT_ARCHIVED');
  if (buyerId === content.creatorId) return refuse('OWN_CONTENT');
  if (quantity < 1 || quantity > primaryAvailable(state, content)) return refuse('NOT_ENOUGH_SHARES');
  const { fundingUsdMinor, totalShares } = content;
  const priceMinor = marketPriceFor({ fundingUsdMinor, totalShares, lastTradePriceMinor: state.lastTradePriceMinor });
  const totalMinor = priceMinor * BigInt(quantity);
  const event: MarketEvent = {
    type: 'SharesBought',
    data: {
      buyerId,
      creatorId: content.creatorId,
      quantity,
      priceMinor: String(priceMinor),
      totalMinor: String(totalMinor),
      transactionId,
      at: now,
    },
  };
  // No platform cut on primary sales: the creator receives the whole price.
  const postings = [usd(userAccount(buyerId), userAccount(content.creatorId), totalMinor)];
  const money = movement(command, 'SHARE_PURCHASE', `${quantity} shares bought`, postings);
  return accept([event], money, priceMinor, totalMinor);
}

function buyListing(command: Data<'BuyListing'>, state: MarketState): Decision {
  const { buyerId, listingId, quantity, transactionId, now } = command;
  const listing = state.listings[listingId];
  if (!listing) return refuse('LISTING_NOT_FOUND');
  if (!listing.active) return refuse('LISTING_NOT_ACTIVE');
  if (listing.sellerId === buyerId) return refuse('OWN_LISTING');
  if (quantity < 1 || quantity > listing.remaining) return refuse('NOT_ENOUGH_SHARES');
  const totalMinor = listing.askMinor * BigInt(quantity);
  const feeMinor = resaleFeeFor(totalMinor);
  const event: MarketEvent = {
    type: 'ListingFilled',
    data: {
      listingId,
      buyerId,
      sellerId: listing.sellerId,
      quantity,
      priceMinor: String(listing.askMinor),
      totalMinor: String(totalMinor),
      feeMinor: String(feeMinor),
      transactionId,
      at: now,
    },
  };
  const postings = resalePostings(userAccount(buyerId), listing.sellerId, totalMinor, feeMinor);
  const money = movement(command, 'SHARE_PURCHASE', `${quantity} shares bought from a listing`, postings);
  return accept([event], money, listing.askMinor, totalMinor, feeMinor);
}

function makeOffer(command: Data<'MakeOffer'>, state: MarketState): Decision {
  const { buyerId, sellerId, offerId, quantity, bidMinor, transactionId, now, expiresAt } = command;
  if (buyerId === sellerId) return refuse('OWN_OFFER');
  if (quantity < 1 || quantity > availableToSell(state, sellerId)) return refuse('SELLER_HAS_TOO_FEW');
  const totalMinor = bidMinor * BigInt(quantity);
  const event: MarketEvent = {
    type: 'OfferMade',
    data: {
      offerId,
      buyerId,
      sellerId,
      quantity,
      bidMinor: String(bidMinor),
      totalMinor: String(totalMinor),
      transactionId,
      at: now,
      expiresAt,
    },
  };
  // The whole bid moves into the offer's own escrow: it can pay exactly this offer, once.
  const escrow = usd(userAccount(buyerId), escrowAccount('offer', offerId), totalMinor);
  const money = movement(command, 'SHARE_OFFER', `Offer for ${quantity} shares (escrowed)`, [escrow]);
  return accept([event], money, bidMinor, totalMinor);
}

function acceptOffer(command: Data<'AcceptOffer'>, state: MarketState): Decision {
  const { callerId, offerId, transactionId, now } = command;
  const offer = state.offers[offerId];
  if (!offer) return refuse('OFFER_NOT_FOUND');
  if (offer.sellerId !== callerId) return refuse('NOT_YOUR_OFFER');
  if (offer.status !== 'pending') return refuse('OFFER_NOT_PENDING');
  if (now >= offer.expiresAt) return refuse('OFFER_EXPIRED');
  if (offer.quantity > availableToSell(state, offer.sellerId)) return refuse('SELLER_HAS_TOO_FEW');
  const feeMinor = resaleFeeFor(offer.totalMinor);
  const event: MarketEvent = {
    type: 'OfferAccepted',
    data: {
      offerId,
      buyerId: offer.buyerId,
      sellerId: offer.sellerId,
      quantity: offer.quantity,
      priceMinor: String(offer.bidMinor),
      totalMinor: String(offer.totalMinor),
      feeMinor: String(feeMinor),
      transactionId,
      at: now,
    },
  };
  const postings = resalePostings(escrowAccount('offer', offerId), offer.sellerId, offer.totalMinor, feeMinor);
  const money = movement(command, 'SHARE_PURCHASE', `${offer.quantity} shares sold by offer`, postings);
  return accept([event], money, offer.bidMinor, offer.totalMinor, feeMinor);
}

function closeOffer(command: Data<'CloseOffer'>, state: MarketState): Decision {
  const { callerId, offerId, outcome, transactionId, now } = command;
  const offer = state.offers[offerId];
  if (!offer) return refuse('OFFER_NOT_FOUND');
  if (outcome === 'declined' && callerId !== offer.sellerId) return refuse('NOT_YOUR_OFFER');
  if (outcome === 'cancelled' && callerId !== offer.buyerId) return refuse('NOT_YOUR_OFFER');
  if (offer.status !== 'pending') return refuse('OFFER_NOT_PENDING');
  if (outcome === 'expired' && now < offer.expiresAt) return refuse('OFFER_NOT_EXPIRED');
  // The bid returns whole to the buyer, out of the offer's own escrow.
  const refund = usd(escrowAccount('offer', offerId), userAccount(offer.buyerId), offer.totalMinor);
  const money = movement(command, 'SHARE_OFFER', `Offer ${outcome}: bid returned`, [refund]);
  const event: MarketEvent = { type: 'OfferClosed', data: { offerId, outcome, transactionId, at: now } };
  return accept([event], money, offer.bidMinor, offer.totalMinor);
}
