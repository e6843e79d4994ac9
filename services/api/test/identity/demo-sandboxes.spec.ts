import { QueryBus } from '@nestjs/cqrs';
import { EVENT_STORE } from '../../src/platform/database/database.tokens';
import type { EventStore } from '@app/event-store';
import { GetUserBalancesQuery, SYSTEM_ACCOUNTS, newTransactionId, userAccount } from '../../src/modules/ledger';
import { LedgerExecutor } from '../../src/modules/ledger/infrastructure/ledger-executor';
import { VerifyIdentityReadModelQuery } from '../../src/modules/identity';
import { DemoSandboxExpiry } from '../../src/modules/identity/sign-in-as-demo/demo-sandbox-expiry.job';
import { verifyLedger } from '../../src/modules/ledger/infrastructure/ledger-audit';
import { ProjectionsService } from '../../src/platform/projections/projections.service';
import { signUp, startAppWithModules, type IdentityTestApp } from './support';

jest.setTimeout(120_000);

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

async function eventually<T>(probe: () => Promise<T>, accept: (value: T) => boolean): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    const value = await probe();
    if (accept(value) || attempt > 100) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Every demo login is its own fresh sandbox: its own account and balances, isolated from real accounts by the
 * ledger, seeded with drops to try, left out of rankings and search, and expired after 7 days unused.
 */
