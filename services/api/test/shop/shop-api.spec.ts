import { randomUUID } from 'node:crypto';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { EventStore } from '@app/event-store';
import { EVENT_STORE } from '../../src/platform/database/database.tokens';
import { signUp, type IdentityTestApp } from '../identity/support';
import { startLedgerApp } from '../ledger/app-support';
import { GetActiveBoostsQuery } from '@app/contracts/shop';
import { ChangeUserTierCommand } from '../../src/modules/identity';
import { auth, balancesOf, eventually, grant } from '../rewards/support';

jest.setTimeout(120_000);

/** Tier upgrades and the gold shop on the whole app over a fresh PostgreSQL database. */
describe('shop API', () => {
  let testApp: IdentityTestApp;

  beforeAll(async () => {
    testApp = await startLedgerApp();
  });
  afterAll(() => testApp.close());

  it('answers 401 without a session', async () => {
    await testApp.http().get('/api/users/upgrade-costs').expect(401);
    await testApp
      .http()
      .post('/api/users/upgrade-tier')
      .send({ target_tier: 'premium', payment_method: 'points' })
      .expect(401);
    await testApp.http().get('/api/users/gold-purchases').expect(401);
    await testApp.http().post('/api/users/gold-purchase').send({ item_name: 'Golden Badge' }).expect(401);
  });

  it('lists the upgrade costs of spec 1 §9', async () => {
    const user = await signUp(testApp);
    const costs = await testApp.http().get('/api/users/upgrade-costs').set(auth(user.token)).expect(200);
    expect(costs.body).toEqual({
      free: { premium: { points: 7500, gems: 200 }, super: { points: 15000, gems: 450 } },
      premium: { super: { points: 9000, gems: 275 } },
      super: {},
    });
  });

  describe('upgrade tier', () => {
    it("refuses when the balance does not cover it ('Insufficient balance') and changes nothing", async () => {
      const user = await signUp(testApp);
      const opening = await eventually(
        () => balancesOf(testApp, user.token),
        (balances) => balances.points_balance > 0,
      );
      // 0.1 point short of 7500.
      await grant(testApp, user.user.id, 'points', 74_999n - BigInt(Math.round(opening.points_balance * 10)));
      const refused = await testApp
        .http()
        .post('/api/users/upgrade-tier')
        .set(auth(user.token))
        .send({ target_tier: 'premium', payment_method: 'points' })
        .expect(422);
      expect(refused.body).toMatchObject({ code: 'INSUFFICIENT_BALANCE', error: 'Insufficient balance' });
      expect((await balancesOf(testApp, user.token)).user_tier).toBe('free');
    });

    it('pays in points free → premium (7500), then premium → super in gems (275), and refuses going sideways or down', async () => {
      const user = await signUp(testApp);
      await grant(testApp, user.user.id, 'points', 75_000n);
      await grant(testApp, user.user.id, 'gems', 275n * 10_000n);
      const before = await balancesOf(testApp, user.token);
      const premium = await testApp
        .http()
        .post('/api/users/upgrade-tier')
        .set(auth(user.token))
        .send({ target_tier: 'premium', payment_method: 'points' })
        .expect(200);
      expect(premium.body).toMatchObject({
        success: true,
        previous_tier: 'free',
        user_tier: 'premium',
        payment_method: 'points',
        amount_paid: 7500,
      });
      const afterPremium = await balancesOf(testApp, user.token);
      expect(afterPremium.points_balance).toBe(before.points_balance - 7500);
      expect(afterPremium.user_tier).toBe('premium');

      const sideways = await testApp
        .http()
        .post('/api/users/upgrade-tier')
        .set(auth(user.token))
        .send({ target_tier: 'premium', payment_method: 'gems' })
        .expect(422);
      expect(sideways.body).toMatchObject({
        code: 'TIER_UPGRADE_NOT_ALLOWED',
        error: 'You can only upgrade to a higher tier',
      });

      const superTier = await testApp
        .http()
        .post('/api/users/upgrade-tier')
        .set(auth(user.token))
        .send({ target_tier: 'super', payment_method: 'gems' })
        .expect(200);
      expect(superTier.body).toMatchObject({ previous_tier: 'premium', user_tier: 'super', amount_paid: 275 });
      const afterSuper = await balancesOf(testApp, user.token);
      expect(afterSuper.gems_balance).toBe(before.gems_balance - 275);
      expect(afterSuper.user_tier).toBe('super');
      await testApp
        .http()
        .post('/api/users/upgrade-tier')
        .set(auth(user.token))
        .send({ target_tier: 'premium', payment_method: 'points' })
        .expect(422);
    });

    it('validates target_tier and payment_method with 400', async () => {
      const user = await signUp(testApp);
      const noTier = await testApp
        .http()
        .post('/api/users/upgrade-tier')
        .set(auth(user.token))
        .send({ payment_method: 'points' })
        .expect(400);
      expect(noTier.body.error).toBe('Please choose a target tier');
      const noMethod = await testApp
        .http()
        .post('/api/users/upgrade-tier')
        .set(auth(user.token))
        .send({ target_tier: 'super', payment_method: 'gold' })
        .expect(400);
      expect(noMethod.body.error).toBe('Please choose a payment method (points or gems)');
    });

    it('parallel upgrades pay once', async () => {
      const user = await signUp(testApp);
      await grant(testApp, user.user.id, 'points', 300_000n);
      const before = await balancesOf(testApp, user.token);
      const answers = await Promise.all(
        Array.from({ length: 4 }, () =>
          testApp
            .http()
            .post('/api/users/upgrade-tier')
            .set(auth(user.token))
            .send({ target_tier: 'super', payment_method: 'points' }),
        ),
      );
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 422, 422, 422]);
      expect((await balancesOf(testApp, user.token)).points_balance).toBe(before.points_balance - 15000);
    });
  });

  describe('gold shop', () => {
    it('lists the catalogue with server prices', async () => {
      const user = await signUp(testApp);
      const items = await testApp.http().get('/api/users/gold-shop-items').set(auth(user.token)).expect(200);
      expect(
        items.body.map((item: { name: string; gold_cost: number; duration_hours: number | null }) => [
          item.name,
          item.gold_cost,
          item.duration_hours,
        ]),
      ).toEqual([
        ['Premium Upgrade', 500, null],
        ['Super Upgrade', 1000, null],
        ['24h Key Multiplier', 200, 24],
        ['7-Day XP Boost', 300, 168],
        ['Golden Badge', 150, null],
        ['Profile Boost', 250, 720],
      ]);
    });

    it("charges the catalogue price whatever the request says, and refuses without gold ('Not Enough Gold')", async () => {
      const user = await signUp(testApp);
      const poor = await testApp
        .http()
        .post('/api/users/gold-purchase')
        .set(auth(user.token))
        .send({ item_type: 'profile', item_name: 'Golden Badge', gold_cost: 0, effect_data: '{}' })
        .expect(422);
      expect(poor.body).toMatchObject({ code: 'NOT_ENOUGH_GOLD', error: 'Not Enough Gold' });
      await grant(testApp, user.user.id, 'gold', 400n);
      const bought = await testApp
        .http()
        .post('/api/users/gold-purchase')
        .set(auth(user.token))
        .send({ item_type: 'profile', item_name: 'Golden Badge', gold_cost: 1, effect_data: '{"badge":"diamond"}' })
        .expect(200);
      expect(bought.body).toMatchObject({
        success: true,
        gold_collected: 250,
        purchase: {
          item_name: 'Golden Badge',
          gold_cost: 150,
          expires_at: null,
          is_active: true,
          effect_data: { badge: 'golden' },
        },
      });
      const again = await testApp
        .http()
        .post('/api/users/gold-purchase')
        .set(auth(user.token))
        .send({ item_name: 'golden badge' })
        .expect(409);
      expect(again.body).toMatchObject({ code: 'ALREADY_OWNED', error: 'You already own this item' });
      const unknown = await testApp
        .http()
        .post('/api/users/gold-purchase')
        .set(auth(user.token))
        .send({ item_name: 'Diamond Badge', gold_cost: 1 })
        .expect(404);
      expect(unknown.body.code).toBe('UNKNOWN_ITEM');
      const purchases = await testApp.http().get('/api/users/gold-purchases').set(auth(user.token)).expect(200);
      expect(purchases.body).toHaveLength(1);
      expect((await balancesOf(testApp, user.token)).gold_collected).toBe(250);
    });

    it('boosts take effect: key multiplier 2x for 24 h, XP boost 3x for 168 h, profile boost 720 h', async () => {
      const user = await signUp(testApp);
      await grant(testApp, user.user.id, 'gold', 750n);
      const queryBus = testApp.app.get(QueryBus);
      expect(await queryBus.execute(new GetActiveBoostsQuery(user.user.id))).toMatchObject({
        key_multiplier: 1,
        xp_multiplier: 1,
        has_golden_badge: false,
      });
      const started = Date.now();
      const key = await testApp
        .http()
        .post('/api/users/gold-purchase')
        .set(auth(user.token))
        .send({ item_name: '24h Key Multiplier' })
        .expect(200);
      const xp = await testApp
        .http()
        .post('/api/users/gold-purchase')
        .set(auth(user.token))
        .send({ item_name: '7-Day XP Boost' })
        .expect(200);
      const profile = await testApp
        .http()
        .post('/api/users/gold-purchase')
        .set(auth(user.token))
        .send({ item_name: 'Profile Boost' })
        .expect(200);
      const hoursUntil = (iso: string) => Math.round((Date.parse(iso) - started) / 3_600_000);
      expect(hoursUntil(key.body.purchase.expires_at)).toBe(24);
      expect(hoursUntil(xp.body.purchase.expires_at)).toBe(168);
      expect(hoursUntil(profile.body.purchase.expires_at)).toBe(720);
      const boosts = await testApp.http().get('/api/users/active-boosts').set(auth(user.token)).expect(200);
      expect(boosts.body).toMatchObject({
        key_multiplier: 2,
        xp_multiplier: 3,
        profile_boost_until: profile.body.purchase.expires_at,
      });
      // A day and a minute later the key multiplier has run out, the XP boost has not.
      const later = new Date(started + 24 * 3_600_000 + 60_000).toISOString();
      expect(await queryBus.execute(new GetActiveBoostsQuery(user.user.id, later))).toMatchObject({
        key_multiplier: 1,
        xp_multiplier: 3,
      });
      expect((await balancesOf(testApp, user.token)).gold_collected).toBe(0);
    });

    it('tier upgrades in gold change the tier, only upward', async () => {
      const user = await signUp(testApp);
      await grant(testApp, user.user.id, 'gold', 1_500n);
      const premium = await testApp
        .http()
        .post('/api/users/gold-purchase')
        .set(auth(user.token))
        .send({ item_type: 'tier_upgrade', item_name: 'Premium Upgrade' })
        .expect(200);
      expect(premium.body.user_tier).toBe('premium');
      expect((await balancesOf(testApp, user.token)).user_tier).toBe('premium');
      await testApp
        .http()
        .post('/api/users/gold-purchase')
        .set(auth(user.token))
        .send({ item_name: 'Super Upgrade' })
        .expect(200);
      expect((await balancesOf(testApp, user.token)).user_tier).toBe('super');
      expect((await balancesOf(testApp, user.token)).gold_collected).toBe(0);
      const down = await testApp
        .http()
        .post('/api/users/gold-purchase')
        .set(auth(user.token))
        .send({ item_name: 'Premium Upgrade' });
      expect(down.status).toBe(409);
    });

    it('parallel purchases of one item: exactly one pays', async () => {
      const user = await signUp(testApp);
      await grant(testApp, user.user.id, 'gold', 1_000n);
      const answers = await Promise.all(
        Array.from({ length: 4 }, () =>
          testApp.http().post('/api/users/gold-purchase').set(auth(user.token)).send({ item_name: 'Golden Badge' }),
        ),
      );
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409]);
      expect((await balancesOf(testApp, user.token)).gold_collected).toBe(850);
    });
  });

  it('honours Idempotency-Key: the same key pays once and answers the same, another body is a 409', async () => {
    const user = await signUp(testApp);
    await grant(testApp, user.user.id, 'gold', 1_000n);
    const first = await testApp
      .http()
      .post('/api/users/gold-purchase')
      .set(auth(user.token))
      .set('Idempotency-Key', 'buy-badge')
      .send({ item_name: 'Golden Badge' })
      .expect(200);
    const replay = await testApp
      .http()
      .post('/api/users/gold-purchase')
      .set(auth(user.token))
      .set('Idempotency-Key', 'buy-badge')
      .send({ item_name: 'Golden Badge', gold_cost: 1 })
      .expect(200);
    expect(replay.headers['idempotency-replayed']).toBe('true');
    expect(replay.body.purchase).toEqual(first.body.purchase);
    await testApp
      .http()
      .post('/api/users/gold-purchase')
      .set(auth(user.token))
      .set('Idempotency-Key', 'buy-badge')
      .send({ item_name: 'Profile Boost' })
      .expect(409);
    expect((await balancesOf(testApp, user.token)).gold_collected).toBe(850);

    await grant(testApp, user.user.id, 'points', 75_000n);
    const upgrade = await testApp
      .http()
      .post('/api/users/upgrade-tier')
      .set(auth(user.token))
      .set('Idempotency-Key', 'up-1')
      .send({ target_tier: 'premium', payment_method: 'points' })
      .expect(200);
    const again = await testApp
      .http()
      .post('/api/users/upgrade-tier')
      .set(auth(user.token))
      .set('Idempotency-Key', 'up-1')
      .send({ target_tier: 'premium', payment_method: 'points' })
      .expect(200);
    expect(again.body).toEqual(upgrade.body);
  });

  it('racing raises to premium and super always end on super (identity decides the raise against its stream)', async () => {
    for (let round = 0; round < 5; round += 1) {
      const user = await signUp(testApp);
      const commandBus = testApp.app.get(CommandBus);
      await Promise.all([
        commandBus.execute(new ChangeUserTierCommand(user.user.id, 'premium', 'raise')),
        commandBus.execute(new ChangeUserTierCommand(user.user.id, 'super', 'raise')),
        commandBus.execute(new ChangeUserTierCommand(user.user.id, 'premium', 'raise')),
      ]);
      expect((await balancesOf(testApp, user.token)).user_tier).toBe('super');
    }
  });

  it('a recorded upgrade whose identity command never ran is applied by the reactor, never lowering the tier', async () => {
    const user = await signUp(testApp);
    const eventStore = testApp.app.get<EventStore>(EVENT_STORE);
    const upgrade = (toTier: 'premium' | 'super', fromTier: 'free' | 'premium') => ({
      type: 'TierUpgradePurchased',
      data: {
        userId: user.user.id,
        fromTier,
        toTier,
        paymentMethod: 'points',
        amountMinor: '0',
        transactionId: randomUUID(),
        purchasedAt: new Date().toISOString(),
      },
    });
    // As if the process died after the commit: super first, then an older premium purchase arrives later.
    await eventStore.append([
      {
        streamId: `shop-account-${user.user.id}`,
        expectedVersion: 'no_stream',
        events: [upgrade('super', 'free'), upgrade('premium', 'free')],
      },
    ]);
    const after = await eventually(
      () => balancesOf(testApp, user.token),
      (balances) => balances.user_tier === 'super',
    );
    expect(after.user_tier).toBe('super');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await balancesOf(testApp, user.token)).user_tier).toBe('super');
  });
});
