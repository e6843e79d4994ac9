import { Inject, Injectable } from '@nestjs/common';
import { WrongExpectedVersionError, type EventStore, type NewEvent, type StoredEvent, type TransactionHandle } from '@app/event-store';
import { IDENTITY_EVENT_SCHEMAS, type DemoPersona, type UserTier, type UserType } from '@app/contracts/identity';
import {
  decideUser,
  evolveUser,
  initialUserState,
  userStreamId,
  type RegisteredUser,
  type UserCommand,
  type UserEvent,
  type UserRefusal,
  type UserState,
} from '../domain/user';
import {
  decideSession,
  evolveSession,
  initialSessionState,
  sessionStreamId,
  type SessionCommand,
  type SessionEvent,
  type SessionRefusal,
  type SessionState,
} from '../domain/session';
import type { Database } from '@app/event-store';
import { DATABASE } from '../../../platform/database/database.tokens';
import { writeSessionRow, writeUserRow } from './inline-read-model';
import { IDENTITY_CHANGED_CHANNEL, SessionCache } from './session-cache';
import { IDENTITY_EVENT_STORE, IDENTITY_POOL, type QueryablePool } from './tokens';

/** A unique index refused the write: which one tells the caller what clashed. */
export class UniquenessViolation extends Error {
  constructor(readonly constraint: 'email' | 'username' | 'referral_code' | 'demo_persona' | 'external_identity' | 'other') {
    super(`Uniqueness violated: ${constraint}`);
    this.name = 'UniquenessViolation';
  }
}

/** The decider refused the command; the HTTP adapter maps the code to a status and message. */
export class IdentityRefusal extends Error {
  constructor(readonly refusal: UserRefusal | SessionRefusal) {
    super(refusal);
    this.name = 'IdentityRefusal';
  }
}

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
export interface AuthenticatedSessionRow extends Pick<UserRow, 'user_id' | 'email' | 'username' | 'user_type' | 'tier' | 'is_admin' | 'is_demo' | 'demo_expired_at'> {
  session_id: string;
  expires_at: Date;
  revoked_at: Date | null;
}

const MAX_ATTEMPTS = 5;

/** Work for one transaction: user and session decisions appended together, with their read-model rows. */
export interface UnitOfWork {
  transaction: TransactionHandle;
  loadUser(userId: string): Promise<UserState>;
  loadSession(sessionId: string): Promise<SessionState>;
  /** Decides and stages; refused commands throw IdentityRefusal. Returns the state after the staged events. */
  decideUser(userId: string, command: UserCommand): Promise<UserState>;
  decideSession(sessionId: string, command: SessionCommand): Promise<SessionState>;
}

/**
 * Loads identity streams, runs the pure deciders and appends their events with the expected version, writing the
 * read-model rows in the same transaction. A concurrent writer (WrongExpectedVersionError) makes the whole unit
 * run again from fresh state.
 */
@Injectable()
export class IdentityStore {
  constructor(
    @Inject(IDENTITY_EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(IDENTITY_POOL) private readonly pool: QueryablePool,
    @Inject(DATABASE) private readonly database: Pick<Database, 'kind'>,
    private readonly sessions: SessionCache<AuthenticatedSessionRow>,
  ) {}

  async execute<T>(work: (unit: UnitOfWork) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      const changedUsers = new Set<string>();
      try {
        const result = await this.eventStore.withTransaction((transaction) => this.runUnit(transaction, work, changedUsers));
        // Committed: the next request of these users must read their rows again (other processes hear the NOTIFY).
        this.sessions.forgetUsers(changedUsers);
        return result;
      } catch (error) {
        if (error instanceof WrongExpectedVersionError && attempt < MAX_ATTEMPTS) continue;
        throw translateUniqueViolation(error);
      }
    }
  }

