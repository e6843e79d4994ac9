import { DeciderSpecification } from '../support/decider-specification';
import {
  decideUser,
  evolveUser,
  initialUserState,
  type UserCommand,
  type UserEvent,
} from '../../src/modules/identity/domain/user';

/** A demo sandbox's user stream: marked demo at registration, expired once by the job, real users never. */
const NOW = '2026-11-21T12:00:00.000Z';
const LATER = '2026-11-28T13:00:00.000Z';
const USER_ID = '22222222-2222-4222-8222-222222222222';

const registered = (overrides: Partial<Extract<UserEvent, { type: 'UserRegistered' }>['data']> = {}): UserEvent => ({
  type: 'UserRegistered',
  data: {
    userId: USER_ID,
    email: 'demo-investor-0123456789@demo.local',
    username: 'demo_investor_0123456789',
    displayName: 'Demo Investor',
    userType: 'investor',
    tier: 'free',
    referralCode: 'DEMO23',
    passwordHash: null,
    method: 'demo',
    demoPersona: 'investor',
    isDemo: true,
    emailConfirmed: true,
    registeredAt: NOW,
    ...overrides,
  },
});

const specification = DeciderSpecification.for({
  decide: decideUser,
  evolve: evolveUser,
  initialState: initialUserState,
});
const given = (...events: UserEvent[]) => ({
  when: (command: UserCommand) => specification.given(events).when(command).decision,
});
const expire: UserCommand = { type: 'ExpireDemoSandbox', data: { lastActiveAt: NOW, now: LATER } };

describe('demo sandbox users', () => {
  it('folds a demo registration into a demo user (older events: a demo persona is enough)', () => {
    const state = evolveUser(initialUserState(), registered());
    expect(state).toMatchObject({ isDemo: true, demoExpiredAt: null });
    const older = registered({ isDemo: undefined });
    expect(evolveUser(initialUserState(), older)).toMatchObject({ isDemo: true });
    expect(
      evolveUser(initialUserState(), registered({ isDemo: undefined, demoPersona: null, method: 'password' })),
    ).toMatchObject({ isDemo: false });
  });

  it('expires a demo sandbox once, recording the activity it was judged on', () => {
    expect(given(registered()).when(expire)).toEqual({
      kind: 'accepted',
      events: [{ type: 'DemoSandboxExpired', data: { userId: USER_ID, expiredAt: LATER, lastActiveAt: NOW } }],
    });
    const expired: UserEvent = {
      type: 'DemoSandboxExpired',
      data: { userId: USER_ID, expiredAt: LATER, lastActiveAt: NOW },
    };
    expect(given(registered(), expired).when(expire)).toEqual({ kind: 'accepted', events: [] });
    expect(evolveUser(evolveUser(initialUserState(), registered()), expired)).toMatchObject({ demoExpiredAt: LATER });
  });

  it('never expires a real user', () => {
    expect(given(registered({ isDemo: undefined, demoPersona: null, method: 'password' })).when(expire)).toEqual({
      kind: 'refused',
      refusal: 'USER_MUST_BE_A_DEMO_SANDBOX',
    });
  });
});
