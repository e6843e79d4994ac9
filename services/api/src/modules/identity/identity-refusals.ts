import { AUTH_MESSAGES, PROFILE_MESSAGES } from '@app/contracts/identity';
import { ApiError, conflict, notFound, unauthorized } from '../../platform/http/api-error';
import type { SessionRefusal } from './domain/session';
import type { UserRefusal } from './domain/user';

/** A unique index refused the write: which one tells the caller what clashed. */
export class UniquenessViolation extends Error {
  constructor(
    readonly constraint: 'email' | 'username' | 'referral_code' | 'demo_persona' | 'external_identity' | 'other',
  ) {
    super(`Uniqueness violated: ${constraint}`);
    this.name = 'UniquenessViolation';
  }
}

/**
 * The one place identity's refusals become HTTP answers. A refusal no request can cause (a fresh id already taken)
 * is an invariant broken: a plain error, answered 500.
 */
export function identityRefusalError(refusal: UserRefusal | SessionRefusal): Error {
  switch (refusal) {
    case 'USER_NOT_FOUND':
      return notFound('USER_NOT_FOUND', PROFILE_MESSAGES.userNotFound);
    case 'CONFIRMATION_TOKEN_INVALID':
    case 'CONFIRMATION_TOKEN_EXPIRED':
      return new ApiError(400, refusal, AUTH_MESSAGES.confirmationTokenInvalid);
    case 'SESSION_NOT_FOUND':
    case 'SESSION_REVOKED':
    case 'SESSION_EXPIRED':
      return unauthorized(AUTH_MESSAGES.sessionExpired, 'SESSION_EXPIRED');
    case 'EXTERNAL_IDENTITY_ALREADY_LINKED':
      return conflict('EXTERNAL_IDENTITY_ALREADY_LINKED', 'This account is already linked to another Google account');
    case 'USER_ALREADY_REGISTERED':
    case 'SESSION_ALREADY_STARTED':
    case 'USER_MUST_BE_A_DEMO_SANDBOX':
      return new Error(refusal);
  }
}

/**
 * A clash on a unique index that a request can cause (the e-mail or username someone else has) as its HTTP answer;
 * any other error passes through untouched (registration retries the clashes it can resolve itself).
 */
export function uniquenessError(error: unknown): unknown {
  if (!(error instanceof UniquenessViolation)) return error;
  switch (error.constraint) {
    case 'email':
      return conflict('EMAIL_TAKEN', AUTH_MESSAGES.emailTaken);
    case 'username':
      return new ApiError(409, 'USERNAME_TAKEN', PROFILE_MESSAGES.usernameTaken, undefined, [
        { field: 'username', message: PROFILE_MESSAGES.usernameTaken },
      ]);
    default:
      return error;
  }
}
