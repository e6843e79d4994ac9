import type { IdentityTestApp } from '../identity/support';
import {
  auth,
  balancesOf,
  expectLedgerVerifiesClean,
  givenContent,
  givenFunds,
  givenUser,
  startEngagementApp,
  type TestUser,
} from './support';

type Balances = { gems_balance: number; points_balance: number; usd_balance?: number };
const usdOf = async (testApp: IdentityTestApp, user: TestUser) =>
  ((await balancesOf(testApp, user)) as Balances).usd_balance ?? 0;

describe('tips and funding API', () => {
  let testApp: IdentityTestApp;
  let creator: TestUser;
  let contentId: string;

  beforeAll(async () => {
    testApp = await startEngagementApp('engagement_money');
    creator = await givenUser(testApp);
    contentId = await givenContent(testApp, creator, { total_shares: 100 });
  });
  afterAll(() => testApp?.close());

  const tipGems = (user: TestUser, amount: unknown, key?: string) => {
    const request = testApp.http().post('/api/content/tip').set(auth(user.token));
    if (key) request.set('Idempotency-Key', key);
    return request.send({ content_id: contentId, tip_amount: amount });
  };

  it('moves whole gems from the tipper and $0.01 per gem to the creator, answering revenue and share price', async () => {
    const fan = await givenUser(testApp);
    await givenFunds(testApp, fan.user.id, 'gems', '100');
    const creatorUsdBefore = await usdOf(testApp, creator);
    const tipped = await tipGems(fan, 50).expect(200);
    expect(tipped.body).toMatchObject({
      success: true,
      kind: 'tip',
      amount: 50,
      currency_type: 'Gems',
      usd_value: 0.5,
      new_revenue: 0.5,
      new_share_price: 0.01,
    });
    expect((await balancesOf(testApp, fan)).gems_balance).toBe(50);
    expect(await usdOf(testApp, creator)).toBeCloseTo(creatorUsdBefore + 0.5, 6);
    const item = (await testApp.http().get(`/api/content/${contentId}`).expect(200)).body;
    expect(item.id).toBe(contentId);
  });

  it('refuses tips outside 1..1000 whole gems, on own content, and beyond the balance, moving nothing', async () => {
    const fan = await givenUser(testApp);
    await givenFunds(testApp, fan.user.id, 'gems', '10');
    for (const bad of [0, 1001, 2.5, '7', null]) await tipGems(fan, bad).expect(400);
    const own = await testApp
      .http()
      .post('/api/content/tip')
      .set(auth(creator.token))
      .send({ content_id: contentId, tip_amount: 1 })
      .expect(403);
    expect(own.body.code).toBe('OWN_CONTENT');
    const broke = await tipGems(fan, 11).expect(422);
    expect(broke.body.error).toBe('Insufficient gems');
    expect((await balancesOf(testApp, fan)).gems_balance).toBe(10);
    await testApp
      .http()
      .post('/api/content/tip')
      .set(auth(fan.token))
      .send({ content_id: '00000000-0000-4000-8000-000000000000', tip_amount: 1 })
      .expect(404);
  });

  it('50 parallel identical tips with one Idempotency-Key pay once', async () => {
    const fan = await givenUser(testApp);
    await givenFunds(testApp, fan.user.id, 'gems', '500');
    const creatorUsdBefore = await usdOf(testApp, creator);
    const results = await Promise.all(Array.from({ length: 50 }, () => tipGems(fan, 7, 'tip-once-1')));
    expect(results.every((response) => response.status === 200)).toBe(true);
    expect(new Set(results.map((response) => response.body.transaction_id)).size).toBe(1);
    expect((await balancesOf(testApp, fan)).gems_balance).toBe(493);
    expect(await usdOf(testApp, creator)).toBeCloseTo(creatorUsdBefore + 0.07, 6);
    await tipGems(fan, 8, 'tip-once-1').expect(409);
  });

  it('tips and funds in USD, gems and points (1,000 points = $1); a fund raises the share price and may be the owner’s', async () => {
    const fan = await givenUser(testApp);
    await givenFunds(testApp, fan.user.id, 'usd', '20');
    await givenFunds(testApp, fan.user.id, 'points', '3000');
    const item = await givenContent(testApp, creator, { title: 'Funded', total_shares: 100 });
    const usdTip = await testApp
      .http()
      .post(`/api/content/${item}/tip`)
      .set(auth(fan.token))
      .send({ amount: 2.5, currency_type: 'USD' })
      .expect(200);
    expect(usdTip.body).toMatchObject({ usd_value: 2.5, new_revenue: 2.5, new_share_price: 0.025 });
    const pointsFund = await testApp
      .http()
      .post(`/api/content/${item}/fund`)
      .set(auth(fan.token))
      .send({ amount: 2000, currency_type: 'Points' })
      .expect(200);
    expect(pointsFund.body).toMatchObject({ kind: 'fund', usd_value: 2, new_revenue: 4.5, new_share_price: 0.045 });
    await givenFunds(testApp, creator.user.id, 'gems', '100');
    const ownFund = await testApp
      .http()
      .post(`/api/content/${item}/fund`)
      .set(auth(creator.token))
      .send({ amount: 100, currency_type: 'Gems' })
      .expect(200);
    expect(ownFund.body).toMatchObject({ usd_value: 1, new_revenue: 5.5, new_share_price: 0.055 });
    for (const bad of [
      { amount: 0, currency_type: 'USD' },
      { amount: -1, currency_type: 'Gems' },
      { amount: 1.234, currency_type: 'USD' },
      { amount: 150.5, currency_type: 'Points' },
      { amount: 5, currency_type: 'Gold' },
    ]) {
      await testApp.http().post(`/api/content/${item}/fund`).set(auth(fan.token)).send(bad).expect(400);
    }
    const tooMuch = await testApp
      .http()
      .post(`/api/content/${item}/tip`)
      .set(auth(fan.token))
      .send({ amount: 100, currency_type: 'USD' })
      .expect(422);
    expect(tooMuch.body.code).toBe('INSUFFICIENT_BALANCE');
    expect(((await balancesOf(testApp, fan)) as Balances).usd_balance).toBeCloseTo(17.5, 6);
    expect((await balancesOf(testApp, fan)).points_balance).toBeCloseTo(1025, 6);
  });

  it('keeps demo sandboxes apart: a demo account cannot tip or fund real content', async () => {
    const demo = await testApp.http().post('/api/auth/demo/investor').send({});
    expect([200, 201]).toContain(demo.status);
    const token = demo.body.token ?? demo.body.access_token;
    const tip = await testApp
      .http()
      .post('/api/content/tip')
      .set(auth(token))
      .send({ content_id: contentId, tip_amount: 1 });
    expect(tip.status).toBe(403);
    const fund = await testApp
      .http()
      .post(`/api/content/${contentId}/fund`)
      .set(auth(token))
      .send({ amount: 1, currency_type: 'Gems' });
    expect(fund.status).toBe(403);
    await expectLedgerVerifiesClean(testApp);
  });
});
