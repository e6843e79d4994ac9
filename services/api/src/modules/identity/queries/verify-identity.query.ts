import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { CHECKPOINT_START, type EventStore, type StoredEvent, type TransactionHandle } from '@app/event-store';
import { IDENTITY_EVENT_SCHEMAS } from '@app/contracts/identity';
import {
  evolveSession,
  initialSessionState,
  SESSION_EVENT_TYPES,
  type SessionEvent,
  type SessionState,
} from '../domain/session';
import {
  evolveUser,
  initialUserState,
  USER_EVENT_TYPES,
  type RegisteredUser,
  type UserEvent,
  type UserState,
} from '../domain/user';
import { IDENTITY_EVENT_STORE } from '../infrastructure/tokens';

export interface IdentityVerifyReport {
  usersChecked: number;
  sessionsChecked: number;
  /** One sentence per difference between a read-model row and the fold of its stream. */
  mismatches: string[];
}

/**
 * `queryBus.execute(new VerifyIdentityReadModelQuery())`: replays every identity event and checks that each users and
 * sessions row equals a fresh fold of its stream (and that no row lacks a stream). For `ledger verify` and operators.
 */
export class VerifyIdentityReadModelQuery extends Query<IdentityVerifyReport> {}

interface UserRowForCheck {
  user_id: string;
  email: string;
  username: string;
  display_name: string | null;
  bio: string | null;
  avatar_url: string | null;
  banner_url: string | null;
  website_url: string | null;
  social_links: unknown;
  user_type: string;
  tier: string;
  is_admin: boolean;
  referral_code: string;
  password_hash: string | null;
  demo_persona: string | null;
  is_demo: boolean;
  demo_expired_at: Date | null;
  email_confirmed: boolean;
  stream_version: string;
}

interface SessionRowForCheck {
  session_id: string;
  user_id: string;
  token_hash: string;
  revoked_at: Date | null;
  stream_version: string;
}

/** Each stream's fold so far and its version, by user or session id. */
type Folds<State> = Map<string, { state: State; version: number }>;

@QueryHandler(VerifyIdentityReadModelQuery)
export class VerifyIdentityReadModelHandler implements IQueryHandler<
  VerifyIdentityReadModelQuery,
  IdentityVerifyReport
> {
  constructor(@Inject(IDENTITY_EVENT_STORE) private readonly eventStore: EventStore) {}

  /**
   * The rows are written in the same transaction as their events, so events and rows are read in ONE repeatable-read
   * snapshot: a sign-up committing meanwhile is either wholly in it or wholly out of it, never half.
   */
  async execute(): Promise<IdentityVerifyReport> {
    return this.eventStore.withTransaction(async (transaction) => {
      await transaction.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY');
      return this.verifyInSnapshot(transaction);
    });
  }

  private async verifyInSnapshot(transaction: TransactionHandle): Promise<IdentityVerifyReport> {
    const users: Folds<UserState> = new Map();
    const sessions: Folds<SessionState> = new Map();
    const eventTypes = [...USER_EVENT_TYPES, ...SESSION_EVENT_TYPES];
    let checkpoint = CHECKPOINT_START;
    for (;;) {
      const batch = await this.eventStore.readAll(checkpoint, {
        limit: 1000,
        eventTypes,
        transaction,
        horizon: 'snapshot',
      });
      for (const event of batch.events) this.fold(event, users, sessions);
      checkpoint = batch.nextCheckpoint;
      if (batch.caughtUp) break;
    }
    const mismatches: string[] = [];
    const usersChecked = await checkUserRows(transaction, users, mismatches);
    const sessionsChecked = await checkSessionRows(transaction, sessions, mismatches);
    return { usersChecked, sessionsChecked, mismatches };
  }

  private fold(event: StoredEvent, users: Folds<UserState>, sessions: Folds<SessionState>) {
    const schema = IDENTITY_EVENT_SCHEMAS[event.type as keyof typeof IDENTITY_EVENT_SCHEMAS];
    const data = schema.parse(event.data);
    if (event.streamId.startsWith('user-')) {
      const id = event.streamId.slice('user-'.length);
      const entry = users.get(id) ?? { state: initialUserState(), version: 0 };
      users.set(id, {
        state: evolveUser(entry.state, { type: event.type, data } as UserEvent),
        version: entry.version + 1,
      });
    } else if (event.streamId.startsWith('session-')) {
      const id = event.streamId.slice('session-'.length);
      const entry = sessions.get(id) ?? { state: initialSessionState(), version: 0 };
      sessions.set(id, {
        state: evolveSession(entry.state, { type: event.type, data } as SessionEvent),
        version: entry.version + 1,
      });
    }
  }
}

