import { z } from 'zod';
import { HOLDING_VISIBILITIES } from '../invest/http';
import { amountField } from '../ledger/currency';

/**
 * The content shares market (issue 22): primary purchases, resale listings and offers. Shares are whole; prices are
 * USD per share with 4 decimals; money is USD (JSON numbers exact at $0.0001). Requests name prices as numbers or
 * decimal strings, parsed exactly (`amountField`). Holdings reuse the portfolio shapes of `@app/contracts/invest`.
 */
export {
  HoldingSchema,
  HoldingsResponseSchema,
  HoldingDetailResponseSchema,
  HOLDING_VISIBILITIES,
  type Holding,
  type HoldingsResponse,
  type HoldingDetailResponse,
} from '../invest/http';

/** Resale fee on every resale (listing fills and accepted offers), in tenths of a percent: 2.5 %. */
export const RESALE_FEE_PER_MILLE = 25n;

/**
 * The fee of a resale of `totalMinor` (USD minor units): 2.5 % rounded DOWN to $0.0001, in the seller's favour.
 * The seller gets `totalMinor - fee`, so the two postings sum to the buyer's payment exactly.
 */
export function resaleFeeFor(totalMinor: bigint): bigint {
  return (totalMinor * RESALE_FEE_PER_MILLE) / 1000n;
}

export const MARKET_MESSAGES = {
  contentNotFound: 'Content not found',
  notEnoughShares: 'Not enough shares available',
  ownContent: 'You cannot buy shares in your own content',
  archived: 'This content no longer sells shares',
  insufficient: (n: number) => `Insufficient balance to purchase ${n} shares`,
  insufficientOffer: 'Insufficient balance for this offer',
  moreThanAvailableToSell: 'You cannot list more shares than you have available to sell',
  listingNotFound: 'Listing not found',
  listingNotActive: 'This listing is no longer active',
  ownListing: 'You cannot buy your own listing',
  offerNotFound: 'Offer not found',
  offerNotPending: 'This offer is no longer pending',
  ownOffer: 'You cannot make an offer to yourself',
  sellerHasTooFew: 'The seller does not have that many shares available',
  holdingNotFound: 'Holding not found.',
  validOffer: 'Enter a valid quantity and offer price.',
  invalidCursor: 'The cursor is not valid',
} as const;

const sharesCount = (label: string) =>
  z
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(1, `${label} must be at least 1`)
    .max(1000, `${label} must be at most 1,000`);
const priceField = (label: string) => amountField({ label, currency: 'usd', min: 0.01, max: 1_000_000 });

export const BuySharesRequestSchema = z.object({
  content_id: z.string().min(1, 'Choose content'),
  shares_count: sharesCount('Shares'),
});
export type BuySharesRequest = z.infer<typeof BuySharesRequestSchema>;

export const BuySharesResponseSchema = z.object({
  success: z.literal(true),
  transaction_id: z.string(),
  content_id: z.string(),
  shares_count: z.number().int(),
  share_price: z.number(),
  total_cost: z.number(),
  available_shares: z.number().int(),
  owned_shares: z.number().int(),
});
export type BuySharesResponse = z.infer<typeof BuySharesResponseSchema>;

export const LISTING_STATUSES = ['active', 'filled', 'cancelled'] as const;
export const ListingSchema = z.object({
  id: z.string(),
  content_id: z.string(),
  content_title: z.string(),
  content_thumbnail: z.string().nullable(),
  owner_id: z.string(),
  owner_name: z.string().nullable(),
  quantity: z.number().int(),
  remaining_quantity: z.number().int(),
  ask_price: z.number(),
  market_price: z.number(),
  status: z.enum(LISTING_STATUSES),
  created_at: z.string(),
  expires_at: z.string().nullable(),
});
export type Listing = z.infer<typeof ListingSchema>;
/**
 * A page of listings, newest first. `next_cursor` (opaque) asks for the next page; null on the last one. It defaults
 * to null so that an answer of an older server (one page of everything) still parses.
 */
