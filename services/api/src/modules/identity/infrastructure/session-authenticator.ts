import { Inject, Injectable } from '@nestjs/common';
import { normalizeTier } from '@app/contracts/identity';
import type { AuthenticatedUser } from '../../../platform/http/authenticated-user';
import type { SessionPort } from '../../../platform/http/session.port';
import { IDENTITY_CONFIG, type IdentityConfig } from '../identity.config';
import { IdentityStore } from './identity-store';
import { hashToken } from './secrets';

/** A demo sandbox's use is recorded at most this often per process (the expiry job counts days, not minutes). */
const DEMO_ACTIVITY_EVERY_MS = 5 * 60_000;

/** Identity's side of the platform's session port: a token names a user while its session lives. */
@Injectable()
export class SessionAuthenticator implements SessionPort {
  private readonly demoActivityRecordedAt = new Map<string, number>();
  readonly cookieName: string;
  readonly publicUrls: readonly string[];

  constructor(
    private readonly store: IdentityStore,
    @Inject(IDENTITY_CONFIG) config: IdentityConfig,
  ) {
    this.cookieName = config.cookie.name;
    this.publicUrls = [config.publicAppUrl, config.publicApiUrl];
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
    void this.store
      .markDemoActive(userId, new Date(now), new Date(now - DEMO_ACTIVITY_EVERY_MS))
      .catch(() => this.demoActivityRecordedAt.delete(userId));
  }
}
