import type { IdentityTestApp } from '../identity/support';
import { SponsorshipCommands } from '../../src/modules/engagement/sponsor-content/sponsorship-commands';
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

describe('sponsorship API', () => {
  let testApp: IdentityTestApp;
  let creator: TestUser;
  let advertiser: TestUser;
  let contentId: string;

  beforeAll(async () => {
    testApp = await startEngagementApp('engagement_sponsor');
    creator = await givenUser(testApp);
    advertiser = await givenUser(testApp, { advertiser: 'free' });
    await givenFunds(testApp, advertiser.user.id, 'gems', '1000');
    contentId = await givenContent(testApp, creator);
  });
  afterAll(() => testApp?.close());

  const sponsor = (user: TestUser, id: string, body: Record<string, unknown>) =>
    testApp.http().post(`/api/content/${id}/sponsor`).set(auth(user.token)).send(body);

  it('prices from the server’s package, holds the gems and shows the live boost with the spec’s message', async () => {
    // The client claims 1 gem for a daily-featured boost: the package's 100 gems are charged.
    const response = await sponsor(advertiser, contentId, {
      gems_allocated: 100,
      boost_multiplier: 3,
      duration_hours: 24,
    }).expect(200);
    expect(response.body.message).toBe(
      'Content sponsored successfully! It will receive 3x visibility boost for 24 hours.',
    );
    expect(response.body.sponsorship).toMatchObject({
      package_id: 'daily-featured',
      gems_allocated: 100,
      boost_multiplier: 3,
      duration_hours: 24,
      status: 'live',
    });
    expect((await balancesOf(testApp, advertiser)).gems_balance).toBe(900);
    const state = (await testApp.http().get(`/api/content/${contentId}/sponsorship`).expect(200)).body;
    expect(state).toMatchObject({
      is_sponsored: true,
      sponsor_count: 1,
      total_boost_multiplier: 3,
      total_gems_allocated: 100,
    });
    const list = (await testApp.http().get('/api/content/sponsored').expect(200)).body;
    expect(list).toEqual([
      expect.objectContaining({
        id: contentId,
        content_id: contentId,
        total_boost_multiplier: 3,
        title: 'Morning routine',
      }),
    ]);
  });

  it('refuses an amount matching no package with 400, charging nothing; stacks sponsors (the advertiser form too)', async () => {
    const item = await givenContent(testApp, creator, { title: 'Stacked' });
    const second = await givenUser(testApp, { advertiser: 'premium' });
    await givenFunds(testApp, second.user.id, 'gems', '600');
    const before = (await balancesOf(testApp, advertiser)).gems_balance;
    for (const body of [
      { gems_allocated: 1, boost_multiplier: 100, duration_hours: 9999 },
      { package_id: 'mega-boost', gems_allocated: 30 },
    ]) {
      const refused = await sponsor(advertiser, item, body).expect(400);
      expect(refused.body).toMatchObject({
        code: 'UNKNOWN_SPONSOR_PACKAGE',
        field_errors: [{ field: 'package_id', message: 'matches no package' }],
      });
    }
    const refusedForm = await testApp
      .http()
      .post('/api/content/sponsor')
      .set(auth(second.token))
      .send({ contentId: item, gemAmount: 7 })
      .expect(400);
    expect(refusedForm.body.code).toBe('UNKNOWN_SPONSOR_PACKAGE');
    expect((await balancesOf(testApp, advertiser)).gems_balance).toBe(before);
    expect((await testApp.http().get(`/api/content/${item}/sponsorship`).expect(200)).body).toMatchObject({
      is_sponsored: false,
      sponsor_count: 0,
    });
    await sponsor(advertiser, item, { gems_allocated: 25 }).expect(200);
    const form = await testApp
      .http()
      .post('/api/content/sponsor')
      .set(auth(second.token))
      .send({ contentId: item, gemAmount: 500, boostMultiplier: 6, durationHours: 168 })
      .expect(200);
    expect(form.body.sponsorship.package_id).toBe('viral-campaign');
    const state = (await testApp.http().get(`/api/content/${item}/sponsorship`).expect(200)).body;
    expect(state).toMatchObject({ sponsor_count: 2, total_boost_multiplier: 7.5, total_gems_allocated: 525 });
    const list = (await testApp.http().get('/api/content/sponsored').expect(200)).body;
    expect(list[0].id).toBe(item); // strongest boost first
  });

  it('refuses non-advertisers, own content and too few gems (moving nothing)', async () => {
    const plain = await givenUser(testApp);
    await givenFunds(testApp, plain.user.id, 'gems', '100');
    expect((await sponsor(plain, contentId, { gems_allocated: 25 }).expect(403)).body.code).toBe('ADVERTISERS_ONLY');
    const ownerAdvertiser = await givenUser(testApp, { advertiser: 'free' });
    await givenFunds(testApp, ownerAdvertiser.user.id, 'gems', '100');
    const own = await givenContent(testApp, ownerAdvertiser, { title: 'Mine' });
    expect((await sponsor(ownerAdvertiser, own, { gems_allocated: 25 }).expect(403)).body.error).toBe(
      'You cannot sponsor your own content',
    );
    const poor = await givenUser(testApp, { advertiser: 'free' });
    await givenFunds(testApp, poor.user.id, 'gems', '30');
    expect(
      (await sponsor(poor, contentId, { gems_allocated: 50, boost_multiplier: 2, duration_hours: 6 }).expect(422)).body
        .error,
    ).toBe('Insufficient gems');
    expect((await balancesOf(testApp, poor)).gems_balance).toBe(30);
    await sponsor(poor, contentId, { gems_allocated: -5 }).expect(400);
    await sponsor(poor, 'nope', { gems_allocated: 25 }).expect(404);
  });

  it('spends the held gems to platform revenue once the sponsorship ends (job), once, and the boost is gone', async () => {
    const item = await givenContent(testApp, creator, { title: 'Ends' });
    const created = await sponsor(advertiser, item, {
      gems_allocated: 25,
      boost_multiplier: 1.5,
      duration_hours: 1,
    }).expect(200);
    const id = created.body.sponsorship.id as string;
    const commands = testApp.app.get(SponsorshipCommands);
    expect(await commands.spend(id)).toBe('not-ended');
    const later = new Date(Date.now() + 2 * 3_600_000).toISOString();
    expect(await commands.spendDue(later)).toBeGreaterThanOrEqual(1);
    expect(await commands.spend(id, later)).toBe('spent'); // a second run is a no-op
    const ended = (await testApp.http().get(`/api/content/${item}/sponsorship`).expect(200)).body;
    expect(ended.is_sponsored).toBe(false);
    await expectLedgerVerifiesClean(testApp);
  });
});
