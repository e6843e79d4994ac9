import { Inject, Injectable } from '@nestjs/common';
import type { EventStore } from '@app/event-store';
import type { DemoPersona, UserTier, UserType } from '@app/contracts/identity';
import { userStreamId, type RegisteredUser, type UserCommand, type UserEvent } from '../domain/user';
import type { Database } from '@app/event-store';
import { DATABASE } from '../../../platform/database/database.tokens';
import { UseCaseRunner } from '../../../platform/use-cases/use-case-runner';
import { UniquenessViolation, identityRefusalError } from '../identity-refusals';
import { IdentityUnit, toUserEvent } from './identity-unit';
import { IDENTITY_CHANGED_CHANNEL, SessionCache } from './session-cache';
import { IDENTITY_EVENT_STORE, IDENTITY_POOL, type QueryablePool } from './tokens';

export { IdentityUnit } from './identity-unit';

/** A row of the users read model. */
export interface UserRow {
  user_id: string;
  email: string;
  username: string;
  display_name: string | null;
  bio: string | null;
  avatar_url: string | null;
  banner_url: string | null;
  website_url: string | null;
  social_links: unknown;
  user_type: UserType;
  tier: UserTier;
  is_admin: boolean;
  referral_code: string;
  password_hash: string | null;
  demo_persona: DemoPersona | null;
  is_demo: boolean;
  demo_expired_at: Date | null;
  last_active_at: Date | null;
  email_confirmed: boolean;
  created_at: Date;
  updated_at: Date;
  accounts_opened_at: Date | null;
  demo_funded_at: Date | null;
}

/** What the session guard needs of a session and its user (one narrow row, read on every authenticated request). */
export interface AuthenticatedSessionRow extends Pick<
  UserRow,
  'user_id' | 'email' | 'username' | 'user_type' | 'tier' | 'is_admin' | 'is_demo' | 'demo_expired_at'
> {
  session_id: string;
  expires_at: Date;
  revoked_at: Date | null;
}

/**
 * Identity's commands run through the platform's `UseCaseRunner`: the work decides on user and session streams in an
 * `IdentityUnit`, whose inline rows are written in the same transaction as the events; a concurrent writer makes the
 * runner rerun the whole unit from fresh state. A clash on a unique index comes out as a `UniquenessViolation`.
 */
