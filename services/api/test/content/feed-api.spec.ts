import {
  ContentModule,
  DropsModule,
  IdentityModule,
  LedgerModule,
  MarketModule,
  RewardsModule,
} from '../../src/modules/context-modules';
import { EngagementModule } from '../../src/modules/engagement/engagement.module';
import { givenFunds, paidDrop, proofDrop, waitFor } from '../drops/support';
import { startAppWithModules, type IdentityTestApp } from '../identity/support';
import { auth, contentForm, engagementEvents as facts, givenUser, recordEngagement, type TestUser } from './support';

type Item =
  | { type: 'content'; sponsored: boolean; content: { id: string } }
  | { type: 'drop'; drop: { id: string; gem_reward_base: number } };
const idOf = (item: Item) => (item.type === 'content' ? `c:${item.content.id}` : `d:${item.drop.id}`);

describe('home feed and the engagement facts content shows', () => {
  let testApp: IdentityTestApp;
  let viewer: TestUser;
  let advertiser: TestUser;
  const content: string[] = [];
  let proof: string;
  let paid: string;

  beforeAll(async () => {
    // Engagement and the market answer a delete's question of who holds shares.
    testApp = await startAppWithModules('content_feed', [
      IdentityModule,
      LedgerModule,
      RewardsModule,
      DropsModule,
      ContentModule,
      EngagementModule,
      MarketModule,
    ]);
    viewer = await givenUser(testApp);
    advertiser = await givenUser(testApp, { advertiser: 'premium' });
    await givenFunds(testApp, advertiser.user.id, 'gems', '1000');
    paid = (await testApp.http().post('/api/drops').set(auth(advertiser.token)).send(paidDrop()).expect(201)).body.id;
    proof = (await testApp.http().post('/api/drops').set(auth(advertiser.token)).send(proofDrop()).expect(201)).body.id;
    for (let index = 0; index < 4; index += 1) {
      content.push(
        (
          await testApp
            .http()
            .post('/api/content')
            .set(auth(advertiser.token))
            .send(contentForm({ title: `Feed ${index}` }))
            .expect(201)
        ).body.contentId,
      );
    }
  }, 120_000);
  afterAll(() => testApp?.close());

  const feed = (tab: string, extra = '') =>
    testApp.http().get(`/api/feed?tab=${tab}${extra}`).set(auth(viewer.token)).expect(200);

  it('For You: sponsored first, then content and drops alternating, drops paying ≥ 50 gems first', async () => {
    const sponsorship = facts.sponsored(content[0]!, 20);
    await recordEngagement(testApp, [sponsorship]);
    const items = (
      await waitFor(
        () => feed('for-you'),
        (answer) => answer.body.items[0]?.sponsored === true,
      )
    ).body.items as Item[];
    expect(items.map(idOf)).toEqual([
      `c:${content[0]}`,
      `c:${content[3]}`,
      `d:${paid}`,
      `c:${content[2]}`,
      `d:${proof}`,
      `c:${content[1]}`,
    ]);
    expect(items[0]).toMatchObject({ sponsored: true, sponsorship: { total_boost_multiplier: 2, sponsor_count: 1 } });
    expect(items[1]).toMatchObject({ sponsored: false, sponsorship: null });
    // Spent (expired) sponsorships leave the top.
    await recordEngagement(testApp, [facts.spent(content[0]!, sponsorship.data.sponsorshipId)]);
    await waitFor(
      () => feed('for-you'),
      (answer) => answer.body.items[0]?.sponsored === false,
    );
  });

  it('For You holds at most 10 items', async () => {
    for (let index = 0; index < 10; index += 1)
      await testApp.http().post('/api/content').set(auth(viewer.token)).send(contentForm()).expect(201);
    expect((await feed('for-you')).body.items).toHaveLength(10);
  });

  it('Social: sponsored then all content, paged without repeats', async () => {
    // Two sponsors stack: their multipliers add up.
    await recordEngagement(testApp, [facts.sponsored(content[1]!, 15), facts.sponsored(content[1]!, 20, 6)]);
    const seen: string[] = [];
    let page = (
      await waitFor(
        () => feed('social', '&limit=4'),
        (answer) => answer.body.items[0]?.sponsored === true,
      )
    ).body;
    expect(idOf(page.items[0])).toBe(`c:${content[1]}`);
    expect(page.items[0].sponsorship).toMatchObject({ total_boost_multiplier: 3.5, sponsor_count: 2 });
    for (;;) {
      seen.push(...(page.items as Item[]).map(idOf));
      if (!page.next_cursor) break;
      page = (await feed('social', `&limit=4&cursor=${page.next_cursor}`)).body;
    }
    expect(new Set(seen).size).toBe(seen.length);
    for (const id of content) expect(seen).toContain(`c:${id}`);
    expect(seen.every((id) => id.startsWith('c:'))).toBe(true);
  });

  it('Opportunities: at most 5 drops', async () => {
    const items = (await feed('opportunities')).body.items as Item[];
    expect(items.map(idOf)).toEqual([`d:${proof}`, `d:${paid}`]);
    await testApp.http().get('/api/feed?tab=nope').set(auth(viewer.token)).expect(400);
    await testApp.http().get('/api/feed').expect(401);
  });

  it('prices shares from the recorded funding and shows engagement in the item, metrics and user status', async () => {
    const id = content[2]!;
    const others = Array.from({ length: 6 }, (_, index) => `fan-${index}`);
    await recordEngagement(testApp, [
      facts.action(id, viewer.user.id, 'like'),
      ...others.map((fan) => facts.action(id, fan, 'like')),
      facts.action(id, viewer.user.id, 'save'),
      facts.unsaved(id, viewer.user.id),
      facts.action(id, 'fan-0', 'save'),
      facts.action(id, 'fan-1', 'save'),
      facts.action(id, 'fan-2', 'share'),
      facts.externalMove(id, 'fan-3'),
      facts.sharesGiven(id, viewer.user.id, 3),
      facts.sharesGiven(id, 'fan-4', 9),
      facts.tipped(id, 'fan-5', 1_000_000n),
      facts.tipped(id, 'fan-5', 234_567n), // $123.4567 in all, over 100 shares
    ]);
    // One item's reads wait for the projection to pass the newest event.
    const item = (await testApp.http().get(`/api/content/${id}`).expect(200)).body;
    expect(item).toMatchObject({
      share_price: 1.2345,
      current_revenue: 123.4567,
      likes_count: 7,
      engagement_shares_remaining: 8,
    });
    expect((await testApp.http().get(`/api/content/${id}/metrics`).expect(200)).body).toMatchObject({
      likes: 7,
      saves: 2,
      shares: 1,
      external_moves: 1,
      total_engagement: 11,
    });
    expect(
      (await testApp.http().get(`/api/content/${id}/user-status`).set(auth(viewer.token)).expect(200)).body,
    ).toEqual({
      content_id: id,
      has_liked: true,
      has_saved: false,
      is_owner: false,
      owned_shares: 3,
    });
  });

  it('archives instead of erasing when others hold engagement shares: readable by id, gone from lists', async () => {
    const id = (await testApp.http().post('/api/content').set(auth(advertiser.token)).send(contentForm()).expect(201))
      .body.contentId;
    // A real like gives the viewer a free engagement share (engagement's inline holdings, what the delete asks).
    await testApp
      .http()
      .post('/api/users/social-action')
      .set(auth(viewer.token))
      .send({ action_type: 'like', reference_id: id, reference_type: 'content' })
      .expect(200);
    expect((await testApp.http().delete(`/api/content/${id}`).set(auth(advertiser.token)).expect(200)).body).toEqual({
      success: true,
      id,
      outcome: 'archived',
    });
    expect((await testApp.http().get(`/api/content/${id}`).expect(200)).body.status).toBe('archived');
    expect(
      (await testApp.http().get('/api/content?limit=50').expect(200)).body.items.map(
        (entry: { id: string }) => entry.id,
      ),
    ).not.toContain(id);
    await testApp.http().put(`/api/content/${id}`).set(auth(advertiser.token)).send({ title: 'Back?' }).expect(422);
    await testApp
      .http()
      .post(`/api/content/${id}/comments`)
      .set(auth(viewer.token))
      .send({ comment_text: 'Hi' })
      .expect(422);
  });
});