  /** Runs one user command in its own unit and returns the user as it stands after. */
  async executeUser(userId: string, command: UserCommand): Promise<RegisteredUser> {
    const state = await this.execute((unit) => unit.decideUser(userId, command));
    if (state.status !== 'registered') throw new IdentityRefusal('USER_NOT_FOUND');
    return state;
  }

  private async runUnit<T>(transaction: TransactionHandle, work: (unit: UnitOfWork) => Promise<T>, changedUsers: Set<string>): Promise<T> {
    const users = new Map<string, { state: UserState; version: bigint; staged: UserEvent[] }>();
    const sessions = new Map<string, { state: SessionState; version: bigint; staged: SessionEvent[] }>();
    const loadUserEntry = async (userId: string) => {
      let entry = users.get(userId);
      if (!entry) {
        const events = await this.eventStore.readStream(userStreamId(userId), { transaction });
        entry = { state: events.map(toUserEvent).reduce(evolveUser, initialUserState()), version: BigInt(events.length), staged: [] };
        users.set(userId, entry);
      }
      return entry;
    };
    const loadSessionEntry = async (sessionId: string) => {
      let entry = sessions.get(sessionId);
      if (!entry) {
        const events = await this.eventStore.readStream(sessionStreamId(sessionId), { transaction });
        entry = { state: events.map(toSessionEvent).reduce(evolveSession, initialSessionState()), version: BigInt(events.length), staged: [] };
        sessions.set(sessionId, entry);
      }
      return entry;
    };
    const unit: UnitOfWork = {
      transaction,
      loadUser: async (userId) => (await loadUserEntry(userId)).state,
      loadSession: async (sessionId) => (await loadSessionEntry(sessionId)).state,
      decideUser: async (userId, command) => {
        const entry = await loadUserEntry(userId);
        const decision = decideUser(command, entry.state);
        if ('refused' in decision) throw new IdentityRefusal(decision.refused);
        entry.state = decision.events.reduce(evolveUser, entry.state);
        entry.staged.push(...decision.events);
        return entry.state;
      },
      decideSession: async (sessionId, command) => {
        const entry = await loadSessionEntry(sessionId);
        const decision = decideSession(command, entry.state);
        if ('refused' in decision) throw new IdentityRefusal(decision.refused);
        entry.state = decision.events.reduce(evolveSession, entry.state);
        entry.staged.push(...decision.events);
        return entry.state;
      },
    };
    const result = await work(unit);

    const appends: { streamId: string; expectedVersion: bigint; events: NewEvent[] }[] = [];
    for (const [userId, entry] of users) {
      if (entry.staged.length > 0) appends.push({ streamId: userStreamId(userId), expectedVersion: entry.version, events: entry.staged });
    }
    for (const [sessionId, entry] of sessions) {
      if (entry.staged.length > 0) appends.push({ streamId: sessionStreamId(sessionId), expectedVersion: entry.version, events: entry.staged });
    }
    if (appends.length === 0) return result;
    await this.eventStore.append(appends, { transaction });
    // Users first: session rows reference them.
    for (const entry of users.values()) {
      if (entry.staged.length === 0 || entry.state.status !== 'registered') continue;
      await writeUserRow(transaction, entry.state, entry.version + BigInt(entry.staged.length), entry.staged);
    }
    for (const entry of sessions.values()) {
      if (entry.staged.length === 0) continue;
      await writeSessionRow(transaction, entry.staged, entry.version + BigInt(entry.staged.length));
    }
    for (const [userId, entry] of users) if (entry.staged.length > 0) changedUsers.add(userId);
    for (const entry of sessions.values()) if (entry.staged.length > 0 && entry.state.status !== 'none') changedUsers.add(entry.state.userId);
    // Delivered at commit, so other processes' session caches forget these users once the change is visible.
    if (changedUsers.size > 0 && this.database.kind === 'postgres') {
      await transaction.query('SELECT pg_notify($1, $2)', [IDENTITY_CHANGED_CHANNEL, [...changedUsers].join(',')]);
    }
    return result;
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
    const { rows } = await this.pool.query<UserRow>('SELECT * FROM identity_users WHERE email = $1', [email.trim().toLowerCase()]);
    return rows[0];
  }

