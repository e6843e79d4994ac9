import { DeciderSpecification } from '../support/decider-specification';
import {
  decideUser,
  evolveUser,
  initialUserState,
  type UserCommand,
  type UserEvent,
} from '../../src/modules/identity/domain/user';
import {
  decideSession,
  evolveSession,
  initialSessionState,
  type SessionCommand,
  type SessionEvent,
} from '../../src/modules/identity/domain/session';

const NOW = '2026-11-21T12:00:00.000Z';
const LATER = '2026-11-22T12:00:00.000Z';
const USER_ID = '11111111-1111-4111-8111-111111111111';

const registered = (overrides: Partial<Extract<UserEvent, { type: 'UserRegistered' }>['data']> = {}): UserEvent => ({
  type: 'UserRegistered',
  data: {
    userId: USER_ID,
    email: 'jane@example.com',
    username: 'jane',
    displayName: null,
    userType: 'user',
    tier: 'free',
    referralCode: 'ABC234',
    passwordHash: '$argon2id$hash',
    method: 'password',
    demoPersona: null,
    emailConfirmed: true,
    registeredAt: NOW,
    ...overrides,
  },
});

/** given(events).when(command) → the decision, the way Emmett's deciders are specified. */
const userSpecification = DeciderSpecification.for({
  decide: decideUser,
  evolve: evolveUser,
  initialState: initialUserState,
});
const sessionSpecification = DeciderSpecification.for({
  decide: decideSession,
  evolve: evolveSession,
  initialState: initialSessionState,
});
// These specs compare whole decisions ({ kind, events } or { kind, refusal }), so `when` answers the decision itself.
const givenUser = (...events: UserEvent[]) => ({
  when: (command: UserCommand) => userSpecification.given(events).when(command).decision,
});
const givenSession = (...events: SessionEvent[]) => ({
  when: (command: SessionCommand) => sessionSpecification.given(events).when(command).decision,
});

describe('user decider', () => {
  const register = (confirmation: { tokenHash: string; expiresAt: string } | null): UserCommand => {
    const { registeredAt: _registeredAt, ...data } = (registered() as Extract<UserEvent, { type: 'UserRegistered' }>)
      .data;
    return { type: 'RegisterUser', data: { ...data, confirmation, now: NOW } };
  };

  it('registers a new user, and asks for confirmation when a token comes along', () => {
    expect(givenUser().when(register(null))).toEqual({ kind: 'accepted', events: [registered()] });
    expect(givenUser().when(register({ tokenHash: 'h', expiresAt: LATER }))).toEqual({
      kind: 'accepted',
      events: [
        registered(),
        {
          type: 'EmailConfirmationRequested',
          data: { userId: USER_ID, tokenHash: 'h', expiresAt: LATER, requestedAt: NOW },
        },
      ],
    });
  });

  it('refuses to register the same user twice, and any other command before registration', () => {
    expect(givenUser(registered()).when(register(null))).toEqual({
      kind: 'refused',
      refusal: 'USER_ALREADY_REGISTERED',
    });
    expect(givenUser().when({ type: 'UpdateProfile', data: { changes: { bio: 'x' }, now: NOW } })).toEqual({
      kind: 'refused',
      refusal: 'USER_NOT_FOUND',
    });
  });

  it('records only the profile fields that change, and nothing for a save without edits', () => {
    const decision = givenUser(registered()).when({
      type: 'UpdateProfile',
      data: { changes: { username: 'jane', bio: 'hello', socialLinks: {} }, now: LATER },
    });
    expect(decision).toEqual({
      kind: 'accepted',
      events: [{ type: 'ProfileUpdated', data: { userId: USER_ID, changes: { bio: 'hello' }, updatedAt: LATER } }],
    });
    expect(
      givenUser(registered()).when({ type: 'UpdateProfile', data: { changes: { username: 'jane' }, now: LATER } }),
    ).toEqual({ kind: 'accepted', events: [] });
  });

  it('confirms e-mail only with the right, unexpired token; confirming twice changes nothing', () => {
    const requested: UserEvent = {
      type: 'EmailConfirmationRequested',
      data: { userId: USER_ID, tokenHash: 'right', expiresAt: LATER, requestedAt: NOW },
    };
    const unconfirmed = registered({ emailConfirmed: false });
    const confirm = (tokenHash: string, now: string): UserCommand => ({
      type: 'ConfirmEmail',
      data: { tokenHash, now },
    });
    expect(givenUser(unconfirmed, requested).when(confirm('wrong', NOW))).toEqual({
      kind: 'refused',
      refusal: 'CONFIRMATION_TOKEN_INVALID',
    });
    expect(givenUser(unconfirmed, requested).when(confirm('right', LATER))).toEqual({
      kind: 'refused',
      refusal: 'CONFIRMATION_TOKEN_EXPIRED',
    });
    const confirmed: UserEvent = { type: 'EmailConfirmed', data: { userId: USER_ID, confirmedAt: NOW } };
    expect(givenUser(unconfirmed, requested).when(confirm('right', NOW))).toEqual({
      kind: 'accepted',
      events: [confirmed],
    });
    expect(givenUser(unconfirmed, requested, confirmed).when(confirm('right', NOW))).toEqual({
      kind: 'accepted',
      events: [],
    });
  });

  it('grants the admin role once, and changes type and tier only when they differ', () => {
    const granted: UserEvent = { type: 'AdminRoleGranted', data: { userId: USER_ID, grantedAt: NOW, reason: 'ops' } };
    expect(givenUser(registered()).when({ type: 'GrantAdminRole', data: { reason: 'ops', now: NOW } })).toEqual({
      kind: 'accepted',
      events: [granted],
    });
    expect(
      givenUser(registered(), granted).when({ type: 'GrantAdminRole', data: { reason: 'ops', now: NOW } }),
    ).toEqual({ kind: 'accepted', events: [] });
    expect(givenUser(registered()).when({ type: 'ChangeUserTier', data: { tier: 'free', now: NOW } })).toEqual({
      kind: 'accepted',
      events: [],
    });
    expect(
      givenUser(registered()).when({ type: 'ChangeUserType', data: { userType: 'advertiser', now: NOW } }),
    ).toEqual({
      kind: 'accepted',
      events: [{ type: 'UserTypeChanged', data: { userId: USER_ID, userType: 'advertiser', changedAt: NOW } }],
    });
  });

  it('raises a tier only upward when asked to raise, and sets it either way when asked to set', () => {
    const toSuper: UserEvent = { type: 'UserTierChanged', data: { userId: USER_ID, tier: 'super', changedAt: NOW } };
    const raise = (tier: 'free' | 'premium' | 'super') => ({
      type: 'ChangeUserTier' as const,
      data: { tier, onlyRaise: true, now: NOW },
    });
    expect(givenUser(registered(), toSuper).when(raise('premium'))).toEqual({ kind: 'accepted', events: [] });
    expect(givenUser(registered(), toSuper).when(raise('free'))).toEqual({ kind: 'accepted', events: [] });
    expect(givenUser(registered()).when(raise('premium'))).toEqual({
      kind: 'accepted',
      events: [{ type: 'UserTierChanged', data: { userId: USER_ID, tier: 'premium', changedAt: NOW } }],
    });
    expect(
      givenUser(registered(), toSuper).when({ type: 'ChangeUserTier', data: { tier: 'premium', now: NOW } }),
    ).toEqual({
      kind: 'accepted',
      events: [{ type: 'UserTierChanged', data: { userId: USER_ID, tier: 'premium', changedAt: NOW } }],
    });
  });

  it('links one Google subject per user: the same again is a no-op, another is refused', () => {
    const linked: UserEvent = {
      type: 'ExternalIdentityLinked',
      data: { userId: USER_ID, provider: 'google', subject: 's1', email: null, linkedAt: NOW },
    };
    const link = (subject: string): UserCommand => ({
      type: 'LinkExternalIdentity',
      data: { provider: 'google', subject, email: null, now: NOW },
    });
    expect(givenUser(registered()).when(link('s1'))).toEqual({ kind: 'accepted', events: [linked] });
    expect(givenUser(registered(), linked).when(link('s1'))).toEqual({ kind: 'accepted', events: [] });
    expect(givenUser(registered(), linked).when(link('s2'))).toEqual({
      kind: 'refused',
      refusal: 'EXTERNAL_IDENTITY_ALREADY_LINKED',
    });
  });
});

