import type { IdentityTestApp } from '../identity/support';
import { OfferResolutions } from '../../src/modules/market/manage-offers/offer-resolutions';
import {
  auth,
  expectLedgerVerifiesClean,
  givenContent,
  givenFunds,
  givenUser,
  marketVerbs,
  startMarketApp,
  usdOf,
} from './support';

/** Offers: the bid is escrowed, paid out once on accept (97.5 % / 2.5 %), returned on decline, cancel and expiry. */
describe('shares market API: offers', () => {
  let testApp: IdentityTestApp;
  const verbs = marketVerbs(() => testApp);

  beforeAll(async () => {
    testApp = await startMarketApp('market_offers_api');
  }, 60_000);
  afterAll(async () => {
    await testApp?.close();
  });

  async function givenHolder(shares: number) {
    const creator = await givenUser(testApp);
    const seller = await givenUser(testApp);
    const buyer = await givenUser(testApp);
    const contentId = await givenContent(testApp, creator, { total_shares: 100 });
    await givenFunds(testApp, seller.user.id, 'usd', '1');
    await givenFunds(testApp, buyer.user.id, 'usd', '10');
    await verbs.buy(seller, contentId, shares).expect(200);
    return { creator, seller, buyer, contentId };
  }

  it('escrows the bid, accepts once under two parallel accepts, and pays 97.5 % to the seller', async () => {
    const { seller, buyer, contentId } = await givenHolder(10);
    await verbs.offer(buyer, contentId, seller.user.id, 11, 0.5).expect(422);
    await verbs.offer(seller, contentId, seller.user.id, 1, 0.5).expect(422);
    await verbs.offer(buyer, contentId, seller.user.id, 4, 0).expect(400);
    await verbs.offer(buyer, contentId, seller.user.id, 4, 100).expect(422); // $400 > $10
    const offer = await verbs.offer(buyer, contentId, seller.user.id, 4, 0.5, 'Love this one').expect(201);
    expect(offer.body).toMatchObject({
      status: 'pending',
      quantity: 4,
      bid_price: 0.5,
      total: 2,
      message: 'Love this one',
      buyer_id: buyer.user.id,
      seller_id: seller.user.id,
    });
    expect(await usdOf(testApp, buyer)).toBeCloseTo(8, 6);

    const incoming = await testApp.http().get('/api/shares/offers?role=seller').set(auth(seller.token)).expect(200);
    expect(incoming.body.offers.map((row: { id: string }) => row.id)).toEqual([offer.body.id]);
    const outgoing = await testApp.http().get('/api/shares/offers?role=buyer').set(auth(buyer.token)).expect(200);
    expect(outgoing.body.offers.map((row: { id: string }) => row.id)).toEqual([offer.body.id]);
    expect((await verbs.holding(seller, contentId)).body.marketplace.offers).toEqual([
      expect.objectContaining({ id: offer.body.id, bid_price: 0.5 }),
    ]);

    await verbs.answer(buyer, offer.body.id, 'accept').expect(403);
    const sellerBefore = await usdOf(testApp, seller);
    const answers = await Promise.all([
      verbs.answer(seller, offer.body.id, 'accept'),
      verbs.answer(seller, offer.body.id, 'accept'),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await usdOf(testApp, seller)).toBeCloseTo(sellerBefore + 1.95, 6); // $2 − 2.5 % ($0.05)
    expect(await usdOf(testApp, buyer)).toBeCloseTo(8, 6);
    expect((await verbs.holdings(buyer)).body.holdings[0]).toMatchObject({
      owned_shares: 4,
      avg_cost: 0.5,
      current_price: 0.5,
    });
    expect((await verbs.holdings(seller)).body.holdings[0]).toMatchObject({ owned_shares: 6 });
    await verbs.answer(buyer, offer.body.id, 'cancel').expect(409);
  }, 60_000);

  it('returns the whole bid on decline, cancel and expiry (after the deadline only, once)', async () => {
    const { seller, buyer, contentId } = await givenHolder(10);
    const declined = await verbs.offer(buyer, contentId, seller.user.id, 2, 1).expect(201);
    const cancelled = await verbs.offer(buyer, contentId, seller.user.id, 2, 1).expect(201);
    const expiring = await verbs.offer(buyer, contentId, seller.user.id, 2, 1).expect(201);
    expect(await usdOf(testApp, buyer)).toBeCloseTo(4, 6);
    await verbs.answer(buyer, declined.body.id, 'decline').expect(403);
    await verbs.answer(seller, cancelled.body.id, 'cancel').expect(403);
    expect((await verbs.answer(seller, declined.body.id, 'decline').expect(200)).body.status).toBe('declined');
    expect((await verbs.answer(buyer, cancelled.body.id, 'cancel').expect(200)).body.status).toBe('cancelled');
    expect(await usdOf(testApp, buyer)).toBeCloseTo(8, 6);
    await verbs.answer(seller, declined.body.id, 'accept').expect(409);

    const resolutions = testApp.app.get(OfferResolutions);
    const afterDeadline = new Date(Date.now() + 8 * 86_400_000);
    expect(await resolutions.expireDue(new Date())).toBe(0);
    // The job selects due offers by time; the decider checks the deadline itself, so an early run expires nothing.
    await resolutions.close(expiring.body.id, null, 'expired').then(
      () => {
        throw new Error('expired before its deadline');
      },
      (error: { status?: number }) => expect(error.status).toBe(409),
    );
    expect(await usdOf(testApp, buyer)).toBeCloseTo(8, 6);
    expect(await resolutions.expireDue(afterDeadline)).toBe(1);
    expect(await usdOf(testApp, buyer)).toBeCloseTo(10, 6);
    expect(await resolutions.expireDue(afterDeadline)).toBe(0); // a retried run finds nothing pending
    const outgoing = await testApp.http().get('/api/shares/offers?role=buyer').set(auth(buyer.token)).expect(200);
    expect(outgoing.body.offers.find((row: { id: string }) => row.id === expiring.body.id).status).toBe('expired');
    await verbs.answer(buyer, 'not-an-id', 'cancel').expect(404);
    await expectLedgerVerifiesClean(testApp);
  }, 60_000);

  it('keeps demo sandboxes apart: a demo investor cannot escrow an offer to a real holder', async () => {
    const { seller, contentId } = await givenHolder(10);
    const demo = await testApp.http().post('/api/auth/demo/investor').send({});
    expect([200, 201]).toContain(demo.status);
    const token = demo.body.token ?? demo.body.access_token;
    const refused = await testApp
      .http()
      .post('/api/shares/offers')
      .set(auth(token))
      .send({ content_id: contentId, seller_id: seller.user.id, quantity: 1, bid_price: 1 });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('DEMO_ACCOUNT_ISOLATION');
    const buy = await testApp
      .http()
      .post('/api/content/buy-shares')
      .set(auth(token))
      .send({ content_id: contentId, shares_count: 1 });
    expect(buy.status).toBe(403);
    await testApp
      .http()
      .post('/api/shares/offers')
      .set(auth(token))
      .send({ content_id: contentId, seller_id: '00000000-0000-4000-8000-000000000000', quantity: 1, bid_price: 1 })
      .expect(404);
    await testApp
      .http()
      .post('/api/shares/offers')
      .set(auth(token))
      .send({ content_id: contentId, seller_id: 'nope', quantity: 1, bid_price: 1 })
      .expect(404);
    await expectLedgerVerifiesClean(testApp);
  }, 60_000);
});
