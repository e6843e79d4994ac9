import { z } from 'zod';
import { defineRoute, IdempotencyKeyHeaders } from '../http/route';
import {
  BuyListingRequestSchema,
  BuySharesRequestSchema,
  BuySharesResponseSchema,
  CreateListingRequestSchema,
  CreateOfferRequestSchema,
  HoldingDetailResponseSchema,
  HoldingsResponseSchema,
  HoldingVisibilityRequestSchema,
  HoldingVisibilityResponseSchema,
  ListingSchema,
  ListingsQuerySchema,
  ListingsResponseSchema,
  OfferSchema,
  OffersQuerySchema,
  OffersResponseSchema,
  TradeResponseSchema,
} from './http';

const IdParams = z.object({ id: z.string() });
const tags = ['market'];

export const buySharesRoute = /*#__PURE__*/ defineRoute({
  method: 'post',
  path: '/api/content/buy-shares',
  summary: "Buy shares from a content item's available shares at the market price (paid in USD to the creator)",
  tags,
  request: { body: BuySharesRequestSchema, headers: IdempotencyKeyHeaders },
  responses: { 200: BuySharesResponseSchema },
  errors: { 404: 'Content not found', 422: 'Not enough shares available, own content, or insufficient balance' },
});

export const holdingsRoute = /*#__PURE__*/ defineRoute({
  method: 'get',
  path: '/api/portfolio/holdings',
  summary: "The caller's share holdings, or another user's public ones (`?userId`)",
  tags,
  request: { query: z.object({ userId: z.string().optional() }) },
  responses: { 200: HoldingsResponseSchema },
});

export const holdingDetailRoute = /*#__PURE__*/ defineRoute({
  method: 'get',
  path: '/api/portfolio/holdings/:id',
  summary:
    "One holding (by content id): figures, price history, the holder's trades and the item's marketplace. " +
    "`?userId`: another user's PUBLIC holding (its offers stay the holder's: none shown)",
  tags,
  request: { params: IdParams, query: z.object({ userId: z.string().max(100).optional() }) },
  responses: { 200: HoldingDetailResponseSchema },
  errors: { 404: "'Holding not found.' (`HOLDING_NOT_FOUND`): no such holding, or another user's private one" },
});

export const holdingVisibilityRoute = /*#__PURE__*/ defineRoute({
  method: 'put',
  path: '/api/portfolio/holdings/:contentId/visibility',
  summary: "Make my holding of a content item public or private (private: never in another user's `?userId` holdings)",
  tags,
  request: { params: z.object({ contentId: z.string() }), body: HoldingVisibilityRequestSchema },
  responses: { 200: HoldingVisibilityResponseSchema },
  errors: {
    400: 'Visibility must be public or private',
    404: "'Holding not found.' (`HOLDING_NOT_FOUND`): no holding of mine on this item",
  },
});

export const createListingRoute = /*#__PURE__*/ defineRoute({
  method: 'post',
  path: '/api/shares/listings',
  summary: 'List shares for resale at an ask price (the listed shares are held until filled or cancelled)',
  tags,
  request: { body: CreateListingRequestSchema, headers: IdempotencyKeyHeaders },
  responses: { 201: ListingSchema },
  errors: { 422: 'More than available to sell' },
});

export const listListingsRoute = /*#__PURE__*/ defineRoute({
  method: 'get',
  path: '/api/shares/listings',
  summary:
    "Everyone's open listings (active, shares remaining), newest first, a page at a time (`?limit`, " +
    '`?cursor`); `?owner=true`: all of mine, open or closed; `?content_id`: one item',
  tags,
  request: { query: ListingsQuerySchema },
  responses: { 200: ListingsResponseSchema },
  errors: { 400: 'Bad limit or cursor (`INVALID_CURSOR`)' },
});

export const cancelListingRoute = /*#__PURE__*/ defineRoute({
  method: 'delete',
  path: '/api/shares/listings/:id',
  summary: 'Cancel my listing (its remaining shares become sellable again)',
  tags,
  request: { params: IdParams },
  responses: { 200: ListingSchema },
  errors: { 404: 'Listing not found', 409: 'Not active' },
});

export const buyListingRoute = /*#__PURE__*/ defineRoute({
  method: 'post',
  path: '/api/shares/listings/:id/buy',
  summary: 'Buy from a listing at its ask (2.5 % resale fee from the seller\u2019s proceeds)',
  tags,
  request: { params: IdParams, body: BuyListingRequestSchema, headers: IdempotencyKeyHeaders },
  responses: { 200: TradeResponseSchema },
  errors: {
    404: 'Listing not found',
    409: 'Not active',
    422: 'More than remains, own listing, or insufficient balance',
  },
});

export const createOfferRoute = /*#__PURE__*/ defineRoute({
  method: 'post',
  path: '/api/shares/offers',
  summary:
    "Offer to buy a holder's shares: quantity × bid is escrowed from the buyer's USD until accepted, declined, " +
    'cancelled or expired',
  tags,
  request: { body: CreateOfferRequestSchema, headers: IdempotencyKeyHeaders },
  responses: { 201: OfferSchema },
  errors: { 422: 'Insufficient balance, own shares, or the seller has too few' },
});

export const listOffersRoute = /*#__PURE__*/ defineRoute({
  method: 'get',
  path: '/api/shares/offers',
  summary: 'My offers as buyer (outgoing) or seller (incoming)',
  tags,
  request: { query: OffersQuerySchema },
  responses: { 200: OffersResponseSchema },
});

const offerVerb = (verb: 'accept' | 'decline' | 'cancel', summary: string) =>
  defineRoute({
    method: 'post',
    path: `/api/shares/offers/:id/${verb}`,
    summary,
    tags,
    request: { params: IdParams },
    responses: { 200: OfferSchema },
    errors: { 404: 'Offer not found', 409: 'No longer pending' },
  });

export const acceptOfferRoute = offerVerb(
  'accept',
  'Seller only: shares to the buyer, 97.5 % of the escrow to the seller, 2.5 % fee, once',
);
export const declineOfferRoute = offerVerb('decline', 'Seller only: the escrow goes back to the buyer');
export const cancelOfferRoute = offerVerb('cancel', 'Buyer only: the escrow goes back to the buyer');
