import { SocialForecastsResponseSchema } from '@app/contracts/forecasts';
import type { IdentityTestApp } from '../identity/support';
import {
  auth,
  forecastBody,
  forecastVerbs,
  givenFunds,
  givenUser,
  inMilliseconds,
  sleep,
  startForecastsApp,
} from './support';

/** The oracle's work list: expired forecasts on external URLs still waiting for the observation they settle on. */
describe('social forecasts API: pending observations (the Approvals queue)', () => {
  let testApp: IdentityTestApp;
  const verbs = forecastVerbs(() => testApp);
  const pending = (token: string) =>
    testApp.http().get('/api/admin/social-forecasts/pending-observations').set(auth(token));

  beforeAll(async () => {
    testApp = await startForecastsApp('forecasts_pending_observations');
  }, 60_000);
  afterAll(async () => {
    await testApp?.close();
  });

  it('lists only expired, unobserved external forecasts, the longest waiting first, and drops one once its settling observation is recorded', async () => {
    const admin = await givenUser(testApp, { admin: true });
    const creator = await givenUser(testApp);
    await givenFunds(testApp, creator.user.id, 'usd', '50');
    await pending(creator.token).expect(403);
    const later = (
      await verbs
        .create(creator, forecastBody({ expires_at: inMilliseconds(2_500), content_url: 'https://example.com/later' }))
        .expect(201)
    ).body;
    const first = (
      await verbs
        .create(creator, forecastBody({ expires_at: inMilliseconds(1_500), content_url: 'https://example.com/first' }))
        .expect(201)
    ).body;
    const open = (await verbs.create(creator, forecastBody({ expires_at: inMilliseconds(3_600_000) })).expect(201))
      .body;
    // An observation made before expiry does not settle: the forecast still waits after it.
    await verbs.observe(admin, later.id, { value: 10 }).expect(201);
    await sleep(2_700);

    const listed = SocialForecastsResponseSchema.parse((await pending(admin.token).expect(200)).body).forecasts.map(
      (forecast) => forecast.id,
    );
    expect(listed).toEqual(expect.arrayContaining([first.id, later.id]));
    expect(listed).not.toContain(open.id);
    expect(listed.indexOf(first.id)).toBeLessThan(listed.indexOf(later.id));

    await testApp
      .http()
      .post(`/api/admin/social-forecasts/${first.id}/observations`)
      .set(auth(admin.token))
      .set('Idempotency-Key', 'observe-first')
      .send({ value: 2_000 })
      .expect(201);
    const after = (await pending(admin.token).expect(200)).body.forecasts.map(
      (forecast: { id: string }) => forecast.id,
    );
    expect(after).not.toContain(first.id);
    expect(after).toContain(later.id);
  });
});