export const ListingsResponseSchema = z.object({
  listings: z.array(ListingSchema),
  next_cursor: z.string().nullable().default(null),
});
export type ListingsResponse = z.infer<typeof ListingsResponseSchema>;

export const CreateListingRequestSchema = z.object({
  content_id: z.string().min(1, 'Choose content'),
  content_title: z.string().max(300).optional(),
  content_thumbnail: z.string().max(2000).nullable().optional(),
  quantity: sharesCount('Quantity'),
  ask_price: priceField('Ask price'),
});
export type CreateListingRequest = z.input<typeof CreateListingRequestSchema>;
/**
 * Listings a page at a time: everyone's open ones, or (`owner=true`) all of mine, open or not; `content_id`: one item.
 */
export const ListingsQuerySchema = z.object({
  owner: z.enum(['true', 'false']).optional(),
  content_id: z.string().max(100).optional(),
  limit: z.coerce
    .number({ error: 'limit must be a whole number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(100, 'limit must be at most 100')
    .default(20),
  /** Opaque, from the previous page's `next_cursor`. */
  cursor: z.string().max(200).optional(),
});
export type ListingsQuery = z.input<typeof ListingsQuerySchema>;

export const BuyListingRequestSchema = z.object({ quantity: sharesCount('Quantity') });
export type BuyListingRequest = z.infer<typeof BuyListingRequestSchema>;

export const TradeResponseSchema = z.object({
  success: z.literal(true),
  transaction_id: z.string(),
  content_id: z.string(),
  quantity: z.number().int(),
  price: z.number(),
  total: z.number(),
  fee: z.number(),
  seller_proceeds: z.number(),
});
export type TradeResponse = z.infer<typeof TradeResponseSchema>;

export const OFFER_STATUSES = ['pending', 'accepted', 'declined', 'cancelled', 'expired'] as const;
export const OfferSchema = z.object({
  id: z.string(),
  content_id: z.string(),
  content_title: z.string(),
  buyer_id: z.string(),
  buyer_name: z.string().nullable(),
  seller_id: z.string(),
  seller_name: z.string().nullable(),
  quantity: z.number().int(),
  bid_price: z.number(),
  total: z.number(),
  status: z.enum(OFFER_STATUSES),
  message: z.string().nullable(),
  created_at: z.string(),
  expires_at: z.string(),
});
export type Offer = z.infer<typeof OfferSchema>;
export const OffersResponseSchema = z.object({ offers: z.array(OfferSchema) });
export type OffersResponse = z.infer<typeof OffersResponseSchema>;
export const OffersQuerySchema = z.object({ role: z.enum(['buyer', 'seller']).default('buyer') });

export const CreateOfferRequestSchema = z.object({
  content_id: z.string().min(1, 'Choose content'),
  seller_id: z.string().min(1, 'Choose a seller'),
  quantity: sharesCount('Quantity'),
  bid_price: priceField('Offer price'),
  message: z.string().max(500, 'Message must be at most 500 characters').nullable().optional(),
});
export type CreateOfferRequest = z.input<typeof CreateOfferRequestSchema>;

/** A holding's visibility (owner only): a private holding never shows in another user's `?userId` holdings. */
export const HoldingVisibilityRequestSchema = z.object({
  visibility: z.enum(HOLDING_VISIBILITIES, { error: 'Visibility must be public or private' }),
});
export type HoldingVisibilityRequest = z.infer<typeof HoldingVisibilityRequestSchema>;
export const HoldingVisibilityResponseSchema = z.object({
  content_id: z.string(),
  visibility: z.enum(HOLDING_VISIBILITIES),
});
export type HoldingVisibilityResponse = z.infer<typeof HoldingVisibilityResponseSchema>;

/** An offer's bid stays escrowed for this long; then the expiry job returns it. */
export const OFFER_LIFETIME_DAYS = 7;
