import type { EventStore } from '@app/event-store';
import { EVENT_STORE } from '../../src/platform/database/database.tokens';
import { dropStreamId } from '../../src/modules/drops/domain/drop-events';
import type { IdentityTestApp } from '../identity/support';
import { auth, balancesOf, givenFunds, givenUser, startDropsApp, type TestUser } from './support';

jest.setTimeout(120_000);

/**
 * The gold shop's 24h Key Multiplier (spec 1 §9: 200 gold, 2x key earnings for 24 h) on the keys a move drop pays,
 * over HTTP on real PostgreSQL: the multiplier in force when the creator completes the application counts.
 */
describe('drops API: the key multiplier on move drop rewards', () => {
  let testApp: IdentityTestApp;
  let advertiser: TestUser;

  beforeAll(async () => {
    testApp = await startDropsApp();
    advertiser = await givenUser(testApp, { advertiser: 'premium' });
    // A move drop escrows its key rewards from its creator.
    await givenFunds(testApp, advertiser.user.id, 'keys', '10');
  });
  afterAll(async () => {
    await testApp?.close();
  });

  const act = (user: TestUser, applicationId: string, action: string, body: Record<string, unknown> = {}) =>
    testApp.http().post(`/api/drop-applications/${applicationId}/${action}`).set(auth(user.token)).send(body);

  /** Applies to the move drop, has the work approved and submitted; returns the application id. */
  async function submittedApplication(user: TestUser, dropId: string): Promise<string> {
    await givenFunds(testApp, user.user.id, 'points', '10');
    const application = await testApp
      .http()
      .post(`/api/drops/${dropId}/apply`)
      .set(auth(user.token))
      .send({ application_message: 'Count me in' })
      .expect(201);
    await act(advertiser, application.body.id, 'approve').expect(200);
    await act(user, application.body.id, 'submit', {
      submission_type: 'url',
      submission_data: 'https://example.com/repost',
    }).expect(200);
    return application.body.id;
  }

  async function paidEventOf(dropId: string, applicationId: string) {
    const events = await testApp.app.get<EventStore>(EVENT_STORE).readStream(dropStreamId(dropId));
    return events.find(
      (event) =>
        event.type === 'DropApplicationPaid' &&
        (event.data as { applicationId: string }).applicationId === applicationId,
    )?.data;
  }

  it('pays twice the key reward to an applicant who bought the 24h Key Multiplier, exactly the reward to one who did not', async () => {
    const drop = await testApp
      .http()
      .post('/api/drops')
      .set(auth(advertiser.token))
      .send({
        title: 'Share our post',
        description: 'Repost it',
        kind: 'move',
        move_cost_points: 5,
        key_reward_amount: 3,
        max_participants: 2,
      })
      .expect(201);
    const boosted = await givenUser(testApp);
    const plain = await givenUser(testApp);
    const boostedApplication = await submittedApplication(boosted, drop.body.id);
    const plainApplication = await submittedApplication(plain, drop.body.id);

    // Bought after applying: the multiplier in force at completion is the one that counts.
    await givenFunds(testApp, boosted.user.id, 'gold', '200');
    const purchase = await testApp
      .http()
      .post('/api/users/gold-purchase')
      .set(auth(boosted.token))
      .send({ item_name: '24h Key Multiplier' })
      .expect(200);
    expect(purchase.body).toMatchObject({ purchase: { item_name: '24h Key Multiplier', gold_cost: 200 } });
    const boosts = await testApp.http().get('/api/users/active-boosts').set(auth(boosted.token)).expect(200);
    expect(boosts.body.key_multiplier).toBe(2);

    const boostedBefore = (await balancesOf(testApp, boosted)).keys_balance;
    const plainBefore = (await balancesOf(testApp, plain)).keys_balance;
    const boostedPaid = await act(advertiser, boostedApplication, 'complete', { review_score: 9 }).expect(200);
    const plainPaid = await act(advertiser, plainApplication, 'complete', { review_score: 9 }).expect(200);

    expect(boostedPaid.body).toMatchObject({ status: 'paid', keys_earned: 6 });
    expect(plainPaid.body).toMatchObject({ status: 'paid', keys_earned: 3 });
    expect((await balancesOf(testApp, boosted)).keys_balance).toBe(boostedBefore + 6);
    expect((await balancesOf(testApp, plain)).keys_balance).toBe(plainBefore + 3);
    // The history explains the amount.
    expect(await paidEventOf(drop.body.id, boostedApplication)).toMatchObject({
      keysEarnedMinor: '6',
      keyMultiplier: 2,
    });
    expect(await paidEventOf(drop.body.id, plainApplication)).toMatchObject({ keysEarnedMinor: '3', keyMultiplier: 1 });
  });

  it('pays nothing real on a demo move drop, multiplier or not', async () => {
    const drop = await testApp
      .http()
      .post('/api/drops')
      .set(auth(advertiser.token))
      .send({
        title: 'Demo repost',
        description: 'A demo drop',
        kind: 'move',
        move_cost_points: 5,
        key_reward_amount: 3,
        max_participants: 2,
      })
      .expect(201);
    const boosted = await givenUser(testApp);
    const application = await submittedApplication(boosted, drop.body.id);
    await givenFunds(testApp, boosted.user.id, 'gold', '200');
    await testApp
      .http()
      .post('/api/users/gold-purchase')
      .set(auth(boosted.token))
      .send({ item_name: '24h Key Multiplier' })
      .expect(200);
    const before = (await balancesOf(testApp, boosted)).keys_balance;
    const paid = await act(advertiser, application, 'complete', { review_score: 9 }).expect(200);
    expect(paid.body).toMatchObject({ status: 'paid', keys_earned: 0, is_demo: true });
    expect((await balancesOf(testApp, boosted)).keys_balance).toBe(before);
  });
});
