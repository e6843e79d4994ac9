import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { AUTH_MESSAGES, normalizeTier } from '@app/contracts/identity';
import { ADMIN_ONLY_KEY, IS_PUBLIC_KEY } from '../../../platform/http/public.decorator';
import { forbidden, unauthorized } from '../../../platform/http/api-error';
import { IDENTITY_CONFIG, type IdentityConfig } from '../identity.config';
import { IdentityStore } from '../infrastructure/identity-store';
import { hashToken } from '../infrastructure/secrets';
import type { AuthenticatedUser, RequestWithUser } from '../../../platform/http/authenticated-user';
import { bearerTokenOf, tokenFromRequest } from './bearer-token';
import { crossSiteRefusal, trustedOriginsOf } from './cross-site-requests';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/app-config';

/**
 * The one global guard (APP_GUARD): every route needs a live session unless marked `@Public()`; `@AdminOnly()`
 * routes also need the admin role. Public routes still learn who is calling when a valid token comes along.
 */
/** A demo sandbox's use is recorded at most this often per process (the expiry job counts days, not minutes). */
const DEMO_ACTIVITY_EVERY_MS = 5 * 60_000;

@Injectable()
export class SessionGuard implements CanActivate {
  private readonly demoActivityRecordedAt = new Map<string, number>();

  constructor(
    private readonly reflector: Reflector,
    private readonly store: IdentityStore,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
    @Inject(APP_CONFIG) appConfig: AppConfig,
  ) {
    this.trustedOrigins = trustedOriginsOf([config.publicAppUrl, config.publicApiUrl, ...appConfig.corsOrigins]);
  }

  /** Origins a cookie-authenticated write may come from (see `crossSiteRefusal`). */
  private readonly trustedOrigins: ReadonlySet<string>;

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const targets = [context.getHandler(), context.getClass()];
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC_KEY, targets) === true;
    const adminOnly = this.reflector.getAllAndOverride<boolean>(ADMIN_ONLY_KEY, targets) === true;
    const request = context.switchToHttp().getRequest<FastifyRequest & RequestWithUser>();
    const token = tokenFromRequest(request, this.config.cookie.name);
    if (token !== undefined && bearerTokenOf(request) === undefined) {
      const refused = crossSiteRefusal(request, this.trustedOrigins);
      if (refused) throw refused;
    }
    const user = token ? await this.authenticate(token) : undefined;
    if (user) {
      request.authenticatedUser = user;
      // For answers that hand the caller's own session back (advertiser onboarding's `{ token, user }`).
      request.sessionToken = token;
    }
    if (isPublic && !adminOnly) return true;
    if (!user) throw unauthorized(token ? AUTH_MESSAGES.sessionExpired : AUTH_MESSAGES.sessionRequired, token ? 'SESSION_EXPIRED' : 'UNAUTHORIZED');
    if (adminOnly && !user.isAdmin) throw forbidden(AUTH_MESSAGES.adminRequired, 'ADMIN_REQUIRED');
    return true;
  }

  /** A token names a user only while its session is neither revoked nor expired. */
  async authenticate(token: string): Promise<AuthenticatedUser | undefined> {
    const row = await this.store.findSessionByTokenHash(hashToken(token));
    if (!row || row.revoked_at !== null || new Date(row.expires_at).getTime() <= Date.now()) return undefined;
    // An expired demo sandbox can no longer be used: its sessions end with it.
    if (row.demo_expired_at !== null) return undefined;
    if (row.is_demo) this.recordDemoActivity(row.user_id);
    return {
      userId: row.user_id,
      sessionId: row.session_id,
      email: row.email,
      username: row.username,
      userType: row.user_type,
      tier: normalizeTier(row.tier) ?? 'free',
      isAdmin: row.is_admin,
      isDemo: row.is_demo,
    };
  }

  /** Feeds the 7-day expiry of demo sandboxes; off the request's path, and a failure only delays the record. */
  private recordDemoActivity(userId: string): void {
    const now = Date.now();
    if (now - (this.demoActivityRecordedAt.get(userId) ?? 0) < DEMO_ACTIVITY_EVERY_MS) return;
    if (this.demoActivityRecordedAt.size > 10_000) this.demoActivityRecordedAt.clear();
    this.demoActivityRecordedAt.set(userId, now);
    void this.store.markDemoActive(userId, new Date(now), new Date(now - DEMO_ACTIVITY_EVERY_MS)).catch(() => this.demoActivityRecordedAt.delete(userId));
  }
}
