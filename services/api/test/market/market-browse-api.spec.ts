import type { IdentityTestApp } from '../identity/support';
import {
  auth,
  expectLedgerVerifiesClean,
  givenContent,
  givenFunds,
  givenUser,
  marketVerbs,
  startMarketApp,
  type TestUser,
} from './support';

type ListingBody = {
  id: string;
  content_id: string;
  owner_id: string;
  owner_name: string | null;
  remaining_quantity: number;
  ask_price: number;
  status: string;
};

/**
 * The resale market as a market (issue 43): everyone's open listings a page at a time, one's own with `owner=true`,
 * and another holder's public holding by `userId` (a private one is a 404).
 */
describe('shares market API: browsing listings and public holdings', () => {
  let testApp: IdentityTestApp;
  const verbs = marketVerbs(() => testApp);
  let creator: TestUser;
  let alice: TestUser;
  let bob: TestUser;
  let browser: TestUser;
  let first: string;
  let second: string;

  const listings = (user: TestUser, query = '') =>
    testApp.http().get(`/api/shares/listings${query}`).set(auth(user.token));
  const ids = (body: { listings: ListingBody[] }) => body.listings.map((listing) => listing.id);

  beforeAll(async () => {
    testApp = await startMarketApp('market_browse');
    creator = await givenUser(testApp);
    [alice, bob, browser] = [await givenUser(testApp), await givenUser(testApp), await givenUser(testApp)];
    first = await givenContent(testApp, creator, { total_shares: 200, title: 'First item' });
    second = await givenContent(testApp, creator, { total_shares: 200, title: 'Second item' });
    for (const holder of [alice, bob]) {
      await givenFunds(testApp, holder.user.id, 'usd', '5');
      await verbs.buy(holder, first, 20).expect(200);
      await verbs.buy(holder, second, 20).expect(200);
    }
    await givenFunds(testApp, browser.user.id, 'usd', '10');
  }, 60_000);
  afterAll(async () => {
    await testApp?.close();
  });

  it("lists everyone's open listings newest first, a page at a time, without closed or sold-out ones", async () => {
    const opened: string[] = [];
    for (const [seller, contentId, quantity] of [
      [alice, first, 3],
      [bob, first, 4],
      [alice, second, 5],
      [bob, second, 2],
      [alice, first, 1],
    ] as const) {
      opened.push((await verbs.list(seller, contentId, quantity, '0.05').expect(201)).body.id as string);
    }
    const [aliceCancelled, bobSoldOut, aliceOpen, bobOpen, aliceNewest] = opened as [
      string,
      string,
      string,
      string,
      string,
    ];
    await testApp.http().delete(`/api/shares/listings/${aliceCancelled}`).set(auth(alice.token)).expect(200);
    await verbs.buyListing(browser, bobSoldOut, 4).expect(200);
    await verbs.buyListing(browser, bobOpen, 1).expect(200); // partly filled: still open with 1

    const all = await listings(browser).expect(200);
    expect(ids(all.body)).toEqual([aliceNewest, bobOpen, aliceOpen]);
    expect(all.body.next_cursor).toBeNull();
    expect(all.body.listings[1]).toMatchObject({
      owner_id: bob.user.id,
      remaining_quantity: 1,
      ask_price: 0.05,
      status: 'active',
      content_id: second,
    });
    expect(all.body.listings[0].owner_name).toEqual(expect.any(String));

    // Pages of two: the cursor continues where the page ended, and the last page says there is no more.
    const page1 = await listings(browser, '?limit=2').expect(200);
    expect(ids(page1.body)).toEqual([aliceNewest, bobOpen]);
    const page2 = await listings(browser, `?limit=2&cursor=${page1.body.next_cursor}`).expect(200);
    expect(ids(page2.body)).toEqual([aliceOpen]);
    expect(page2.body.next_cursor).toBeNull();

    // One item's open listings.
    expect(ids((await listings(browser, `?content_id=${first}`).expect(200)).body)).toEqual([aliceNewest]);

    // owner=true: all of mine, open or closed (My Listings shows each one's status).
    const mine = await listings(alice, '?owner=true').expect(200);
    expect(mine.body.listings.map((listing: ListingBody) => [listing.id, listing.status])).toEqual([
      [aliceNewest, 'active'],
      [aliceOpen, 'active'],
      [aliceCancelled, 'cancelled'],
    ]);
    const bobs = await listings(bob, '?owner=true&limit=1').expect(200);
    expect(ids(bobs.body)).toEqual([bobOpen]);
    expect(ids((await listings(bob, `?owner=true&limit=1&cursor=${bobs.body.next_cursor}`).expect(200)).body)).toEqual([
      bobSoldOut,
    ]);
  });

  it("shows a demo sandbox only sandboxes' listings and a real account only real ones (they could not trade)", async () => {
    const demo = async (persona: string) => {
      const response = await testApp
        .http()
        .post(`/api/auth/demo/${persona}`)
        .send({})
        .expect((answer) => expect(answer.status).toBeLessThan(300));
      return { token: response.body.token as string, user: response.body.user as { id: string } } as TestUser;
    };
    const [demoCreator, demoSeller, demoBrowser] = [
      await demo('creator'),
      await demo('investor'),
      await demo('investor'),
    ];
    const demoContent = await givenContent(testApp, demoCreator, { title: 'Sandbox item' });
    await verbs.buy(demoSeller, demoContent, 5).expect(200);
    const demoListing = (await verbs.list(demoSeller, demoContent, 2, '0.02').expect(201)).body.id as string;

    const realView = ids((await listings(browser).expect(200)).body);
    expect(realView).not.toContain(demoListing);
    expect(realView.length).toBeGreaterThan(0);
    expect(ids((await listings(demoBrowser).expect(200)).body)).toEqual([demoListing]);
    await verbs.buyListing(demoBrowser, demoListing, 1).expect(200);
  }, 60_000);

  it('refuses a bad cursor or limit with 400 and answers 401 without a session', async () => {
    expect((await listings(browser, '?cursor=not-a-cursor').expect(400)).body).toMatchObject({
      code: 'INVALID_CURSOR',
      error: 'The cursor is not valid',
    });
    expect((await listings(browser, '?limit=0').expect(400)).body.field_errors).toEqual([
      { field: 'limit', message: 'limit must be at least 1' },
    ]);
    await listings(browser, '?limit=101').expect(400);
    await testApp.http().get('/api/shares/listings').expect(401);
  });

  it("shows another user's public holding by userId (no offers of theirs), and answers 404 for a private one", async () => {
    const offer = await verbs.offer(browser, first, alice.user.id, 2, '0.04', 'For Alice').expect(201);
    const own = await verbs.holding(alice, first).expect(200);
    expect(own.body.marketplace.offers.map((row: { id: string }) => row.id)).toEqual([offer.body.id]);

    const seen = await testApp
      .http()
      .get(`/api/portfolio/holdings/${first}?userId=${alice.user.id}`)
      .set(auth(browser.token))
      .expect(200);
    expect(seen.body.holding).toMatchObject({ content_id: first, owned_shares: 20, visibility: 'public' });
    expect(seen.body.marketplace.offers).toEqual([]);
    expect(seen.body.marketplace.listings.map((row: { owner_id: string }) => row.owner_id)).toContain(alice.user.id);
    // The ledger is the holder's own trades (Alice bought 20), not the viewer's.
    expect(seen.body.performance.ledger).toEqual([expect.objectContaining({ type: 'buy', quantity: 20 })]);

    await testApp
      .http()
      .put(`/api/portfolio/holdings/${first}/visibility`)
      .set(auth(alice.token))
      .send({ visibility: 'private' })
      .expect(200);
    const hidden = await testApp
      .http()
      .get(`/api/portfolio/holdings/${first}?userId=${alice.user.id}`)
      .set(auth(browser.token))
      .expect(404);
    expect(hidden.body).toMatchObject({ code: 'HOLDING_NOT_FOUND', error: 'Holding not found.' });
    // The holder still sees it, with or without naming themselves.
    await testApp
      .http()
      .get(`/api/portfolio/holdings/${first}?userId=${alice.user.id}`)
      .set(auth(alice.token))
      .expect(200);
    await verbs.holding(alice, first).expect(200);
    // Someone who holds none of it: 404 either way.
    await testApp
      .http()
      .get(`/api/portfolio/holdings/${first}?userId=${creator.user.id}`)
      .set(auth(browser.token))
      .expect(404);
    await verbs.answer(browser, offer.body.id, 'cancel').expect(200);
    await expectLedgerVerifiesClean(testApp);
  }, 60_000);
});
