import { z } from 'zod';
import { defineRoute } from '../http/route';
import {
  AuthProfileResponseSchema,
  ConfirmEmailRequestSchema,
  DemoPersonaSchema,
  ImageUploadResponseSchema,
  PublicProfileResponseSchema,
  SessionResponseSchema,
  SignInRequestSchema,
  SignUpRequestSchema,
  SignUpResponseSchema,
  SuccessResponseSchema,
  UpdateProfileRequestSchema,
  UserSchema,
} from './users';

/** Identity endpoints (ARCHITECTURE §5). The session token is also set as an http-only cookie on every success. */
export const signUpRoute = /*#__PURE__*/ defineRoute({
  method: 'post',
  path: '/api/auth/signup',
  summary: 'Create an account (and a session unless e-mail confirmation is on)',
  public: true,
  request: { body: SignUpRequestSchema },
  responses: { 201: SignUpResponseSchema },
  errors: {
    400: 'Invalid input (`VALIDATION_ERROR`), a password among the commonest or easiest to guess included',
    404:
      'The referral code belongs to nobody (`REFERRAL_CODE_NOT_FOUND`, on the `referral_code` field); nothing is ' +
      'created',
    409: 'E-mail (`EMAIL_TAKEN`) or username (`USERNAME_TAKEN`) already in use',
    429: 'Too many sign-ups from this address (`TOO_MANY_SIGN_UPS`); `Retry-After` says when to try again',
  },
});

export const signInRoute = /*#__PURE__*/ defineRoute({
  method: 'post',
  path: '/api/auth/signin',
  summary: 'Sign in with e-mail and password',
  public: true,
  request: { body: SignInRequestSchema },
  responses: { 200: SessionResponseSchema },
  errors: {
    401: 'Wrong e-mail or password',
    403: 'E-mail not confirmed yet',
    429:
      'Too many failed attempts for this account or address (`TOO_MANY_SIGN_IN_ATTEMPTS`); `Retry-After` says ' +
      'when to try again',
  },
});

export const demoSignInRoute = /*#__PURE__*/ defineRoute({
  method: 'post',
  path: '/api/auth/demo/:persona',
  summary: 'Sign in as a demo persona',
  public: true,
  request: { params: z.object({ persona: DemoPersonaSchema }) },
  responses: { 200: SessionResponseSchema },
  errors: {
    403: 'Demo logins disabled',
    429: 'Too many demo logins from this address (`TOO_MANY_DEMO_LOGINS`); `Retry-After` says when to try again',
  },
});

export const refreshSessionRoute = /*#__PURE__*/ defineRoute({
  method: 'post',
  path: '/api/auth/refresh',
  summary: 'Rotate the session: a new token; the old one stops working',
  responses: { 200: SessionResponseSchema },
});

export const signOutRoute = /*#__PURE__*/ defineRoute({
  method: 'post',
  path: '/api/auth/logout',
  summary: 'Revoke the session and clear the cookie',
  public: true,
  responses: { 200: SuccessResponseSchema },
});

export const authProfileRoute = /*#__PURE__*/ defineRoute({
  method: 'get',
  path: '/api/auth/profile',
  summary: "The signed-in user's account",
  responses: { 200: AuthProfileResponseSchema },
});

export const confirmEmailRoute = /*#__PURE__*/ defineRoute({
  method: 'post',
  path: '/api/auth/confirm-email',
  summary: 'Confirm an e-mail address with the token mailed at sign-up',
  public: true,
  request: { body: ConfirmEmailRequestSchema },
  responses: { 200: SuccessResponseSchema },
});

export const confirmEmailFromLinkRoute = /*#__PURE__*/ defineRoute({
  method: 'get',
  path: '/api/auth/confirm-email',
  summary: 'The link mailed at sign-up: confirms the address, then redirects to the sign-in screen',
  public: true,
  request: { query: z.object({ token: z.string().optional() }) },
  responses: {
    200: { description: 'Redirect (302) to /auth?confirmed=1, or to /auth?error=... for a bad token', schema: null },
  },
});

