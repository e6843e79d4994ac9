import { AUTH_MESSAGES, PROFILE_MESSAGES } from '@app/contracts/identity';
import { ApiError, conflict, notFound, unauthorized } from '../../platform/http/api-error';
import { IdentityRefusal, UniquenessViolation } from './infrastructure/identity-store';

/** The one place identity's typed refusals become HTTP answers. Anything else passes through untouched. */
export function toApiError(error: unknown): unknown {
  if (error instanceof UniquenessViolation) {
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
  if (error instanceof IdentityRefusal) {
    switch (error.refusal) {
      case 'USER_NOT_FOUND':
        return notFound('USER_NOT_FOUND', PROFILE_MESSAGES.userNotFound);
      case 'CONFIRMATION_TOKEN_INVALID':
      case 'CONFIRMATION_TOKEN_EXPIRED':
        return new ApiError(400, error.refusal, AUTH_MESSAGES.confirmationTokenInvalid);
      case 'SESSION_NOT_FOUND':
      case 'SESSION_REVOKED':
      case 'SESSION_EXPIRED':
        return unauthorized(AUTH_MESSAGES.sessionExpired, 'SESSION_EXPIRED');
      case 'EXTERNAL_IDENTITY_ALREADY_LINKED':
        return conflict('EXTERNAL_IDENTITY_ALREADY_LINKED', 'This account is already linked to another Google account');
      case 'USER_ALREADY_REGISTERED':
      case 'SESSION_ALREADY_STARTED':
        return error;
      default:
        return error;
    }
  }
  return error;
}

/** Runs `work`, translating identity refusals on the way out. */
export async function answering<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw toApiError(error);
  }
}
