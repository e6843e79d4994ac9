import { z } from 'zod';
import { defineRoute, IdempotencyKeyHeaders } from '../http/route';
import {
  ActivateMasterKeyRequestSchema,
  ActivateMasterKeyResponseSchema,
  ClaimPointsResponseSchema,
  InfluenceRewardsStatusSchema,
  InstagramStatusSchema,
  InfluenceVerificationsQuerySchema,
  InfluenceVerificationsResponseSchema,
  InstagramVerificationsQuerySchema,
  InstagramVerificationsResponseSchema,
  MasterKeyStatusSchema,
  ProcessReferralRequestSchema,
  ProcessReferralResponseSchema,
  ReferralStatusSchema,
  RegisterInfluenceRewardsRequestSchema,
  RegisterInfluenceRewardsResponseSchema,
  RegisterInstagramRequestSchema,
  RegisterInstagramResponseSchema,
  RejectInfluenceRequestSchema,
  RejectInstagramRequestSchema,
  VerifyInfluenceParamsSchema,
  VerifyInfluenceRequestSchema,
  VerifyInstagramParamsSchema,
  VerifyInstagramRequestSchema,
} from './http';

/** The screens send `{}`; a request without a body means the same. */
const EmptyBody = z.preprocess((value) => value ?? {}, z.object({}).loose());

export const getMasterKeyStatusRoute = /*#__PURE__*/ defineRoute({
  method: 'get',
  path: '/api/users/master-key-status',
  summary:
    "Today's (UTC) Master Key status: completed proof drops against the tier's requirement (free 5, premium 2, " +
    'super 1)',
  tags: ['rewards'],
  responses: { 200: MasterKeyStatusSchema },
});

export const activateMasterKeyRoute = /*#__PURE__*/ defineRoute({
  method: 'post',
  path: '/api/users/activate-master-key',
  summary: 'Activates the Master Key for the rest of the current UTC day once enough proof drops are completed today',
  tags: ['rewards'],
  request: { body: ActivateMasterKeyRequestSchema },
  responses: { 200: ActivateMasterKeyResponseSchema },
  errors: { 422: 'Not enough proof drops completed today (`MASTER_KEY_NOT_READY`)' },
});

export const getInstagramStatusRoute = /*#__PURE__*/ defineRoute({
  method: 'get',
  path: '/api/users/instagram-status',
  summary: "The signed-in user's Instagram registration, verification and monthly claim",
  tags: ['rewards'],
  responses: { 200: InstagramStatusSchema },
});

export const registerInstagramRoute = /*#__PURE__*/ defineRoute({
  method: 'post',
  path: '/api/users/register-instagram',
  summary: 'Step 1: register an Instagram username (a different username starts verification again)',
  tags: ['rewards'],
  request: { body: RegisterInstagramRequestSchema },
  responses: { 200: RegisterInstagramResponseSchema },
});

export const verifyInstagramRoute = /*#__PURE__*/ defineRoute({
  method: 'post',
  path: '/api/admin/users/:userId/verify-instagram',
  summary: "Admin: marks a user's registered Instagram account verified (after the verification message arrived)",
  tags: ['rewards'],
  request: { params: VerifyInstagramParamsSchema, body: VerifyInstagramRequestSchema, headers: IdempotencyKeyHeaders },
  responses: { 200: InstagramStatusSchema },
  errors: {
    404: 'No such user',
    409: 'The registered username differs (`INSTAGRAM_USERNAME_CHANGED`)',
    422: 'Nothing registered',
  },
});

export const rejectInstagramRoute = /*#__PURE__*/ defineRoute({
  method: 'post',
  path: '/api/admin/users/:userId/reject-instagram',
  summary:
    "Admin: rejects a user's pending Instagram registration, with a reason the user is told; they may register again",
  tags: ['rewards'],
  request: { params: VerifyInstagramParamsSchema, body: RejectInstagramRequestSchema, headers: IdempotencyKeyHeaders },
  responses: { 200: InstagramStatusSchema },
  errors: {
    400: 'Reason missing or longer than 500 characters (`VALIDATION_ERROR`)',
    404: 'No such user',
    409:
      'The registered username differs (`INSTAGRAM_USERNAME_CHANGED`) or is already verified ' +
      '(`INSTAGRAM_ALREADY_VERIFIED`)',
    422: 'Nothing registered (`INSTAGRAM_NOT_REGISTERED`)',
  },
});

export const claimInstagramPointsRoute = /*#__PURE__*/ defineRoute({
  method: 'post',
  path: '/api/users/claim-instagram-points',
  summary: 'Claims the monthly Instagram points (500 / 750 / 1000 by tier) once per calendar month, after verification',
  tags: ['rewards'],
  request: { body: EmptyBody, headers: IdempotencyKeyHeaders },
  responses: { 200: ClaimPointsResponseSchema },
  errors: { 409: 'Already claimed this month (`ALREADY_CLAIMED`)', 422: 'Not registered or not verified' },
});

