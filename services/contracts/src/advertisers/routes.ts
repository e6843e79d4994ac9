import { defineRoute } from '../http/route';
import {
  AdvertiserDashboardSchema,
  BecomeAdvertiserResponseSchema,
  BrandProfileRequestSchema,
  BrandProfileResponseSchema,
  SuggestedContentResponseSchema,
} from './http';

export const becomeAdvertiserRoute = /*#__PURE__*/ defineRoute({
  method: 'post',
  path: '/api/users/become-advertiser',
  summary: "Make the caller an advertiser (the tier stays); answers the caller's session token and the updated user",
  responses: { 200: BecomeAdvertiserResponseSchema },
  errors: { 401: 'Not signed in' },
});

export const getBrandProfileRoute = /*#__PURE__*/ defineRoute({
  method: 'get',
  path: '/api/users/brand-profile',
  summary: "The caller's brand profile (all fields null until saved)",
  responses: { 200: BrandProfileResponseSchema },
  errors: { 401: 'Not signed in' },
});

export const putBrandProfileRoute = /*#__PURE__*/ defineRoute({
  method: 'put',
  path: '/api/users/brand-profile',
  summary:
    "Save the caller's brand profile (brand name required; website and logo http(s) URLs or an uploaded image's path)",
  request: { body: BrandProfileRequestSchema },
  responses: { 200: BrandProfileResponseSchema },
  errors: { 400: "Validation (`VALIDATION_ERROR`, e.g. 'Brand name is required')", 401: 'Not signed in' },
});

export const advertiserDashboardRoute = /*#__PURE__*/ defineRoute({
  method: 'get',
  path: '/api/advertisers/dashboard',
  summary: "The advertiser's drops, last-30-days analytics, daily series and tier inventory of the current period",
  responses: { 200: AdvertiserDashboardSchema },
  errors: { 401: 'Not signed in', 403: 'Not an advertiser (`ADVERTISERS_ONLY`)' },
});

export const suggestedContentRoute = /*#__PURE__*/ defineRoute({
  method: 'get',
  path: '/api/advertisers/suggested-content',
  summary: 'Up to 6 trending content items to sponsor (engagement of the last 7 days), each with a suggested package',
  responses: { 200: SuggestedContentResponseSchema },
  errors: { 401: 'Not signed in', 403: 'Not an advertiser (`ADVERTISERS_ONLY`)' },
});