@Injectable()
export class IdentityStore {
  constructor(
    @Inject(IDENTITY_EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(IDENTITY_POOL) private readonly pool: QueryablePool,
    @Inject(DATABASE) private readonly database: Pick<Database, 'kind'>,
    private readonly sessions: SessionCache<AuthenticatedSessionRow>,
    private readonly runner: UseCaseRunner,
  ) {}

  /** Runs `work` as one use case; `lockKeys` (stream ids) queue requests of this process on the same streams. */
  async execute<T>(work: (unit: IdentityUnit) => Promise<T>, lockKeys: readonly string[] = []): Promise<T> {
    try {
      return await this.runner.run<T>({
        lockKeys,
        decide: async (unit) => {
          const identity = new IdentityUnit(unit.transaction, this.eventStore);
          const result = await work(identity);
          const { appends, changedUsers } = await identity.finish();
          if (changedUsers.size > 0) {
            // Delivered at commit, so other processes' session caches forget these users once the change is visible.
            if (this.database.kind === 'postgres') {
              await unit.transaction.query('SELECT pg_notify($1, $2)', [
                IDENTITY_CHANGED_CHANNEL,
                [...changedUsers].join(','),
              ]);
            }
            // Committed: the next request of these users must read their rows again.
            unit.afterCommit(() => this.sessions.forgetUsers(changedUsers));
          }
          return { appends, answer: () => result };
        },
      });
    } catch (error) {
      throw translateUniqueViolation(error);
    }
  }

  /** Runs one user command on its own and returns the user as it stands after. */
  async executeUser(userId: string, command: UserCommand): Promise<RegisteredUser> {
    const state = await this.execute((unit) => unit.decideUser(userId, command), [userStreamId(userId)]);
    if (state.status !== 'registered') throw identityRefusalError('USER_NOT_FOUND');
    return state;
  }

  // ---- Reads of the read model (outside any unit) ----

  /** A user's events, from the stream (the log, not the read model). */
  async readUserEvents(userId: string): Promise<UserEvent[]> {
    return (await this.eventStore.readStream(userStreamId(userId))).map(toUserEvent);
  }

  async findUserById(userId: string): Promise<UserRow | undefined> {
    if (!isUuid(userId)) return undefined;
    const { rows } = await this.pool.query<UserRow>('SELECT * FROM identity_users WHERE user_id = $1', [userId]);
    return rows[0];
  }

  async findUserByEmail(email: string): Promise<UserRow | undefined> {
    const { rows } = await this.pool.query<UserRow>('SELECT * FROM identity_users WHERE email = $1', [
      email.trim().toLowerCase(),
    ]);
    return rows[0];
  }

  /** The owner of a referral code (any case), from the inline row: found the moment its sign-up committed. */
  async findUserIdByReferralCode(referralCode: string): Promise<string | null> {
    // Codes are generated upper case (identity's alphabet); the unique index is on the stored code.
    const { rows } = await this.pool.query<{ user_id: string }>(
      'SELECT user_id::text AS user_id FROM identity_users WHERE referral_code = $1',
      [referralCode.trim().toUpperCase()],
    );
    return rows[0]?.user_id ?? null;
  }

  async findUserByUsername(username: string): Promise<UserRow | undefined> {
    const { rows } = await this.pool.query<UserRow>('SELECT * FROM identity_users WHERE lower(username) = lower($1)', [
      username,
    ]);
    return rows[0];
  }

  async findDemoPersona(persona: DemoPersona): Promise<UserRow | undefined> {
    const { rows } = await this.pool.query<UserRow>('SELECT * FROM identity_users WHERE demo_persona = $1', [persona]);
    return rows[0];
  }

  async findUserByConfirmationToken(tokenHash: string): Promise<UserRow | undefined> {
    const { rows } = await this.pool.query<UserRow>('SELECT * FROM identity_users WHERE confirmation_token_hash = $1', [
      tokenHash,
    ]);
    return rows[0];
  }

  async findUserIdByExternalIdentity(provider: string, subject: string): Promise<string | undefined> {
    const { rows } = await this.pool.query<{ user_id: string }>(
      'SELECT user_id FROM identity_external_identities WHERE provider = $1 AND subject = $2',
      [provider, subject],
    );
    return rows[0]?.user_id;
  }

  /** The session a bearer token names, with its user; revoked and expired ones included (the caller decides). */
  async findSessionByTokenHash(tokenHash: string): Promise<AuthenticatedSessionRow | undefined> {
    // Every authenticated request runs this, so it is cached (see SessionCache for how changes reach the cache).
    // On a miss, on PostgreSQL, a named statement is parsed and planned once per connection; not on the embedded
    // database, whose connections share one session and so one set of names.
    return this.sessions.lookup(tokenHash, async () => {
      const text = `SELECT u.user_id, u.email, u.username, u.user_type, u.tier, u.is_admin, u.is_demo,
                    u.demo_expired_at, s.session_id, s.expires_at, s.revoked_at
           FROM identity_sessions s JOIN identity_users u ON u.user_id = s.user_id
          WHERE s.token_hash = $1`;
      const named = this.database.kind === 'postgres' ? { name: 'identity_session_by_token_hash' } : {};
      const { rows } = await this.pool.query<AuthenticatedSessionRow>({ ...named, text, values: [tokenHash] });
      return rows[0];
    });
  }

  /**
   * Who referred the user (their user id), from the referrals projection of the rewards context's events; null
   * before any referral, and while the projection's table does not exist yet (first start).
   */
  async referredBy(userId: string): Promise<string | null> {
    try {
      const { rows } = await this.pool.query<{ referrer_user_id: string }>(
        'SELECT referrer_user_id FROM identity_referrals WHERE referred_user_id = $1',
        [userId],
      );
      return rows[0]?.referrer_user_id ?? null;
    } catch (error) {
      if ((error as { code?: string }).code === '42P01') return null;
      throw error;
    }
  }

  async saveOidcFlow(flow: { state: string; codeVerifier: string; nonce: string; expiresAt: Date }): Promise<void> {
    await this.pool.query(
      `WITH pruned AS (DELETE FROM identity_oidc_flows WHERE expires_at < now())
       INSERT INTO identity_oidc_flows (state, code_verifier, nonce, expires_at) VALUES ($1, $2, $3, $4)`,
      [flow.state, flow.codeVerifier, flow.nonce, flow.expiresAt],
    );
  }

  /** Each flow is used at most once: taking it deletes it. */
  async takeOidcFlow(state: string): Promise<{ codeVerifier: string; nonce: string } | undefined> {
    const { rows } = await this.pool.query<{ code_verifier: string; nonce: string }>(
      'DELETE FROM identity_oidc_flows WHERE state = $1 AND expires_at > now() RETURNING code_verifier, nonce',
      [state],
    );
    return rows[0] ? { codeVerifier: rows[0].code_verifier, nonce: rows[0].nonce } : undefined;
  }

  async markAccountsOpened(userId: string): Promise<void> {
    await this.pool.query(
      'UPDATE identity_users SET accounts_opened_at = now() WHERE user_id = $1 AND accounts_opened_at IS NULL',
      [userId],
    );
  }

  async markDemoFunded(userId: string): Promise<void> {
    await this.pool.query(
      'UPDATE identity_users SET demo_funded_at = now() WHERE user_id = $1 AND demo_funded_at IS NULL',
      [userId],
    );
  }

  /** Records a demo sandbox's latest use (operational, for the expiry job), unless one was recorded since `before`. */
  async markDemoActive(userId: string, at: Date, before: Date): Promise<void> {
    await this.pool.query(
      `UPDATE identity_users SET last_active_at = $2
        WHERE user_id = $1 AND is_demo AND (last_active_at IS NULL OR last_active_at < $3)`,
      [userId, at, before],
    );
  }

  /** Live demo sandboxes whose latest use is older than `inactiveSince`, oldest first. */
  async findInactiveDemoSandboxes(
    inactiveSince: Date,
    limit: number,
  ): Promise<{ user_id: string; last_active_at: Date }[]> {
    const { rows } = await this.pool.query<{ user_id: string; last_active_at: Date }>(
      `SELECT user_id, COALESCE(last_active_at, created_at) AS last_active_at FROM identity_users
        WHERE is_demo AND demo_expired_at IS NULL AND COALESCE(last_active_at, created_at) < $1
        ORDER BY COALESCE(last_active_at, created_at) LIMIT $2`,
      [inactiveSince, limit],
    );
    return rows;
  }
}

const CONSTRAINTS: Record<string, UniquenessViolation['constraint']> = {
  identity_users_email_unique: 'email',
  identity_users_username_unique: 'username',
  identity_users_referral_code_unique: 'referral_code',
  identity_users_demo_persona_unique: 'demo_persona',
  identity_external_identities_pkey: 'external_identity',
};

function translateUniqueViolation(error: unknown): unknown {
  const databaseError = error as { code?: string; constraint?: string };
  if (databaseError?.code !== '23505') return error;
  return new UniquenessViolation(CONSTRAINTS[databaseError.constraint ?? ''] ?? 'other');
}

export const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