export const IdentityVerifyReportSchema = z
  .object({
    usersChecked: z.number().int(),
    sessionsChecked: z.number().int(),
    mismatches: z
      .array(z.string())
      .meta({ description: 'One sentence per read-model row that differs from the fold of its stream' }),
  })
  .meta({ id: 'IdentityVerifyReport' });

export const verifyIdentityReadModelRoute = /*#__PURE__*/ defineRoute({
  method: 'get',
  path: '/api/admin/identity/verify',
  summary: 'Operators: checks that the users and sessions tables equal a fresh fold of the identity events',
  tags: ['admin'],
  responses: { 200: IdentityVerifyReportSchema },
});

export const googleSignInRoute = /*#__PURE__*/ defineRoute({
  method: 'get',
  path: '/api/auth/google',
  summary:
    'Start Google sign-in (redirects to the provider); `?ref=CODE` is kept through the round trip and applied ' +
    'if the account is new',
  public: true,
  responses: { 200: { description: 'Redirect (302) to the provider', schema: null } },
  errors: {
    404: 'Google sign-in is not configured on this server (`GOOGLE_SIGN_IN_DISABLED`)',
    503: 'The provider could not be reached (`OIDC_PROVIDER_UNAVAILABLE`)',
  },
});

export const googleCallbackRoute = /*#__PURE__*/ defineRoute({
  method: 'get',
  path: '/api/auth/google/callback',
  summary: 'Finish Google sign-in; redirects to the web app with the session cookie set',
  public: true,
  responses: { 200: { description: 'Redirect (302) to /auth/callback or /auth?error=...', schema: null } },
});

export const updateProfileRoute = /*#__PURE__*/ defineRoute({
  method: 'put',
  path: '/api/users/profile',
  summary: "Edit the signed-in user's profile",
  request: { body: UpdateProfileRequestSchema },
  responses: { 200: UserSchema },
  errors: { 409: 'Username already taken' },
});

export const publicProfileByUsernameRoute = /*#__PURE__*/ defineRoute({
  method: 'get',
  path: '/api/users/public/:username',
  summary: 'Public profile by username (or slug)',
  public: true,
  request: { params: z.object({ username: z.string() }) },
  responses: { 200: PublicProfileResponseSchema },
});

export const publicProfileByIdRoute = /*#__PURE__*/ defineRoute({
  method: 'get',
  path: '/api/users/public/id/:id',
  summary: 'Public profile by user id',
  public: true,
  request: { params: z.object({ id: z.string() }) },
  responses: { 200: PublicProfileResponseSchema },
});

const imageUploadDescription =
  'multipart/form-data with one file in field `image` (JPEG, PNG, GIF or WebP, at most 5 MB)';
export const imageUploadRoute = /*#__PURE__*/ defineRoute({
  method: 'post',
  path: '/api/images/upload',
  summary: 'Upload an image (avatar, banner)',
  description: imageUploadDescription,
  responses: { 201: ImageUploadResponseSchema },
  errors: { 413: 'Larger than 5 MB', 415: 'Not an image (checked from the bytes)' },
});

export const uploadImageRoute = /*#__PURE__*/ defineRoute({
  method: 'post',
  path: '/api/upload/image',
  summary: 'Upload an image (same as /api/images/upload)',
  description: imageUploadDescription,
  responses: { 201: ImageUploadResponseSchema },
  errors: { 413: 'Larger than 5 MB', 415: 'Not an image (checked from the bytes)' },
});

export const getImageRoute = /*#__PURE__*/ defineRoute({
  method: 'get',
  path: '/api/images/:key',
  summary: 'An uploaded image',
  public: true,
  request: { params: z.object({ key: z.string() }) },
  responses: { 200: { description: 'The image bytes with their content type', schema: null } },
});
