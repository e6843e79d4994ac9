import { QueryBus } from '@nestjs/cqrs';
import { GetUserBalancesQuery } from '../../src/modules/ledger';
import { signUp, startIdentityApp, type IdentityTestApp } from './support';

describe('identity → ledger: opening balances and demo funding through the command bus', () => {
  let testApp: IdentityTestApp;
  beforeAll(async () => {
    testApp = await startIdentityApp();
  });
  afterAll(() => testApp.close());

  it('opens a new user’s accounts on sign-up (25 points, 1 key), once', async () => {
    const account = await signUp(testApp);
    const balances = await testApp.app.get(QueryBus).execute(new GetUserBalancesQuery(account.user.id));
    expect(balances).toMatchObject({ points_balance: 25, keys_balance: 1 });
    // Signing in again retries nothing: the follow-up is recorded as done.
    await testApp
      .http()
      .post('/api/auth/signin')
      .send({ email: account.email, password: account.password })
      .expect(200);
    expect(await testApp.app.get(QueryBus).execute(new GetUserBalancesQuery(account.user.id))).toMatchObject({
      points_balance: 25,
      keys_balance: 1,
    });
  });

  it("funds each demo login's own sandbox to the persona's balances", async () => {
    const demo = await testApp.http().post('/api/auth/demo/advertiser').expect(200);
    const balances = await testApp.app.get(QueryBus).execute(new GetUserBalancesQuery(demo.body.user.id));
    expect(balances.points_balance).toBeGreaterThanOrEqual(5000);
    expect(balances.gems_balance).toBeGreaterThanOrEqual(1000);
  });
});
