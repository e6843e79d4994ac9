import { randomUUID } from 'node:crypto';
import { TelemetryModule } from '../../src/modules/context-modules';
import type { IdentityTestApp } from '../identity/support';
import { auth, givenContent, givenFunds, givenUser, marketVerbs, startMarketAppWith, waitFor } from './holding-support';

/** The market holding's `total_views` and `engagement_rate` come from telemetry's content views and content's engagement. */
describe('holding detail: total views and engagement rate from view events', () => {
  let testApp: IdentityTestApp;
  const verbs = marketVerbs(() => testApp);

  beforeAll(async () => {
    testApp = await startMarketAppWith('telemetry_holding', [TelemetryModule]);
  }, 60_000);
  afterAll(() => testApp?.close());

  it('shows the views the screens reported and engagement ÷ views in percent', async () => {
    const creator = await givenUser(testApp);
    const buyer = await givenUser(testApp);
    const contentId = await givenContent(testApp, creator);
    await givenFunds(testApp, buyer.user.id, 'usd', '1');
    await verbs.buy(buyer, contentId, 10).expect(200);
    expect((await verbs.holding(buyer, contentId).expect(200)).body.content).toMatchObject({
      total_views: 0,
      engagement_rate: 0,
    });

    const view = {
      session_id: 'session-1',
      event_type: 'view',
      payload: { target_type: 'content', target_id: contentId },
    };
    await testApp
      .http()
      .post(`/api/telemetry?batch_id=${randomUUID()}`)
      .send(Array.from({ length: 8 }, () => view))
      .expect(202);
    await testApp
      .http()
      .post('/api/users/social-action')
      .set(auth(buyer.token))
      .send({ action_type: 'like', reference_id: contentId, reference_type: 'content' })
      .expect(200);
    const content = await waitFor(
      async () => (await verbs.holding(buyer, contentId).expect(200)).body.content,
      (body) => body.total_views === 8 && body.engagement_rate > 0,
    );
    // One like over eight views.
    expect(content).toMatchObject({ total_views: 8, engagement_rate: 12.5 });
  });
});