const sortKeys = (map: Record<string, string>) =>
  Object.fromEntries(Object.entries(map).sort(([left], [right]) => left.localeCompare(right)));

/** The users row a registered user's fold says there should be, in the row's own shapes. */
function expectedUserRow(state: RegisteredUser, version: number): Record<string, unknown> {
  return {
    email: state.email,
    username: state.username,
    display_name: state.displayName,
    bio: state.bio,
    avatar_url: state.avatarUrl,
    banner_url: state.bannerUrl,
    website_url: state.websiteUrl,
    social_links: JSON.stringify(sortKeys(state.socialLinks)),
    user_type: state.userType,
    tier: state.tier,
    is_admin: state.isAdmin,
    referral_code: state.referralCode,
    password_hash: state.passwordHash,
    demo_persona: state.demoPersona,
    is_demo: state.isDemo,
    demo_expired_at: state.demoExpiredAt === null ? null : new Date(state.demoExpiredAt).toISOString(),
    email_confirmed: state.emailConfirmed,
    stream_version: String(version),
  };
}

/** Compares every users row with its fold (taking the checked folds out of `users`); returns the rows checked. */
async function checkUserRows(
  transaction: TransactionHandle,
  users: Folds<UserState>,
  mismatches: string[],
): Promise<number> {
  const { rows: userRows } = await transaction.query<UserRowForCheck>('SELECT * FROM identity_users');
  for (const row of userRows) {
    const folded = users.get(row.user_id);
    users.delete(row.user_id);
    if (!folded || folded.state.status !== 'registered') {
      mismatches.push(`User row ${row.user_id} has no UserRegistered event`);
      continue;
    }
    const expected = expectedUserRow(folded.state, folded.version);
    const actual: Record<string, unknown> = {
      ...row,
      demo_expired_at: row.demo_expired_at === null ? null : new Date(row.demo_expired_at).toISOString(),
      social_links: JSON.stringify(sortKeys((row.social_links ?? {}) as Record<string, string>)),
      stream_version: String(row.stream_version),
    };
    for (const [field, value] of Object.entries(expected)) {
      if (actual[field] !== value)
        mismatches.push(
          `User ${row.user_id}: ${field} is ${JSON.stringify(actual[field])}, ` +
            `the events say ${JSON.stringify(value)}`,
        );
    }
  }
  for (const userId of users.keys()) mismatches.push(`User ${userId} has events but no row`);
  return userRows.length;
}

/** Compares every sessions row with its fold (taking the checked folds out of `sessions`); returns the rows checked. */
async function checkSessionRows(
  transaction: TransactionHandle,
  sessions: Folds<SessionState>,
  mismatches: string[],
): Promise<number> {
  const { rows: sessionRows } = await transaction.query<SessionRowForCheck>(
    'SELECT session_id, user_id, token_hash, revoked_at, stream_version FROM identity_sessions',
  );
  for (const row of sessionRows) {
    const folded = sessions.get(row.session_id);
    sessions.delete(row.session_id);
    if (!folded || folded.state.status === 'none') {
      mismatches.push(`Session row ${row.session_id} has no SessionStarted event`);
      continue;
    }
    const state = folded.state;
    if (state.tokenHash !== row.token_hash)
      mismatches.push(`Session ${row.session_id}: token hash differs from its events`);
    if (state.userId !== row.user_id) mismatches.push(`Session ${row.session_id}: user differs from its events`);
    if ((state.status === 'revoked') !== (row.revoked_at !== null))
      mismatches.push(
        `Session ${row.session_id}: revoked is ${row.revoked_at !== null}, ` +
          `the events say ${state.status === 'revoked'}`,
      );
    if (String(row.stream_version) !== String(folded.version))
      mismatches.push(`Session ${row.session_id}: version ${row.stream_version}, the events say ${folded.version}`);
  }
  for (const sessionId of sessions.keys()) mismatches.push(`Session ${sessionId} has events but no row`);
  return sessionRows.length;
}
