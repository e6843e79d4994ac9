import {
  IdentityModule,
  ContentModule,
  DropsModule,
  LedgerModule,
  MarketModule,
  ProgressModule,
  RewardsModule,
  SearchModule,
} from '../../src/modules/context-modules';
import { EngagementModule } from '../../src/modules/engagement/engagement.module';
import { auth, balancesOf, type TestUser } from '../drops/support';
import { startAppWithModules, type IdentityTestApp } from '../identity/support';

export { auth, balancesOf, givenFunds, givenUser, waitFor, type TestUser } from '../drops/support';
export { expectLedgerVerifiesClean, givenContent } from '../engagement/support';

/** The market with everything it reads: identity, the ledger, content and engagement (tips move the price). */
export function startMarketApp(name = 'market_api'): Promise<IdentityTestApp> {
  return startAppWithModules(name, [
    IdentityModule,
    LedgerModule,
    RewardsModule,
    ProgressModule,
    SearchModule,
    DropsModule,
    ContentModule,
    EngagementModule,
    MarketModule,
  ]);
}

export const usdOf = async (testApp: IdentityTestApp, user: TestUser) =>
  ((await balancesOf(testApp, user)) as unknown as { usd_balance: number }).usd_balance;

export function marketVerbs(app: () => IdentityTestApp) {
  return {
    buy: (user: TestUser, contentId: string, shares: number) =>
      app()
        .http()
        .post('/api/content/buy-shares')
        .set(auth(user.token))
        .send({ content_id: contentId, shares_count: shares }),
    list: (user: TestUser, contentId: string, quantity: number, ask: number | string) =>
      app()
        .http()
        .post('/api/shares/listings')
        .set(auth(user.token))
        .send({ content_id: contentId, content_title: 'ignored', content_thumbnail: null, quantity, ask_price: ask }),
    buyListing: (user: TestUser, listingId: string, quantity: number) =>
      app().http().post(`/api/shares/listings/${listingId}/buy`).set(auth(user.token)).send({ quantity }),
    offer: (
      user: TestUser,
      contentId: string,
      sellerId: string,
      quantity: number,
      bid: number | string,
      message?: string,
    ) =>
      app()
        .http()
        .post('/api/shares/offers')
        .set(auth(user.token))
        .send({ content_id: contentId, seller_id: sellerId, quantity, bid_price: bid, message }),
    answer: (user: TestUser, offerId: string, verb: 'accept' | 'decline' | 'cancel') =>
      app().http().post(`/api/shares/offers/${offerId}/${verb}`).set(auth(user.token)).send({}),
    holding: (user: TestUser, contentId: string) =>
      app().http().get(`/api/portfolio/holdings/${contentId}`).set(auth(user.token)),
    holdings: (user: TestUser, userId?: string) =>
      app()
        .http()
        .get(`/api/portfolio/holdings${userId ? `?userId=${userId}` : ''}`)
        .set(auth(user.token)),
  };
}
