import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { UserTier, UserType } from '@app/contracts/identity';
import { unauthorized } from './api-error';
import { AUTH_MESSAGES } from '@app/contracts/identity';

/** Who is calling: set on the request by the global guard. */
export interface AuthenticatedUser {
  userId: string;
  sessionId: string;
  email: string;
  username: string;
  userType: UserType;
  tier: UserTier;
  isAdmin: boolean;
  /** A demo sandbox (demo sign-in): other contexts keep sandboxes and real accounts apart. */
  isDemo: boolean;
}

export type RequestWithUser = { authenticatedUser?: AuthenticatedUser; sessionToken?: string };

/**
 * `@CurrentUser() user: AuthenticatedUser` in a handler. On a route marked `@Public()` without a session it gives
 * `undefined` when declared `@CurrentUser({ optional: true })`; otherwise a missing user is a 401.
 */
export const CurrentUser = createParamDecorator(
  (options: { optional?: boolean } | undefined, context: ExecutionContext) => {
    const request = context.switchToHttp().getRequest<RequestWithUser>();
    if (request.authenticatedUser) return request.authenticatedUser;
    if (options?.optional) return undefined;
    throw unauthorized(AUTH_MESSAGES.sessionRequired);
  },
);

/**
 * `@CurrentSessionToken() token: string`: the token that authenticated this request (bearer or cookie); 401 without
 * one.
 */
export const CurrentSessionToken = createParamDecorator((_options: unknown, context: ExecutionContext) => {
  const request = context.switchToHttp().getRequest<RequestWithUser>();
  if (request.authenticatedUser && request.sessionToken) return request.sessionToken;
  throw unauthorized(AUTH_MESSAGES.sessionRequired);
});