export const registerInfluenceRewardsRoute = /*#__PURE__*/ defineRoute({
  method: 'post',
  path: '/api/users/register-influence-rewards',
  summary:
    "Registers this month's influence claim (declared follower count, 500 to 100,000,000). It pays nothing " +
    'until an admin verifies the count; the points then come from the verified count',
  tags: ['rewards'],
  request: { body: RegisterInfluenceRewardsRequestSchema },
  responses: { 200: RegisterInfluenceRewardsResponseSchema },
  errors: { 400: 'A missing field, fewer than 500 or more than 100,000,000 followers (`VALIDATION_ERROR`)' },
});

export const verifyInfluenceRoute = /*#__PURE__*/ defineRoute({
  method: 'post',
  path: '/api/admin/users/:userId/verify-influence',
  summary:
    "Admin: records the follower count seen on the platform for the user's registration of this month, and who " +
    "saw it. The month's points are floor(verified × 0.01), at most 10,000; under 500 verified followers they " +
    'are 0',
  tags: ['rewards'],
  request: { params: VerifyInfluenceParamsSchema, body: VerifyInfluenceRequestSchema, headers: IdempotencyKeyHeaders },
  responses: { 200: InfluenceRewardsStatusSchema },
  errors: {
    400: 'verified_follower_count missing, negative or above 100,000,000 (`VALIDATION_ERROR`)',
    404: 'No such user',
    409: 'The registered platform username differs (`INFLUENCE_USERNAME_CHANGED`)',
    422: 'Nothing registered this month (`INFLUENCE_NOT_REGISTERED`)',
  },
});

export const rejectInfluenceRoute = /*#__PURE__*/ defineRoute({
  method: 'post',
  path: '/api/admin/users/:userId/reject-influence',
  summary:
    "Admin: rejects the user's pending influence claim of this month, with a reason the user is told; it pays nothing",
  tags: ['rewards'],
  request: { params: VerifyInfluenceParamsSchema, body: RejectInfluenceRequestSchema, headers: IdempotencyKeyHeaders },
  responses: { 200: InfluenceRewardsStatusSchema },
  errors: {
    400: 'Reason missing or longer than 500 characters (`VALIDATION_ERROR`)',
    404: 'No such user',
    409:
      'The registered platform username differs (`INFLUENCE_USERNAME_CHANGED`) or the claim is already verified ' +
      '(`INFLUENCE_ALREADY_VERIFIED`)',
    422: 'Nothing registered this month (`INFLUENCE_NOT_REGISTERED`)',
  },
});

export const claimInfluencePointsRoute = /*#__PURE__*/ defineRoute({
  method: 'post',
  path: '/api/users/claim-influence-points',
  summary: "Claims this month's influence points once, after the registration's follower count was verified",
  tags: ['rewards'],
  request: { body: EmptyBody, headers: IdempotencyKeyHeaders },
  responses: { 200: ClaimPointsResponseSchema },
  errors: {
    409: 'Already claimed this month (`ALREADY_CLAIMED`)',
    422: 'Not registered this month (`INFLUENCE_NOT_REGISTERED`) or not verified yet (`INFLUENCE_NOT_VERIFIED`)',
  },
});

export const processReferralRoute = /*#__PURE__*/ defineRoute({
  method: 'post',
  path: '/api/users/process-referral',
  summary: 'Applies a referral code once: the referrer gets 500 points, the signed-in user 250',
  tags: ['rewards'],
  request: { body: ProcessReferralRequestSchema, headers: IdempotencyKeyHeaders },
  responses: { 200: ProcessReferralResponseSchema },
  errors: {
    404: "'Invalid referral code'",
    409: "'Referral Applied' (already referred)",
    422:
      'Own code refused (`OWN_REFERRAL_CODE`); a code whose owner the caller referred, directly or through a ' +
      'chain, refused (`REFERRAL_LOOP`)',
  },
});

export const getReferralStatusRoute = /*#__PURE__*/ defineRoute({
  method: 'get',
  path: '/api/users/referral-status',
  summary: "The signed-in user's referral code and whether a referral was applied ('Referral Applied')",
  tags: ['rewards'],
  responses: { 200: ReferralStatusSchema },
});

export const getInfluenceRewardsStatusRoute = /*#__PURE__*/ defineRoute({
  method: 'get',
  path: '/api/users/influence-rewards-status',
  summary: "This month's influence rewards registration and claim",
  tags: ['rewards'],
  responses: { 200: InfluenceRewardsStatusSchema },
});

export const listInstagramVerificationsRoute = /*#__PURE__*/ defineRoute({
  method: 'get',
  path: '/api/admin/instagram-verifications',
  summary: 'Admin: registered Instagram accounts waiting for verification (or all), oldest first',
  tags: ['rewards'],
  request: { query: InstagramVerificationsQuerySchema },
  responses: { 200: InstagramVerificationsResponseSchema },
});

export const listInfluenceVerificationsRoute = /*#__PURE__*/ defineRoute({
  method: 'get',
  path: '/api/admin/influence-verifications',
  summary:
    "Admin: this month's influence claims waiting for verification (or verified, or all), oldest first; " +
    'eventual (trails the log by a poll)',
  tags: ['rewards'],
  request: { query: InfluenceVerificationsQuerySchema },
  responses: { 200: InfluenceVerificationsResponseSchema },
});
