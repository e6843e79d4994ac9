import { CommandBus } from '@nestjs/cqrs';
import {
  CampaignsModule,
  ContentModule,
  DropsModule,
  EngagementModule,
  IdentityModule,
  LedgerModule,
  ProgressModule,
  RewardsModule,
  SearchModule,
  SubscriptionsModule,
  TelemetryModule,
} from '../../src/modules/context-modules';
import { CreditMovesAllowanceCommand } from '@app/contracts/subscriptions';
import { TelemetryStore } from '../../src/modules/telemetry/infrastructure/telemetry-store';
import { contentForm } from '../content/support';
import { auth, givenUser, type TestUser } from '../drops/support';
import { startAppWithModules, type IdentityTestApp } from '../identity/support';
import { campaignDraft, today } from './support';

const PLATFORM_URL = 'https://www.tiktok.com/@someone/video/1';
const draft = (name: string) => campaignDraft({ name, objective: 'traffic', description: '', bidAmount: null });

/** Campaign figures count share-link clicks (engagement, issue 10) beside telemetry, by the attribution rule (README). */
describe('campaign figures from share-link clicks (API)', () => {
  let testApp: IdentityTestApp;
  const http = () => testApp.http();

  beforeAll(async () => {
    testApp = await startAppWithModules('campaigns_share_links', [
      IdentityModule,
      LedgerModule,
      RewardsModule,
      ProgressModule,
      SearchModule,
      DropsModule,
      ContentModule,
      EngagementModule,
      TelemetryModule,
      SubscriptionsModule,
      CampaignsModule,
    ]);
  });
  afterAll(() => testApp?.close());

  async function advertiser(): Promise<TestUser> {
    const user = await givenUser(testApp, { advertiser: 'premium' });
    await testApp.app.get(CommandBus).execute(new CreditMovesAllowanceCommand(user.user.id));
    return user;
  }
  const link = async (sharer: TestUser, contentId: string | null, campaignId: string | null): Promise<string> =>
    (
      await http()
        .post('/api/shares/create')
        .set(auth(sharer.token))
        .send({ target_url: PLATFORM_URL, content_id: contentId, campaign_id: campaignId })
        .expect(200)
    ).body.data.id;
  const follow = async (linkId: string, times: number) => {
    // Sequential and parallel alike: every redirect counts once.
    const responses = await Promise.all(Array.from({ length: times }, () => http().get(`/api/s/${linkId}`)));
    for (const response of responses) expect(response.status).toBe(302);
  };

  it("adds exactly the clicks of the campaign's links into clicks, CTR, CPC and the per-content, per-platform and daily figures", async () => {
    const owner = await advertiser();
    const creator = await givenUser(testApp);
    const fan = await givenUser(testApp);
    const contentId = (await http().post('/api/content').set(auth(creator.token)).send(contentForm()).expect(201)).body
      .contentId as string;
    const unrelated = (
      await http()
        .post('/api/content')
        .set(auth(creator.token))
        .send(contentForm({ title: 'Unrelated' }))
        .expect(201)
    ).body.contentId as string;
    const id = (await http().post('/api/campaigns').set(auth(owner.token)).send(draft('With links')).expect(201)).body
      .campaign.id as string;
    const other = (await http().post('/api/campaigns').set(auth(owner.token)).send(draft('Other')).expect(201)).body
      .campaign.id as string;
    await http().post(`/api/campaigns/${id}/content`).set(auth(owner.token)).send({ contentId }).expect(200);

    // Counted for the campaign: 3 clicks on a link made for it, 2 on a link made for its item without a campaign.
    await follow(await link(fan, contentId, id), 3);
    await follow(await link(creator, contentId, null), 2);
    // Not counted: a link made for another campaign (for the same item), a link for content outside the campaign.
    await follow(await link(fan, contentId, other), 4);
    await follow(await link(fan, unrelated, null), 6);

    // Telemetry of the item: 10 impressions and 1 in-app click (a click of the feed card, not of a share link).
    const now = new Date().toISOString();
    const event = (eventType: string, target_id: string) => ({
      receivedAt: now,
      sessionId: 's',
      userId: null,
      eventType,
      payload: { target_type: 'content', target_id },
    });
    await testApp.app
      .get(TelemetryStore)
      .storeBatch(`share-links-${id}`, [
        ...Array.from({ length: 10 }, () => event('impression', contentId)),
        event('click', contentId),
        event('click', unrelated),
      ]);

    const detail = (await http().get(`/api/campaigns/${id}`).set(auth(owner.token)).expect(200)).body;
    // 1 telemetry click + 5 share-link clicks over 10 impressions; 50 moves spent / 6 clicks.
    expect(detail).toMatchObject({
      spent: 50,
      impressions: 10,
      clicks: 6,
      ctr: 60,
      cpc: 8.33,
      telemetryAvailable: true,
    });
    expect(detail.content).toEqual([
      expect.objectContaining({ id: contentId, platform: 'tiktok', impressions: 10, clicks: 6, ctr: 60 }),
    ]);
    expect(detail.platforms).toEqual([{ platform: 'tiktok', items: 1, impressions: 10, clicks: 6, averageCtr: 60 }]);
    expect(detail.daily).toEqual([{ day: today(), impressions: 10, clicks: 6 }]);

    // The list agrees; the other campaign has its own link's 4 clicks (no content, no impressions).
    const listed = (await http().get('/api/campaigns').set(auth(owner.token)).expect(200)).body.campaigns as Array<
      Record<string, unknown>
    >;
    expect(listed.find((campaign) => campaign.id === id)).toMatchObject({
      impressions: 10,
      clicks: 6,
      ctr: 60,
      cpc: 8.33,
    });
    expect(listed.find((campaign) => campaign.id === other)).toMatchObject({
      impressions: 0,
      clicks: 4,
      ctr: 0,
      cpc: 12.5,
    });
    const otherDetail = (await http().get(`/api/campaigns/${other}`).set(auth(owner.token)).expect(200)).body;
    expect(otherDetail).toMatchObject({
      clicks: 4,
      content: [],
      platforms: [],
      daily: [{ day: today(), impressions: 0, clicks: 4 }],
    });

    // Without the item, only the link made for the campaign still counts (3), in the total and its day.
    const removed = (
      await http().delete(`/api/campaigns/${id}/content/${contentId}`).set(auth(owner.token)).expect(200)
    ).body;
    expect(removed).toMatchObject({
      impressions: 0,
      clicks: 3,
      ctr: 0,
      cpc: 16.67,
      content: [],
      platforms: [],
      daily: [{ day: today(), impressions: 0, clicks: 3 }],
    });
  });

  it('counts nothing for a campaign with no links and no telemetry', async () => {
    const owner = await advertiser();
    const id = (await http().post('/api/campaigns').set(auth(owner.token)).send(draft('Quiet')).expect(201)).body
      .campaign.id as string;
    await http().get('/api/s/nope-not-here').expect(404);
    expect((await http().get(`/api/campaigns/${id}`).set(auth(owner.token)).expect(200)).body).toMatchObject({
      impressions: 0,
      clicks: 0,
      ctr: 0,
      cpc: null,
      daily: [],
    });
  });
});
