import { QueryBus } from '@nestjs/cqrs';
import type { Pool } from 'pg';
import { GetShareLinkClicksQuery, type ShareLinkClickRow, type ShareLinkClicksScope } from '@app/contracts/engagement';
import { DATABASE_POOL } from '../../src/platform/database/database.tokens';
import type { IdentityTestApp } from '../identity/support';
import { auth, givenContent, givenUser, startEngagementApp, type TestUser } from './support';

const today = () => new Date().toISOString().slice(0, 10);
const PLATFORM_URL = 'https://www.tiktok.com/@someone/video/1';
const CAMPAIGN = '5f0c6f5e-8a4e-4b8e-9a57-2b0d1f0c0001';
const OTHER_CAMPAIGN = '5f0c6f5e-8a4e-4b8e-9a57-2b0d1f0c0002';

/** Share-link clicks per UTC day (the redirect) and the public `GetShareLinkClicksQuery` that campaigns read. */
describe('share-link clicks per day (API)', () => {
  let testApp: IdentityTestApp;
  let sharer: TestUser;
  let contentId: string;
  let otherContentId: string;

  beforeAll(async () => {
    testApp = await startEngagementApp('engagement_share_clicks');
    sharer = await givenUser(testApp);
    contentId = await givenContent(testApp, sharer);
    otherContentId = await givenContent(testApp, sharer, { title: 'Other' });
  });
  afterAll(() => testApp?.close());

  const pool = () => testApp.app.get<Pool>(DATABASE_POOL);
  const clicksOf = (scope: ShareLinkClicksScope) =>
    testApp.app.get(QueryBus).execute<GetShareLinkClicksQuery, ShareLinkClickRow[]>(new GetShareLinkClicksQuery(scope));
  // A link without an item points to this app (its request's origin), one with an item to the item's platform URL.
  const link = async (content: string | null, campaignId: string | null): Promise<string> =>
    (
      await testApp
        .http()
        .post('/api/shares/create')
        .set(auth(sharer.token))
        .set('Host', 'app.example')
        .send({
          target_url: content ? PLATFORM_URL : 'http://app.example/campaigns',
          content_id: content,
          campaign_id: campaignId,
        })
        .expect(200)
    ).body.data.id;
  const follow = async (linkId: string, times: number) => {
    const responses = await Promise.all(Array.from({ length: times }, () => testApp.http().get(`/api/s/${linkId}`)));
    for (const response of responses) expect(response.status).toBe(302);
  };

  it("counts every redirect in the link's total and in its UTC day, together, under parallel clicks", async () => {
    const id = await link(contentId, null);
    await follow(id, 12);
    const total = await pool().query<{ clicks: string }>(
      'SELECT clicks FROM engagement_share_links WHERE link_id = $1',
      [id],
    );
    const days = await pool().query<{ day: string; clicks: string }>(
      "SELECT to_char(day, 'YYYY-MM-DD') AS day, clicks FROM engagement_share_link_clicks WHERE link_id = $1",
      [id],
    );
    expect(Number(total.rows[0]!.clicks)).toBe(12);
    expect(days.rows.map((row) => ({ day: row.day, clicks: Number(row.clicks) }))).toEqual([
      { day: today(), clicks: 12 },
    ]);
    // An unknown link counts nowhere.
    await testApp.http().get('/api/s/unknown-link-1').expect(404);
    expect(
      (await pool().query("SELECT 1 FROM engagement_share_link_clicks WHERE link_id = 'unknown-link-1'")).rowCount,
    ).toBe(0);
  });

  it("answers the campaigns' links and the items' links without a campaign, per (campaign, item, day), from `since`", async () => {
    await follow(await link(contentId, CAMPAIGN), 3);
    await follow(await link(null, CAMPAIGN), 1);
    await follow(await link(contentId, OTHER_CAMPAIGN), 4);
    await follow(await link(otherContentId, null), 5);
    await link(contentId, CAMPAIGN); // never followed: no row

    // Ordered by day, campaign, item (nulls last).
    expect(await clicksOf({ campaignIds: [CAMPAIGN], contentIds: [contentId], since: today() })).toEqual([
      { campaignId: CAMPAIGN, contentId, day: today(), clicks: 3 },
      { campaignId: CAMPAIGN, contentId: null, day: today(), clicks: 1 },
      // The first test's link: made for the item, without a campaign.
      { campaignId: null, contentId, day: today(), clicks: 12 },
    ]);
    expect(await clicksOf({ campaignIds: [OTHER_CAMPAIGN], contentIds: [] })).toEqual([
      { campaignId: OTHER_CAMPAIGN, contentId, day: today(), clicks: 4 },
    ]);
    expect(await clicksOf({ campaignIds: [], contentIds: [otherContentId] })).toEqual([
      { campaignId: null, contentId: otherContentId, day: today(), clicks: 5 },
    ]);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect(await clicksOf({ campaignIds: [CAMPAIGN], contentIds: [contentId], since: tomorrow })).toEqual([]);
    expect(await clicksOf({ campaignIds: [], contentIds: [] })).toEqual([]);
  });
});