describe('session decider', () => {
  const started: SessionEvent = {
    type: 'SessionStarted',
    data: {
      sessionId: 's',
      userId: USER_ID,
      tokenHash: 'h',
      method: 'password',
      rotatedFromSessionId: null,
      startedAt: NOW,
      expiresAt: LATER,
      clientAddress: null,
    },
  };
  const revoke = (reason: 'signed_out' | 'rotated', now = NOW): SessionCommand => ({
    type: 'RevokeSession',
    data: { reason, replacedBySessionId: reason === 'rotated' ? 'next' : null, now },
  });

  it('starts once', () => {
    const { startedAt: _startedAt, ...data } = (started as Extract<SessionEvent, { type: 'SessionStarted' }>).data;
    expect(givenSession().when({ type: 'StartSession', data: { ...data, now: NOW } })).toEqual({
      kind: 'accepted',
      events: [started],
    });
    expect(givenSession(started).when({ type: 'StartSession', data: { ...data, now: NOW } })).toEqual({
      kind: 'refused',
      refusal: 'SESSION_ALREADY_STARTED',
    });
  });

  it('revokes an active session once: a second revocation (a replayed refresh) is refused', () => {
    const revoked: SessionEvent = {
      type: 'SessionRevoked',
      data: { sessionId: 's', userId: USER_ID, reason: 'rotated', replacedBySessionId: 'next', revokedAt: NOW },
    };
    expect(givenSession(started).when(revoke('rotated'))).toEqual({ kind: 'accepted', events: [revoked] });
    expect(givenSession(started, revoked).when(revoke('rotated'))).toEqual({
      kind: 'refused',
      refusal: 'SESSION_REVOKED',
    });
    expect(givenSession(started, revoked).when(revoke('signed_out'))).toEqual({
      kind: 'refused',
      refusal: 'SESSION_REVOKED',
    });
    expect(givenSession().when(revoke('signed_out'))).toEqual({ kind: 'refused', refusal: 'SESSION_NOT_FOUND' });
  });

  it('does not rotate an expired session', () => {
    expect(givenSession(started).when(revoke('rotated', '2026-11-23T00:00:00.000Z'))).toEqual({
      kind: 'refused',
      refusal: 'SESSION_EXPIRED',
    });
  });
});