describe('demo sandboxes', () => {
  let testApp: IdentityTestApp;
  beforeAll(async () => {
    testApp = await startAppWithModules('demo_sandboxes', []);
  });
  afterAll(() => testApp.close());

  const demoLogin = async (persona: 'creator' | 'investor' | 'advertiser') =>
    (await testApp.http().post(`/api/auth/demo/${persona}`).expect(200)).body;
  const balancesOf = (userId: string) => testApp.app.get(QueryBus).execute(new GetUserBalancesQuery(userId));
  const post = (
    reasonCode: 'TRANSFER' | 'DROP_REWARD',
    from: string,
    to: string,
    currency: 'gems' | 'points',
    amountMinor: bigint,
  ) =>
    testApp.app.get(LedgerExecutor).execute({
      type: 'PostTransaction',
      data: {
        transactionId: newTransactionId(),
        reasonCode,
        description: 'test',
        postings: [{ debitAccount: from, creditAccount: to, currency, amountMinor }],
        now: new Date().toISOString(),
      },
    });

  it('gives two demo logins of one persona two different accounts, each with its own balances', async () => {
    const first = await demoLogin('advertiser');
    const second = await demoLogin('advertiser');
    expect(first.user.id).not.toBe(second.user.id);
    expect(first.user.username).not.toBe(second.user.username);
    for (const login of [first, second]) {
      expect(login.user).toMatchObject({ user_type: 'advertiser', is_demo: true });
      const profile = await testApp.http().get('/api/auth/profile').set(auth(login.token)).expect(200);
      expect(profile.body.user).toMatchObject({ id: login.user.id, is_demo: true });
      const balances = await balancesOf(login.user.id);
      expect(balances).toMatchObject({
        points_balance: 5000,
        keys_balance: 20,
        gems_balance: 1000,
        gold_collected: 500,
        moves_balance: 1000,
      });
    }
    // What one visitor spends is not the other's: the first converts gems to keys, the second keeps its balance.
    await testApp
      .http()
      .post('/api/users/convert')
      .set(auth(first.token))
      .send({ from_currency: 'gems', to_currency: 'keys', amount: 1 })
      .expect(200);
    expect((await balancesOf(first.user.id)).keys_balance).toBe(21);
    expect((await balancesOf(second.user.id)).keys_balance).toBe(20);
    // A real sign-up is not a demo account.
    const real = await signUp(testApp);
    expect((await testApp.http().get('/api/auth/profile').set(auth(real.token)).expect(200)).body.user.is_demo).toBe(
      false,
    );
  });

  it('seeds the demo advertiser with drops of its own and gives the demo creator a demo proof drop to apply to', async () => {
    const advertiser = await demoLogin('advertiser');
    const own = await eventually(
      () => testApp.http().get('/api/drops').set(auth(advertiser.token)).expect(200),
      (answer) =>
        answer.body.filter((drop: { creator_id: string }) => drop.creator_id === advertiser.user.id).length >= 2,
    );
    expect(own.body.filter((drop: { creator_id: string }) => drop.creator_id === advertiser.user.id)).toHaveLength(2);

    const creator = await demoLogin('creator');
    expect(creator.user).toMatchObject({ user_type: 'creator', is_demo: true });
    const listed = await eventually(
      () => testApp.http().get('/api/drops').set(auth(creator.token)).expect(200),
      (answer) => answer.body.some((drop: { title: string }) => drop.title === 'Demo drop: share your first post'),
    );
    const proof = listed.body.find((drop: { title: string }) => drop.title === 'Demo drop: share your first post');
    expect(proof.creator_id).not.toBe(advertiser.user.id);
    // Visitors do not see each other's sandboxes, and real users see no sandbox drop at all.
    expect(listed.body.map((drop: { creator_id: string }) => drop.creator_id)).toEqual([proof.creator_id]);
    const ownAgain = await testApp.http().get('/api/drops').set(auth(advertiser.token)).expect(200);
    expect(new Set(ownAgain.body.map((drop: { creator_id: string }) => drop.creator_id))).toEqual(
      new Set([advertiser.user.id]),
    );
    const real = await signUp(testApp);
    const realList = await testApp.http().get('/api/drops').set(auth(real.token)).expect(200);
    expect(
      realList.body.filter((drop: { creator_id: string }) =>
        [advertiser.user.id, proof.creator_id].includes(drop.creator_id),
      ),
    ).toEqual([]);
    await testApp
      .http()
      .post(`/api/drops/${proof.id}/apply`)
      .set(auth(creator.token))
      .send({ application_message: 'I fit' })
      .expect(201);

    const investor = await demoLogin('investor');
    expect(investor.user).toMatchObject({ user_type: 'investor', is_demo: true });
    expect(await balancesOf(investor.user.id)).toMatchObject({
      points_balance: 5000,
      gems_balance: 1000,
      keys_balance: 20,
      usd_balance: 1000,
    });
  });

  it('refuses any transfer between a demo account and a real account, in either direction, and moves nothing', async () => {
    const demo = await demoLogin('advertiser');
    const real = await signUp(testApp);
    const before = [await balancesOf(demo.user.id), await balancesOf(real.user.id)];
    expect(await post('TRANSFER', userAccount(demo.user.id), userAccount(real.user.id), 'gems', 10_000n)).toEqual({
      kind: 'refused',
      refusal: 'TRANSACTION_MUST_NOT_MIX_DEMO_AND_REAL_ACCOUNTS',
    });
    expect(await post('TRANSFER', userAccount(real.user.id), userAccount(demo.user.id), 'points', 10n)).toEqual({
      kind: 'refused',
      refusal: 'TRANSACTION_MUST_NOT_MIX_DEMO_AND_REAL_ACCOUNTS',
    });
    // Over HTTP too: a demo visitor redeeming a real user's referral code would pay both of them in one transaction.
    const referral = await testApp
      .http()
      .post('/api/users/process-referral')
      .set(auth(demo.token))
      .send({ referral_code: real.user.referral_code })
      .expect(403);
    expect(referral.body).toMatchObject({
      code: 'DEMO_ACCOUNT_ISOLATION',
      error: 'Demo accounts are sandboxes: no value can move between a demo account and a real account',
    });
    expect([await balancesOf(demo.user.id), await balancesOf(real.user.id)]).toEqual(before);
    // Two sandboxes may trade with each other, and a sandbox with system accounts.
    const other = await demoLogin('investor');
    expect((await post('TRANSFER', userAccount(demo.user.id), userAccount(other.user.id), 'gems', 10_000n)).kind).toBe(
      'accepted',
    );
    const report = await verifyLedger(testApp.app.get<EventStore>(EVENT_STORE));
    expect(report.findings.filter((finding) => finding.check === 'demo_isolation')).toEqual([]);
  });

  it('refuses a real account applying to a demo drop and a demo account applying to a real drop, with a clear 403', async () => {
    const demoAdvertiser = await demoLogin('advertiser');
    const demoCreator = await demoLogin('creator');
    const real = await signUp(testApp);
    const demoDrop = await testApp
      .http()
      .post('/api/drops')
      .set(auth(demoAdvertiser.token))
      .send({ title: 'Sandbox proof', description: 'd' })
      .expect(201);
    const refused = await testApp
      .http()
      .post(`/api/drops/${demoDrop.body.id}/apply`)
      .set(auth(real.token))
      .send({ application_message: 'me' })
      .expect(403);
    expect(refused.body).toMatchObject({
      code: 'DEMO_ACCOUNT_ISOLATION',
      error: expect.stringContaining('Demo accounts and real accounts'),
    });

    const realAdvertiser = await signUp(testApp);
    const { ChangeUserTypeCommand } = await import('../../src/modules/identity');
    const { CommandBus } = await import('@nestjs/cqrs');
    await testApp.app.get(CommandBus).execute(new ChangeUserTypeCommand(realAdvertiser.user.id, 'advertiser'));
    const realDrop = await testApp
      .http()
      .post('/api/drops')
      .set(auth(realAdvertiser.token))
      .send({ title: 'Real proof', description: 'd' })
      .expect(201);
    const refusedDemo = await testApp
      .http()
      .post(`/api/drops/${realDrop.body.id}/apply`)
      .set(auth(demoCreator.token))
      .send({ application_message: 'me' })
      .expect(403);
    expect(refusedDemo.body.code).toBe('DEMO_ACCOUNT_ISOLATION');
    const applications = await testApp
      .http()
      .get(`/api/drops/${realDrop.body.id}`)
      .set(auth(realAdvertiser.token))
      .expect(200);
    expect(applications.body.current_participants ?? 0).toBe(0);
  });

  it('leaves demo accounts out of the leaderboard and of user search', async () => {
    const demo = await demoLogin('creator');
    expect(
      (await post('DROP_REWARD', SYSTEM_ACCOUNTS.issuance, userAccount(demo.user.id), 'points', 1_000_000n)).kind,
    ).toBe('accepted');
    const real = await signUp(testApp, { username: `demo_real_${Date.now().toString(36)}` });
    expect((await post('DROP_REWARD', SYSTEM_ACCOUNTS.issuance, userAccount(real.user.id), 'points', 10n)).kind).toBe(
      'accepted',
    );
    // The projections follow the log in order: once the real user (later) is there, the demo one (earlier) was seen.
    const board = await eventually(
      () => testApp.http().get('/api/leaderboard/daily').set(auth(real.token)).expect(200),
      (answer) => answer.body.some((entry: { id: string }) => entry.id === real.user.id),
    );
    expect(board.body.map((entry: { id: string }) => entry.id)).toContain(real.user.id);
    expect(board.body.map((entry: { id: string }) => entry.id)).not.toContain(demo.user.id);
    const found = await eventually(
      () => testApp.http().get('/api/search?q=demo_').set(auth(real.token)).expect(200),
      (answer) => answer.body.users.some((user: { id: string }) => user.id === real.user.id),
    );
    expect(found.body.users.map((user: { id: string }) => user.id)).toEqual([real.user.id]);
    // Nor are the sandboxes' drops found (the demo creator's companion was seeded with this one).
    await eventually(
      () => testApp.app.get(ProjectionsService).listProjections(),
      (projections) => projections.find((projection) => projection.name === 'search_drops')?.lagEvents === 0,
    );
    const drops = await testApp
      .http()
      .get(`/api/search?q=${encodeURIComponent('share your first post')}`)
      .set(auth(real.token))
      .expect(200);
    expect(drops.body.drops).toEqual([]);
  });

  it('expires a sandbox unused for 7 days: its streams are archived and it can no longer be used', async () => {
    const demo = await demoLogin('investor');
    const fresh = await demoLogin('investor');
    await testApp.http().get('/api/auth/profile').set(auth(demo.token)).expect(200);
    const expiry = testApp.app.get(DemoSandboxExpiry);
    // Six days later nothing is due; eight days later both are (neither was used since).
    expect(await expiry.run(new Date(Date.now() + 6 * 86_400_000))).toBe(0);
    expect(await expiry.run(new Date(Date.now() + 8 * 86_400_000))).toBeGreaterThanOrEqual(2);
    await testApp.http().get('/api/auth/profile').set(auth(demo.token)).expect(401);
    await testApp.http().post('/api/auth/refresh').set(auth(fresh.token)).expect(401);
    const eventStore = testApp.app.get<EventStore>(EVENT_STORE);
    const ledgerStream = await eventStore.readStream(`ledger-account-${demo.user.id}`);
    expect(ledgerStream.map((event) => event.type)).toContain('LedgerSandboxArchived');
    const userStream = await eventStore.readStream(`user-${demo.user.id}`);
    expect(userStream.at(-1)?.type).toBe('DemoSandboxExpired');
    // Nothing more moves in or out of it; a second run changes nothing.
    const other = await demoLogin('advertiser');
    expect(await post('TRANSFER', userAccount(other.user.id), userAccount(demo.user.id), 'gems', 1n)).toEqual({
      kind: 'refused',
      refusal: 'ACCOUNT_MUST_NOT_BE_ARCHIVED',
    });
    expect(await expiry.run(new Date(Date.now() + 8 * 86_400_000))).toBeGreaterThanOrEqual(0);
    expect((await eventStore.readStream(`user-${demo.user.id}`)).length).toBe(userStream.length);
    const identity = await testApp.app.get(QueryBus).execute(new VerifyIdentityReadModelQuery());
    expect(identity.mismatches).toEqual([]);
  });
});

describe('demo logins switched off', () => {
  let testApp: IdentityTestApp;
  const saved = process.env.DEMO_LOGINS_ENABLED;
  beforeAll(async () => {
    process.env.DEMO_LOGINS_ENABLED = 'false';
    testApp = await startAppWithModules('demo_off', []);
  });
  afterAll(async () => {
    if (saved === undefined) delete process.env.DEMO_LOGINS_ENABLED;
    else process.env.DEMO_LOGINS_ENABLED = saved;
    await testApp.close();
  });

  it('answers 403 with a clear message', async () => {
    const refused = await testApp.http().post('/api/auth/demo/creator').expect(403);
    expect(refused.body).toEqual({ error: 'Demo logins are disabled on this server', code: 'DEMO_LOGINS_DISABLED' });
  });
});
