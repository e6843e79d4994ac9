import { z } from 'zod';
import { defineRoute, IdempotencyKeyHeaders } from '../http/route';
import {
  AdvertiserSponsorRequestSchema,
  ContentSponsorshipSchema,
  CreateShareLinkRequestSchema,
  ExternalMoveRequestSchema,
  ExternalMoveResponseSchema,
  RemoveSavedContentResponseSchema,
  SavedContentListSchema,
  ShareLinkResponseSchema,
  SocialActionRequestSchema,
  SocialActionResponseSchema,
  SponsorContentRequestSchema,
  SponsorContentResponseSchema,
  SponsoredContentListSchema,
  TipGemsRequestSchema,
  TipOrFundRequestSchema,
  TipResponseSchema,
} from './http';

const ContentParams = z.object({ id: z.string().meta({ description: 'A content id (UUID)' }) });
const SavedParams = z.object({ contentId: z.string() });
const ShareLinkParams = z.object({ id: z.string() });

export const socialActionRoute = /*#__PURE__*/ defineRoute({
  method: 'post',
  path: '/api/users/social-action',
  summary:
    'Like, save, share or repost an item: points × tier multiplier (daily cap), free engagement shares; a ' +
    'comment earns when posted',
  request: { body: SocialActionRequestSchema, headers: IdempotencyKeyHeaders },
  responses: { 200: SocialActionResponseSchema },
  errors: {
    404: "'Content not found'",
    409: "'You have already liked this content!' / 'Content already saved to your collection!'",
    422: '`COMMENT_THROUGH_COMMENTS`: a comment earns its points when posted (POST /api/content/{id}/comments)',
  },
});

export const externalMoveRoute = /*#__PURE__*/ defineRoute({
  method: 'post',
  path: '/api/users/external-move',
  summary: 'Record a move made on the external platform with proof: points × multiplier, keys = ceil(points / 20)',
  request: { body: ExternalMoveRequestSchema, headers: IdempotencyKeyHeaders },
  responses: { 200: ExternalMoveResponseSchema },
  errors: {
    409: 'This move was already recorded for this content',
    413: 'Proof image over 10 MB',
    429: 'Daily limit of external moves reached',
  },
});

export const createShareLinkRoute = /*#__PURE__*/ defineRoute({
  method: 'post',
  path: '/api/shares/create',
  summary: "A short link to this app or the item's own URL; opening it redirects and counts the click",
  request: { body: CreateShareLinkRequestSchema },
  responses: { 200: ShareLinkResponseSchema },
  errors: { 422: 'The target is neither this app nor the content' },
});

export const followShareLinkRoute = /*#__PURE__*/ defineRoute({
  method: 'get',
  path: '/api/s/:id',
  summary: 'Follow a share link: 302 to its target, the click counted',
  public: true,
  request: { params: ShareLinkParams },
  responses: { 200: { description: 'Never: the answer is a 302 redirect', schema: null } },
  errors: { 404: 'Share link not found' },
});

export const savedContentRoute = /*#__PURE__*/ defineRoute({
  method: 'get',
  path: '/api/users/saved-content',
  summary: "The caller's saved content, newest first",
  responses: { 200: SavedContentListSchema },
});

export const removeSavedContentRoute = /*#__PURE__*/ defineRoute({
  method: 'delete',
  path: '/api/users/saved-content/:contentId',
  summary: 'Remove an item from the saved collection (it can be saved again)',
  request: { params: SavedParams },
  responses: { 200: RemoveSavedContentResponseSchema },
  errors: { 404: 'Not in the saved collection' },
});

export const tipGemsRoute = /*#__PURE__*/ defineRoute({
  method: 'post',
  path: '/api/content/tip',
  summary: "Tip whole gems (1..1000): $0.01 per gem to the creator's USD wallet",
  request: { body: TipGemsRequestSchema, headers: IdempotencyKeyHeaders },
  responses: { 200: TipResponseSchema },
  errors: { 403: 'Own content, or a demo and a real account', 422: "'Insufficient balance': nothing moved" },
});

export const tipContentRoute = /*#__PURE__*/ defineRoute({
  method: 'post',
  path: '/api/content/:id/tip',
  summary: 'Tip the creator in USD, gems ($0.01 each) or points (1,000 = $1)',
  request: { params: ContentParams, body: TipOrFundRequestSchema, headers: IdempotencyKeyHeaders },
  responses: { 200: TipResponseSchema },
  errors: { 403: 'Own content, or a demo and a real account', 422: "'Insufficient balance': nothing moved" },
});

export const fundContentRoute = /*#__PURE__*/ defineRoute({
  method: 'post',
  path: '/api/content/:id/fund',
  summary: 'Fund an item (its escrow, valued in USD): raises the share price; anyone including the owner',
  request: { params: ContentParams, body: TipOrFundRequestSchema, headers: IdempotencyKeyHeaders },
  responses: { 200: TipResponseSchema },
  errors: { 422: "'Insufficient balance': nothing moved" },
});

export const sponsorContentRoute = /*#__PURE__*/ defineRoute({
  method: 'post',
  path: '/api/content/:id/sponsor',
  summary: 'Sponsor an item with one of the five packages (advertisers, not own content); gems held, spent at the end',
  request: { params: ContentParams, body: SponsorContentRequestSchema, headers: IdempotencyKeyHeaders },
  responses: { 200: SponsorContentResponseSchema },
  errors: { 403: 'Not an advertiser, or own content', 422: "'Insufficient gems'" },
});

export const advertiserSponsorRoute = /*#__PURE__*/ defineRoute({
  method: 'post',
  path: '/api/content/sponsor',
  summary: "The advertiser form's sponsorship (contentId, gemAmount, boostMultiplier, durationHours)",
  request: { body: AdvertiserSponsorRequestSchema, headers: IdempotencyKeyHeaders },
  responses: { 200: SponsorContentResponseSchema },
  errors: { 403: 'Not an advertiser, or own content', 422: "'Insufficient gems'" },
});

export const sponsoredContentRoute = /*#__PURE__*/ defineRoute({
  method: 'get',
  path: '/api/content/sponsored',
  summary: 'Items with a live sponsorship, strongest boost first',
  public: true,
  responses: { 200: SponsoredContentListSchema },
});

export const contentSponsorshipRoute = /*#__PURE__*/ defineRoute({
  method: 'get',
  path: '/api/content/:id/sponsorship',
  summary: "An item's live sponsorship (sponsors stacked)",
  public: true,
  request: { params: ContentParams },
  responses: { 200: ContentSponsorshipSchema },
});
