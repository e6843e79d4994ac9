import { CommandBus } from '@nestjs/cqrs';
import {
  DropsModule,
  IdentityModule,
  LeaderboardModule,
  LedgerModule,
  NotificationsModule,
  RewardsModule,
} from '../../src/modules/context-modules';
import { ChangeUserTypeCommand } from '../../src/modules/identity';
import { IncentivesModule } from '../../src/modules/incentives/incentives.module';
import { LeaderboardAwardsJob } from '../../src/modules/incentives/infrastructure/leaderboard-awards.job';
import { SYSTEM_ACCOUNTS, newTransactionId, userAccount } from '../../src/modules/ledger';
import { LedgerExecutor } from '../../src/modules/ledger/infrastructure/ledger-executor';
import { proofDrop } from '../drops/support';
import { signUp, startAppWithModules, type IdentityTestApp } from '../identity/support';

jest.setTimeout(120_000);

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const WEEK_MS = 7 * 24 * 3600_000;

describe('advertiser coupons (incentives)', () => {
  let testApp: IdentityTestApp;

  beforeAll(async () => {
    testApp = await startAppWithModules('incentives', [
      IdentityModule,
      LedgerModule,
      NotificationsModule,
      RewardsModule,
      DropsModule,
      LeaderboardModule,
      IncentivesModule,
    ]);
  });
  afterAll(async () => {
    await testApp.close();
  });

  const advertiser = async () => {
    const account = await signUp(testApp);
    await testApp.app.get(CommandBus).execute(new ChangeUserTypeCommand(account.user.id, 'advertiser'));
    return account;
  };
  const create = (token: string, body: Record<string, unknown>) =>
    testApp.http().post('/advertisers/coupons').set(auth(token)).send(body);
  const list = async (token: string) =>
    (await testApp.http().get('/advertisers/coupons').set(auth(token)).expect(200)).body;
  const redeem = (token: string, id: string, userName = 'Ada') =>
    testApp.http().post(`/advertisers/coupons/${id}/redeem`).set(auth(token)).send({ user_name: userName });
  const assign = (token: string, id: string, body: Record<string, unknown>) =>
    testApp.http().post(`/advertisers/coupons/${id}/assign`).set(auth(token)).send(body);

  it('creates a coupon with the spec defaults, without the /api prefix, and lists it', async () => {
    const owner = await advertiser();
    const created = (await create(owner.token, { title: 'Launch week' }).expect(201)).body;
    expect(created.status).toBe('success');
    const coupon = created.data.coupon;
    expect(coupon).toMatchObject({
      title: 'Launch week',
      description: '',
      reward_type: 'coupon',
      value: 10,
      value_unit: 'percentage',
      quantity_total: 10,
      quantity_remaining: 10,
      status: 'active',
      assignments: [],
    });
    expect(coupon.start_date.slice(0, 10)).toBe(new Date().toISOString().slice(0, 10));
    expect(Date.parse(coupon.end_date) - Date.parse(coupon.start_date)).toBe(31 * 24 * 3600_000);
    const listed = await list(owner.token);
    expect(listed.data.coupons.map((item: { id: string }) => item.id)).toEqual([coupon.id]);
    expect(listed.data.redemptions).toEqual([]);
    // Private to their owner.
    const other = await advertiser();
    expect((await list(other.token)).data.coupons).toEqual([]);
    await testApp.http().get('/api/advertisers/coupons').set(auth(owner.token)).expect(404);
  });

  it('refuses bad fields (title, quantity ≥ 1, value ≥ 0, dates) and non-advertisers, creating nothing', async () => {
    const owner = await advertiser();
    const noTitle = await create(owner.token, { title: '  ' }).expect(400);
    expect(noTitle.body.field_errors).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: 'title', message: 'Title is required' })]),
    );
    await create(owner.token, { title: 'x', quantity_total: 0 }).expect(400);
    await create(owner.token, { title: 'x', quantity: 1.5 }).expect(400);
    await create(owner.token, { title: 'x', value: -1 }).expect(400);
    await create(owner.token, { title: 'x', value: 1.005 }).expect(400);
    await create(owner.token, { title: 'x', value_unit: 'bitcoin' }).expect(400);
    await create(owner.token, { title: 'x', start_date: '2026-12-10', end_date: '2026-12-01' }).expect(400);
    await create(owner.token, { title: 'x', start_date: 'tomorrow' }).expect(400);
    const regular = await signUp(testApp);
    expect((await create(regular.token, { title: 'x' }).expect(403)).body.code).toBe('ADVERTISER_ONLY');
    await testApp.http().get('/advertisers/coupons').set(auth(regular.token)).expect(403);
    await testApp.http().get('/advertisers/coupons').expect(401);
    expect((await list(owner.token)).data.coupons).toEqual([]);
  });

  it('derives the status from the dates: scheduled, active, expired; only an active one redeems', async () => {
    const owner = await advertiser();
    const day = 24 * 3600_000;
    const future = new Date(Date.now() + 3 * day).toISOString().slice(0, 10);
    const scheduled = (await create(owner.token, { title: 'Later', start_date: future, end_date: future }).expect(201))
      .body.data.coupon;
    expect(scheduled.status).toBe('scheduled');
    const past = new Date(Date.now() - 10 * day).toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - day).toISOString().slice(0, 10);
    const expired = (await create(owner.token, { title: 'Old', start_date: past, end_date: yesterday }).expect(201))
      .body.data.coupon;
    expect(expired.status).toBe('expired');
    expect((await redeem(owner.token, scheduled.id).expect(409)).body.code).toBe('COUPON_NOT_ACTIVE');
    expect((await redeem(owner.token, expired.id).expect(409)).body.code).toBe('COUPON_NOT_ACTIVE');
  });

  it('redeems exactly the quantity under concurrency: 6 parallel redemptions of a 2-coupon → exactly 2', async () => {
    const owner = await advertiser();
    const coupon = (
      await create(owner.token, { title: 'Two only', quantity_total: 2, value: 5, value_unit: 'usd' }).expect(201)
    ).body.data.coupon;
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) => redeem(owner.token, coupon.id, `Fan ${index}`)),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(2);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(refused.map((answer) => [answer.status, answer.body.code])).toEqual(
      Array(4).fill([409, 'COUPON_EXHAUSTED']),
    );
    const listed = await list(owner.token);
    expect(listed.data.coupons[0]).toMatchObject({ id: coupon.id, quantity_remaining: 0 });
    expect(listed.data.redemptions).toHaveLength(2);
    expect(listed.data.redemptions[0]).toMatchObject({
      coupon_id: coupon.id,
      reward_value: 5,
      reward_unit: 'usd',
      source: 'manual',
    });
    expect(Object.keys(listed.data.redemptions[0]).sort()).toEqual([
      'coupon_id',
      'coupon_title',
      'id',
      'redeemed_at',
      'reward_unit',
      'reward_value',
      'source',
      'user_name',
    ]);
    // Another advertiser cannot redeem it; a recipient name is required.
    const other = await advertiser();
    expect((await redeem(other.token, coupon.id).expect(404)).body.code).toBe('COUPON_NOT_FOUND');
    await testApp
      .http()
      .post(`/advertisers/coupons/${coupon.id}/redeem`)
      .set(auth(owner.token))
      .send({ user_name: ' ' })
      .expect(400);
  });

  it('assigns to the caller’s own drops and to leaderboard bands, once each', async () => {
    const owner = await advertiser();
    const other = await advertiser();
    const drop = (
      await testApp
        .http()
        .post('/api/drops')
        .set(auth(owner.token))
        .send(proofDrop({ title: 'Our proof drop' }))
        .expect(201)
    ).body;
    const dropId = String(drop.drop?.id ?? drop.id ?? drop.data?.id);
    const othersDrop = (await testApp.http().post('/api/drops').set(auth(other.token)).send(proofDrop()).expect(201))
      .body;
    const othersDropId = String(othersDrop.drop?.id ?? othersDrop.id ?? othersDrop.data?.id);
    const coupon = (await create(owner.token, { title: 'For drops' }).expect(201)).body.data.coupon;

    // The caller's drops are read from the drops projection: wait until it shows the new drop.
    let attached = await assign(owner.token, coupon.id, { target_type: 'drop', target_id: dropId });
    for (let tries = 0; attached.status === 403 && tries < 50; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      attached = await assign(owner.token, coupon.id, { target_type: 'drop', target_id: dropId });
    }
    expect(attached.status).toBe(200);
    const toDrop = attached.body.data.coupon;
    expect(toDrop.assignments).toEqual([
      expect.objectContaining({ target_type: 'drop', target_id: dropId, target_label: 'Our proof drop' }),
    ]);
    expect(
      (await assign(owner.token, coupon.id, { target_type: 'drop', target_id: dropId }).expect(409)).body.code,
    ).toBe('ALREADY_ASSIGNED');
    expect(
      (await assign(owner.token, coupon.id, { target_type: 'drop', target_id: othersDropId }).expect(403)).body.code,
    ).toBe('NOT_OWN_DROP');
    expect(
      (await assign(owner.token, coupon.id, { target_type: 'drop', target_id: '' }).expect(400)).body.field_errors[0]
        .message,
    ).toBe('Select a drop first.');
    await assign(owner.token, coupon.id, { target_type: 'leaderboard', target_id: 'top-3' }).expect(400);
    await assign(owner.token, coupon.id, { target_type: 'campaign', target_id: 'x' }).expect(400);
    const toBand = (
      await assign(owner.token, coupon.id, {
        target_type: 'leaderboard',
        target_id: 'top-10',
        target_label: 'Weekly top 10',
      }).expect(200)
    ).body.data.coupon;
    expect(
      toBand.assignments.map((item: { target_id: string; target_label: string }) => [
        item.target_id,
        item.target_label,
      ]),
    ).toEqual([
      [dropId, 'Our proof drop'],
      ['top-10', 'Weekly top 10'],
    ]);
    expect(
      (await assign(other.token, coupon.id, { target_type: 'leaderboard', target_id: 'top-5' }).expect(404)).body.code,
    ).toBe('COUPON_NOT_FOUND');
  });

  it('awards a leaderboard band when the week closes: its users in rank order, within the quantity, once', async () => {
    const owner = await advertiser();
    const coupon = (
      await create(owner.token, { title: 'Weekly champions', quantity_total: 2, value: 1, value_unit: 'item' }).expect(
        201,
      )
    ).body.data.coupon;
    await assign(owner.token, coupon.id, { target_type: 'leaderboard', target_id: 'top-5' }).expect(200);
    const earners = [await signUp(testApp), await signUp(testApp), await signUp(testApp)];
    const executor = testApp.app.get(LedgerExecutor);
    for (const [index, earner] of earners.entries()) {
      const outcome = await executor.execute({
        type: 'PostTransaction',
        data: {
          transactionId: newTransactionId(),
          reasonCode: 'ACHIEVEMENT_REWARD',
          description: 'test earnings',
          postings: [
            {
              debitAccount: SYSTEM_ACCOUNTS.issuance,
              creditAccount: userAccount(earner.user.id),
              currency: 'gold',
              amountMinor: BigInt(30 - index * 10),
            },
          ],
          now: new Date().toISOString(),
        },
      });
      expect(outcome.kind).toBe('accepted');
    }
    const job = testApp.app.get(LeaderboardAwardsJob);
    // Not closed yet: the current week is awarded next week (the coupon did not run last week).
    expect(await job.run(new Date())).toBe(0);
    const nextWeek = new Date(Date.now() + WEEK_MS);
    // Other tests' band assignments are awarded too: count this coupon's.
    expect(await job.run(nextWeek)).toBeGreaterThanOrEqual(2);
    expect(await job.run(nextWeek)).toBe(0);
    const listed = await list(owner.token);
    expect(listed.data.coupons.find((item: { id: string }) => item.id === coupon.id).quantity_remaining).toBe(0);
    const names = listed.data.redemptions
      .filter((item: { coupon_id: string }) => item.coupon_id === coupon.id)
      .map((item: { user_name: string; source: string }) => [item.user_name, item.source]);
    // Each winner is notified; the third of the band is not (the coupon ran out).
    const inbox = async (token: string) => {
      for (let tries = 0; tries < 50; tries += 1) {
        const messages = (
          (await testApp.http().get('/api/notifications').set(auth(token)).expect(200)).body.notifications as {
            title: string;
          }[]
        ).map((item) => item.title);
        if (messages.includes('You won a coupon')) return messages;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      return [];
    };
    expect(await inbox(earners[0].token)).toContain('You won a coupon');
    expect(await inbox(earners[1].token)).toContain('You won a coupon');
    expect(names.sort()).toEqual(
      [
        [earners[0].username, 'leaderboard'],
        [earners[1].username, 'leaderboard'],
      ].sort(),
    );
  });
});
