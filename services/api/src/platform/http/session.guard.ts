import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { AUTH_MESSAGES } from '@app/contracts/identity';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { forbidden, unauthorized } from './api-error';
import type { RequestWithUser } from './authenticated-user';
import { bearerTokenOf, tokenFromRequest } from './bearer-token';
import { crossSiteRefusal, trustedOriginsOf } from './cross-site-requests';
import { ADMIN_ONLY_KEY, IS_PUBLIC_KEY } from './public.decorator';
import { SESSION_PORT, type SessionPort } from './session.port';

/**
 * The one global guard (APP_GUARD, registered by the context that implements the session port): every route needs a
 * live session unless marked `@Public()`; `@AdminOnly()` routes also need the admin role. Public routes still learn
 * who is calling when a valid token comes along.
 */
@Injectable()
export class SessionGuard implements CanActivate {
  /** Origins a cookie-authenticated write may come from (see `crossSiteRefusal`). */
  private readonly trustedOrigins: ReadonlySet<string>;

  constructor(
    private readonly reflector: Reflector,
    @Inject(SESSION_PORT) private readonly sessions: SessionPort,
    @Inject(APP_CONFIG) appConfig: AppConfig,
  ) {
    this.trustedOrigins = trustedOriginsOf([...sessions.publicUrls, ...appConfig.corsOrigins]);
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const targets = [context.getHandler(), context.getClass()];
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC_KEY, targets) === true;
    const adminOnly = this.reflector.getAllAndOverride<boolean>(ADMIN_ONLY_KEY, targets) === true;
    const request = context.switchToHttp().getRequest<FastifyRequest & RequestWithUser>();
    const token = tokenFromRequest(request, this.sessions.cookieName);
    if (token !== undefined && bearerTokenOf(request) === undefined) {
      const refused = crossSiteRefusal(request, this.trustedOrigins);
      if (refused) throw refused;
    }
    const user = token ? await this.sessions.authenticate(token) : undefined;
    if (user) {
      request.authenticatedUser = user;
      // For answers that hand the caller's own session back (advertiser onboarding's `{ token, user }`).
      request.sessionToken = token;
    }
    if (isPublic && !adminOnly) return true;
    if (!user) {
      throw token
        ? unauthorized(AUTH_MESSAGES.sessionExpired, 'SESSION_EXPIRED')
        : unauthorized(AUTH_MESSAGES.sessionRequired, 'UNAUTHORIZED');
    }
    if (adminOnly && !user.isAdmin) throw forbidden(AUTH_MESSAGES.adminRequired, 'ADMIN_REQUIRED');
    return true;
  }
}