  /** The owner of a referral code (any case), from the inline row: found the moment its sign-up committed. */
  async findUserIdByReferralCode(referralCode: string): Promise<string | null> {
    // Codes are generated upper case (identity's alphabet); the unique index is on the stored code.
    const { rows } = await this.pool.query<{ user_id: string }>('SELECT user_id::text AS user_id FROM identity_users WHERE referral_code = $1', [
      referralCode.trim().toUpperCase(),
    ]);
    return rows[0]?.user_id ?? null;
  }

  async findUserByUsername(username: string): Promise<UserRow | undefined> {
    const { rows } = await this.pool.query<UserRow>('SELECT * FROM identity_users WHERE lower(username) = lower($1)', [username]);
    return rows[0];
  }

  async findDemoPersona(persona: DemoPersona): Promise<UserRow | undefined> {
    const { rows } = await this.pool.query<UserRow>('SELECT * FROM identity_users WHERE demo_persona = $1', [persona]);
    return rows[0];
  }

  async findUserByConfirmationToken(tokenHash: string): Promise<UserRow | undefined> {
    const { rows } = await this.pool.query<UserRow>('SELECT * FROM identity_users WHERE confirmation_token_hash = $1', [tokenHash]);
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
      const text = `SELECT u.user_id, u.email, u.username, u.user_type, u.tier, u.is_admin, u.is_demo, u.demo_expired_at, s.session_id, s.expires_at, s.revoked_at
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
    await this.pool.query('UPDATE identity_users SET accounts_opened_at = now() WHERE user_id = $1 AND accounts_opened_at IS NULL', [userId]);
  }

  async markDemoFunded(userId: string): Promise<void> {
    await this.pool.query('UPDATE identity_users SET demo_funded_at = now() WHERE user_id = $1 AND demo_funded_at IS NULL', [userId]);
  }

  /** Records a demo sandbox's latest use (operational, for the expiry job), unless one was recorded since `before`. */
  async markDemoActive(userId: string, at: Date, before: Date): Promise<void> {
    await this.pool.query(
      'UPDATE identity_users SET last_active_at = $2 WHERE user_id = $1 AND is_demo AND (last_active_at IS NULL OR last_active_at < $3)',
      [userId, at, before],
    );
  }

  /** Live demo sandboxes whose latest use is older than `inactiveSince`, oldest first. */
  async findInactiveDemoSandboxes(inactiveSince: Date, limit: number): Promise<{ user_id: string; last_active_at: Date }[]> {
    const { rows } = await this.pool.query<{ user_id: string; last_active_at: Date }>(
      `SELECT user_id, COALESCE(last_active_at, created_at) AS last_active_at FROM identity_users
        WHERE is_demo AND demo_expired_at IS NULL AND COALESCE(last_active_at, created_at) < $1
        ORDER BY COALESCE(last_active_at, created_at) LIMIT $2`,
      [inactiveSince, limit],
    );
    return rows;
  }
}

function toUserEvent(event: StoredEvent): UserEvent {
  return { type: event.type, data: parsePayload(event) } as UserEvent;
}

function toSessionEvent(event: StoredEvent): SessionEvent {
  return { type: event.type, data: parsePayload(event) } as SessionEvent;
}

/** Payloads read back are parsed with their contract: a malformed recorded fact stops here, loudly. */
function parsePayload(event: StoredEvent): unknown {
  const schema = IDENTITY_EVENT_SCHEMAS[event.type as keyof typeof IDENTITY_EVENT_SCHEMAS];
  if (!schema) throw new Error(`Unknown identity event type ${event.type} in ${event.streamId}`);
  return schema.parse(event.data);
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
