import { z } from 'zod';

/**
 * Market event payloads as stored on `market-content-<contentId>` (one item's primary pool, holders, listings and
 * offers). Amounts are USD minor units ($0.0001) as decimal strings, as the ledger stores them.
 */
const minor = z.string().regex(/^\d+$/);
const quantity = z.number().int();

export const OFFER_OUTCOMES = ['declined', 'cancelled', 'expired'] as const;
export type OfferOutcome = (typeof OFFER_OUTCOMES)[number];

export const SharesBoughtSchema = z.object({
  buyerId: z.string(),
  creatorId: z.string(),
  quantity,
  priceMinor: minor,
  totalMinor: minor,
  transactionId: z.string(),
  at: z.string(),
});
export const ListingOpenedSchema = z.object({
  listingId: z.string(),
  sellerId: z.string(),
  quantity,
  askMinor: minor,
  at: z.string(),
});
export const ListingCancelledSchema = z.object({ listingId: z.string(), at: z.string() });
export const ListingFilledSchema = z.object({
  listingId: z.string(),
  buyerId: z.string(),
  sellerId: z.string(),
  quantity,
  priceMinor: minor,
  totalMinor: minor,
  feeMinor: minor,
  transactionId: z.string(),
  at: z.string(),
});
export const OfferMadeSchema = z.object({
  offerId: z.string(),
  buyerId: z.string(),
  sellerId: z.string(),
  quantity,
  bidMinor: minor,
  totalMinor: minor,
  transactionId: z.string(),
  at: z.string(),
  expiresAt: z.string(),
});
export const OfferAcceptedSchema = z.object({
  offerId: z.string(),
  buyerId: z.string(),
  sellerId: z.string(),
  quantity,
  priceMinor: minor,
  totalMinor: minor,
  feeMinor: minor,
  transactionId: z.string(),
  at: z.string(),
});
export const OfferClosedSchema = z.object({
  offerId: z.string(),
  outcome: z.enum(OFFER_OUTCOMES),
  transactionId: z.string(),
  at: z.string(),
});

export const MARKET_EVENT_SCHEMAS = {
  SharesBought: SharesBoughtSchema,
  ListingOpened: ListingOpenedSchema,
  ListingCancelled: ListingCancelledSchema,
  ListingFilled: ListingFilledSchema,
  OfferMade: OfferMadeSchema,
  OfferAccepted: OfferAcceptedSchema,
  OfferClosed: OfferClosedSchema,
} as const;
export type MarketEventType = keyof typeof MARKET_EVENT_SCHEMAS;
export type MarketEvent = {
  [Type in MarketEventType]: { type: Type; data: z.infer<(typeof MARKET_EVENT_SCHEMAS)[Type]> };
}[MarketEventType];
