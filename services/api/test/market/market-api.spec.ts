import type { IdentityTestApp } from '../identity/support';
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

/** Primary purchases, listings and holdings over HTTP against PostgreSQL, with the real ledger and content. */
describe('shares market API: buying and listing', () => {
  let testApp: IdentityTestApp;
  const verbs = marketVerbs(() => testApp);

  beforeAll(async () => {
    testApp = await startMarketApp('market_api');
  }, 60_000);
  afterAll(async () => {
    await testApp?.close();
  });

  it('sells primary shares at the market price, pays the creator the whole price, and shows the holding', async () => {
    const creator = await givenUser(testApp);
    const fan = await givenUser(testApp);
    const buyer = await givenUser(testApp);
    const contentId = await givenContent(testApp, creator, { total_shares: 125 });
    await givenFunds(testApp, fan.user.id, 'usd', '20');
    // $12.50 of funding over 125 shares: $0.10 a share.
    await testApp
      .http()
      .post(`/api/content/${contentId}/fund`)
      .set(auth(fan.token))
      .send({ amount: 12.5, currency_type: 'USD' })
      .expect(200);
    await givenFunds(testApp, buyer.user.id, 'usd', '5');
    const creatorBefore = await usdOf(testApp, creator);

    const bought = await verbs.buy(buyer, contentId, 30).expect(200);
    expect(bought.body).toMatchObject({
      success: true,
      shares_count: 30,
      share_price: 0.1,
      total_cost: 3,
      available_shares: 70,
      owned_shares: 30,
    });
    expect(await usdOf(testApp, buyer)).toBeCloseTo(2, 6);
    expect(await usdOf(testApp, creator)).toBeCloseTo(creatorBefore + 3, 6);

    const holdings = await verbs.holdings(buyer).expect(200);
    expect(holdings.body.holdings).toEqual([
      expect.objectContaining({
        content_id: contentId,
        owned_shares: 30,
        available_to_sell: 30,
        avg_cost: 0.1,
        current_price: 0.1,
        market_value: 3,
        unrealized_gain: 0,
        is_listed: false,
        visibility: 'public',
      }),
    ]);
    const detail = await verbs.holding(buyer, contentId).expect(200);
    expect(detail.body.performance.ledger).toEqual([
      expect.objectContaining({ type: 'buy', quantity: 30, price: 0.1 }),
    ]);
    expect(detail.body.performance.history).toEqual([expect.objectContaining({ price: 0.1, volume: 30 })]);
    expect(detail.body.content.earnings_to_date).toBe(3);
    expect((await verbs.holding(fan, contentId).expect(404)).body).toMatchObject({
      code: 'HOLDING_NOT_FOUND',
      error: 'Holding not found.',
    });
    // Another user sees the public holding.
    const publicView = await verbs.holdings(fan, buyer.user.id).expect(200);
    expect(publicView.body.holdings).toHaveLength(1);
  });

  it('refuses what it cannot sell, with nothing moved', async () => {
    const creator = await givenUser(testApp);
    const buyer = await givenUser(testApp);
    const contentId = await givenContent(testApp, creator, { total_shares: 100 });
    await givenFunds(testApp, buyer.user.id, 'usd', '0.5');
    await verbs.buy(buyer, contentId, 81).expect(422); // 100 − 20 engagement pool = 80 for sale
    await verbs.buy(creator, contentId, 1).expect(422);
    const poor = await verbs.buy(buyer, contentId, 60).expect(422); // 60 × $0.01 > $0.50
    expect(poor.body.error).toBe('Insufficient balance to purchase 60 shares');
    await verbs.buy(buyer, contentId, 0).expect(400);
    await verbs.buy(buyer, contentId, 1.5).expect(400);
    await verbs.buy(buyer, '00000000-0000-4000-8000-000000000000', 1).expect(404);
    await verbs.buy(buyer, 'nope', 1).expect(404);
    expect(await usdOf(testApp, buyer)).toBeCloseTo(0.5, 6);
    await verbs.buy(buyer, contentId, 50).expect(200);
  });

  it('never oversells: 12 buyers racing for the last 100 shares in lots of 10 buy exactly 100', async () => {
    const creator = await givenUser(testApp);
    const contentId = await givenContent(testApp, creator, { total_shares: 125 }); // 25 engagement pool, 100 for sale
    const buyers = await Promise.all(Array.from({ length: 12 }, () => givenUser(testApp)));
    for (const buyer of buyers) await givenFunds(testApp, buyer.user.id, 'usd', '1');
    const creatorBefore = await usdOf(testApp, creator);
    const results = await Promise.all(buyers.map((buyer) => verbs.buy(buyer, contentId, 10)));
    const statuses = results.map((result) => result.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.filter((status) => status === 422)).toHaveLength(2);
    expect(await usdOf(testApp, creator)).toBeCloseTo(creatorBefore + 1, 6); // 100 × $0.01
    let owned = 0;
    for (const buyer of buyers)
      owned += (await verbs.holdings(buyer)).body.holdings.reduce(
        (sum: number, holding: { owned_shares: number }) => sum + holding.owned_shares,
        0,
      );
    expect(owned).toBe(100);
  }, 60_000);

  it('lists only what is available to sell, fills a listing at the ask with a 2.5 % fee (rounded down), and cancels', async () => {
    const creator = await givenUser(testApp);
    const seller = await givenUser(testApp);
    const buyer = await givenUser(testApp);
    const contentId = await givenContent(testApp, creator, { total_shares: 100 });
    await givenFunds(testApp, seller.user.id, 'usd', '1');
    await givenFunds(testApp, buyer.user.id, 'usd', '10');
    await verbs.buy(seller, contentId, 10).expect(200);

    await verbs.list(seller, contentId, 11, 0.5).expect(422);
    await verbs.list(seller, contentId, 5, 0.001).expect(400);
    const listing = await verbs.list(seller, contentId, 6, '0.3333').expect(201);
    expect(listing.body).toMatchObject({
      quantity: 6,
      remaining_quantity: 6,
      ask_price: 0.3333,
      status: 'active',
      owner_id: seller.user.id,
    });
    await verbs.list(seller, contentId, 5, 0.5).expect(422); // only 4 left to sell
    const sellerHolding = (await verbs.holdings(seller)).body.holdings[0];
    expect(sellerHolding).toMatchObject({
      owned_shares: 10,
      available_to_sell: 4,
      is_listed: true,
      listing_id: listing.body.id,
    });

    const mine = await testApp.http().get('/api/shares/listings?owner=true').set(auth(seller.token)).expect(200);
    expect(mine.body.listings.map((row: { id: string }) => row.id)).toEqual([listing.body.id]);

    await verbs.buyListing(seller, listing.body.id, 1).expect(422);
    await verbs.buyListing(buyer, listing.body.id, 7).expect(422);
    const sellerBefore = await usdOf(testApp, seller);
    const filled = await verbs.buyListing(buyer, listing.body.id, 3).expect(200);
    // 3 × 0.3333 = 0.9999; fee floor(0.9999 × 2.5 %) = 0.0249; seller 0.9750.
    expect(filled.body).toMatchObject({
      quantity: 3,
      price: 0.3333,
      total: 0.9999,
      fee: 0.0249,
      seller_proceeds: 0.975,
    });
    expect(await usdOf(testApp, seller)).toBeCloseTo(sellerBefore + 0.975, 6);
    expect(await usdOf(testApp, buyer)).toBeCloseTo(10 - 0.9999, 6);
    // The last trade (0.3333) is now the market price.
    expect((await verbs.holdings(buyer)).body.holdings[0]).toMatchObject({ owned_shares: 3, current_price: 0.3333 });

    await testApp.http().delete(`/api/shares/listings/${listing.body.id}`).set(auth(buyer.token)).expect(403);
    const cancelled = await testApp
      .http()
      .delete(`/api/shares/listings/${listing.body.id}`)
      .set(auth(seller.token))
      .expect(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', remaining_quantity: 3 });
    await testApp.http().delete(`/api/shares/listings/${listing.body.id}`).set(auth(seller.token)).expect(409);
    await verbs.buyListing(buyer, listing.body.id, 1).expect(409);
    expect((await verbs.holdings(seller)).body.holdings[0]).toMatchObject({
      owned_shares: 7,
      available_to_sell: 7,
      is_listed: false,
    });
    await expectLedgerVerifiesClean(testApp);
  }, 60_000);
});
