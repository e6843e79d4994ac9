import {
  ContentModule,
  DropsModule,
  ForecastsModule,
  IdentityModule,
  LedgerModule,
  ProgressModule,
  RewardsModule,
  SearchModule,
} from '../../src/modules/context-modules';
import { EngagementModule } from '../../src/modules/engagement/engagement.module';
import { auth, balancesOf, type TestUser } from '../drops/support';
import { startAppWithModules, type IdentityTestApp } from '../identity/support';

export { auth, balancesOf, givenFunds, givenUser, waitFor, type TestUser } from '../drops/support';
export { expectLedgerVerifiesClean, givenContent } from '../engagement/support';

/** Forecasts with everything they read: identity, the ledger, content and engagement (on-platform metrics). */
export function startForecastsApp(name = 'forecasts_api'): Promise<IdentityTestApp> {
  return startAppWithModules(name, [
    IdentityModule,
    LedgerModule,
    RewardsModule,
    ProgressModule,
    SearchModule,
    DropsModule,
    ContentModule,
    EngagementModule,
    ForecastsModule,
  ]);
}

export const usdOf = async (testApp: IdentityTestApp, user: TestUser) =>
  ((await balancesOf(testApp, user)) as unknown as { usd_balance: number }).usd_balance;

export const inMilliseconds = (milliseconds: number) => new Date(Date.now() + milliseconds).toISOString();
export const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

export const forecastBody = (overrides: Record<string, unknown> = {}) => ({
  content_url: 'https://www.tiktok.com/@someone/video/42',
  platform: 'tiktok',
  forecast_type: 'views',
  target_value: 1000,
  odds: 2,
  expires_at: inMilliseconds(86_400_000),
  initial_amount: 10,
  initial_side: 'over',
  ...overrides,
});

export function forecastVerbs(app: () => IdentityTestApp) {
  return {
    create: (user: TestUser, body: Record<string, unknown> = forecastBody()) =>
      app().http().post('/api/social-forecasts').set(auth(user.token)).send(body),
    predict: (user: TestUser, forecastId: string, amount: unknown, side: unknown = 'over') =>
      app()
        .http()
        .post(`/api/social-forecasts/${forecastId}/predict`)
        .set(auth(user.token))
        .send({ prediction_amount: amount, prediction_side: side }),
    observe: (user: TestUser, forecastId: string, body: Record<string, unknown>) =>
      app().http().post(`/api/admin/social-forecasts/${forecastId}/observations`).set(auth(user.token)).send(body),
    list: (user: TestUser, query = '') => app().http().get(`/api/social-forecasts${query}`).set(auth(user.token)),
    mine: (user: TestUser) => app().http().get('/api/users/forecasts').set(auth(user.token)),
    created: (user: TestUser) => app().http().get('/api/users/created-forecasts').set(auth(user.token)),
    portfolio: (user: TestUser, userId?: string) =>
      app()
        .http()
        .get(`/api/portfolio/predictions${userId ? `?userId=${userId}` : ''}`)
        .set(auth(user.token)),
    detail: (user: TestUser, predictionId: string) =>
      app().http().get(`/api/portfolio/predictions/${predictionId}`).set(auth(user.token)),
  };
}
