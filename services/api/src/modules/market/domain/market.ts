/**
 * One content item's shares market as one stream, `market-content-<contentId>`: the primary pool, every holder's
 * shares, listings and offers. Every trade of the item is decided on this stream with its expected version, so two
 * buyers can never sell the same share twice and two accepts of one offer cannot both succeed.
 */
import type { MarketEvent, OfferOutcome } from '@app/contracts/market';
import { Map as PersistentMap } from 'immutable';

export { marketStreamId } from '@app/contracts/market';

export type { MarketEvent, OfferOutcome } from '@app/contracts/market';

export interface ListingState {
  sellerId: string;
  remaining: number;
  askMinor: bigint;
  active: boolean;
}

export interface OfferState {
  buyerId: string;
  sellerId: string;
  quantity: number;
  bidMinor: bigint;
  totalMinor: bigint;
  expiresAt: string;
  status: 'pending' | 'accepted' | OfferOutcome;
}

export interface MarketState {
  /** Shares sold from the primary pool. */
  sold: number;
  /**
   * Shares each holder owns (listed shares included). A persistent map: a trade's new state shares all but the changed
   * entries with the old one (O(log n)), where copying a record of every holder made each trade O(holders).
   */
  owned: PersistentMap<string, number>;
  /** Shares each holder has in active listings. */
  listed: PersistentMap<string, number>;
  listings: Readonly<Record<string, ListingState>>;
  offers: Readonly<Record<string, OfferState>>;
  /** The price of the newest trade (primary or resale), per share. */
  lastTradePriceMinor: bigint | null;
}

export const initialMarket = (): MarketState => ({
  sold: 0,
  owned: PersistentMap(),
  listed: PersistentMap(),
  listings: {},
  offers: {},
  lastTradePriceMinor: null,
});

const add = (map: PersistentMap<string, number>, key: string, delta: number) =>
  map.set(key, (map.get(key) ?? 0) + delta);

function transfer(state: MarketState, from: string, to: string, quantity: number): MarketState {
  return { ...state, owned: add(add(state.owned, from, -quantity), to, quantity) };
}

type EventData<Type extends MarketEvent['type']> = Extract<MarketEvent, { type: Type }>['data'];

/** A sale out of a listing: the shares move to the buyer and the listing shrinks (inactive once empty). */
function fillListing(state: MarketState, data: EventData<'ListingFilled'>): MarketState {
  const listing = state.listings[data.listingId];
  if (!listing) return state;
  const remaining = listing.remaining - data.quantity;
  const moved = transfer(state, data.sellerId, data.buyerId, data.quantity);
  return {
    ...moved,
    listed: add(state.listed, listing.sellerId, -data.quantity),
    listings: { ...state.listings, [data.listingId]: { ...listing, remaining, active: remaining > 0 } },
    lastTradePriceMinor: BigInt(data.priceMinor),
  };
}

function makeOffer(state: MarketState, data: EventData<'OfferMade'>): MarketState {
  return {
    ...state,
    offers: {
      ...state.offers,
      [data.offerId]: {
        buyerId: data.buyerId,
        sellerId: data.sellerId,
        quantity: data.quantity,
        bidMinor: BigInt(data.bidMinor),
        totalMinor: BigInt(data.totalMinor),
        expiresAt: data.expiresAt,
        status: 'pending',
      },
    },
  };
}

export function evolveMarket(state: MarketState, event: MarketEvent): MarketState {
  switch (event.type) {
    case 'SharesBought':
      return {
        ...state,
        sold: state.sold + event.data.quantity,
        owned: add(state.owned, event.data.buyerId, event.data.quantity),
        lastTradePriceMinor: BigInt(event.data.priceMinor),
      };
    case 'ListingOpened':
      return {
        ...state,
        listed: add(state.listed, event.data.sellerId, event.data.quantity),
        listings: {
          ...state.listings,
          [event.data.listingId]: {
            sellerId: event.data.sellerId,
            remaining: event.data.quantity,
            askMinor: BigInt(event.data.askMinor),
            active: true,
          },
        },
      };
    case 'ListingCancelled': {
      const listing = state.listings[event.data.listingId];
      if (!listing) return state;
      return {
        ...state,
        listed: add(state.listed, listing.sellerId, -listing.remaining),
        listings: { ...state.listings, [event.data.listingId]: { ...listing, remaining: 0, active: false } },
      };
    }
    case 'ListingFilled':
      return fillListing(state, event.data);
    case 'OfferMade':
      return makeOffer(state, event.data);
    case 'OfferAccepted': {
      const offer = state.offers[event.data.offerId];
      if (!offer) return state;
      return {
        ...transfer(state, event.data.sellerId, event.data.buyerId, event.data.quantity),
        offers: { ...state.offers, [event.data.offerId]: { ...offer, status: 'accepted' } },
        lastTradePriceMinor: BigInt(event.data.priceMinor),
      };
    }
    case 'OfferClosed': {
      const offer = state.offers[event.data.offerId];
      if (!offer) return state;
      return { ...state, offers: { ...state.offers, [event.data.offerId]: { ...offer, status: event.data.outcome } } };
    }
  }
}

/** Shares a holder can still list or sell: owned minus those in active listings. */
export const availableToSell = (state: MarketState, userId: string) =>
  (state.owned.get(userId) ?? 0) - (state.listed.get(userId) ?? 0);
