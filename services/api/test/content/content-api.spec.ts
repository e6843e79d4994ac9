import type { IdentityTestApp } from '../identity/support';
import { auth, contentForm, givenUser, startContentApp, type TestUser } from './support';

describe('content API', () => {
  let testApp: IdentityTestApp;
  let owner: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    testApp = await startContentApp();
    owner = await givenUser(testApp);
    stranger = await givenUser(testApp);
  }, 120_000);
  afterAll(() => testApp?.close());

  const create = (user: TestUser, body: Record<string, unknown>) =>
    testApp.http().post('/api/content').set(auth(user.token)).send(body);

  it('creates content and answers contentId, readable at once by id and in the list', async () => {
    const created = await create(owner, contentForm({ total_shares: 40, share_price: 99 })).expect(201);
    expect(created.body.contentId).toMatch(/^[0-9a-f-]{36}$/);
    const id = created.body.contentId as string;
    const item = (await testApp.http().get(`/api/content/${id}`).expect(200)).body;
    expect(item).toMatchObject({
      id,
      user_id: owner.user.id,
      creator_id: owner.user.id,
      creator_username: owner.user.username,
      platform: 'tiktok',
      total_shares: 100, // clamped up to the minimum of 100
      engagement_shares_total: 20,
      engagement_shares_remaining: 20,
      available_shares: 80,
      share_price: 0.01, // the rule's floor: unfunded, whatever the form said
      current_revenue: 0,
      is_demo: false,
      status: 'active',
      comments_count: 0,
    });
    const list = (await testApp.http().get('/api/content').expect(200)).body;
    expect(list.items.map((entry: { id: string }) => entry.id)).toContain(id);
  });

  it('refuses bad input with error, details and field_errors, and creates nothing', async () => {
    const before = (await testApp.http().get(`/api/content?creator_id=${stranger.user.id}`).expect(200)).body.items
      .length;
    const response = await create(stranger, {
      platform: 'myspace',
      title: '  ',
      platform_url: 'not a url',
      total_shares: 5000,
    }).expect(400);
    expect(response.body.error).toEqual(expect.any(String));
    expect(response.body.details).toBe('Please check all form fields and try again.');
    expect(response.body.field_errors).toEqual(
      expect.arrayContaining([
        { field: 'platform', message: 'Platform must be one of instagram, tiktok, youtube, twitter, linkedin' },
        { field: 'title', message: 'Title is required' },
        { field: 'platform_url', message: 'Please enter a valid URL' },
        { field: 'total_shares', message: 'Total shares must be between 100 and 1000' },
      ]),
    );
    await create(stranger, { platform: 'youtube', title: 'x' })
      .expect(400)
      .expect((answer) =>
        expect(answer.body.field_errors).toEqual([{ field: 'platform_url', message: 'Content URL is required' }]),
      );
    expect(
      (await testApp.http().get(`/api/content?creator_id=${stranger.user.id}`).expect(200)).body.items,
    ).toHaveLength(before);
  });

  it('needs a session to create', async () => {
    await testApp.http().post('/api/content').send(contentForm()).expect(401);
  });

  it('marks demo content', async () => {
    const id = (await create(owner, contentForm({ title: 'My demo reel' })).expect(201)).body.contentId;
    expect((await testApp.http().get(`/api/content/${id}`).expect(200)).body.is_demo).toBe(true);
  });

  it('answers 404 Content not found for an unknown or malformed id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      const response = await testApp.http().get(`/api/content/${id}`).expect(404);
      expect(response.body).toMatchObject({ code: 'CONTENT_NOT_FOUND', error: 'Content not found' });
    }
    await testApp.http().get('/api/content/00000000-0000-4000-8000-000000000000/metrics').expect(404);
  });

  it('lets the owner edit, and only the owner', async () => {
    const id = (await create(owner, contentForm()).expect(201)).body.contentId;
    const edited = await testApp
      .http()
      .put(`/api/content/${id}`)
      .set(auth(owner.token))
      .send({ title: 'Evening routine', total_shares: 300 })
      .expect(200);
    expect(edited.body).toMatchObject({
      title: 'Evening routine',
      description: 'Five things I do before work',
      total_shares: 300,
      engagement_shares_total: 20,
    });
    await testApp.http().put(`/api/content/${id}`).set(auth(stranger.token)).send({ title: 'Mine now' }).expect(403);
    const tooFew = await testApp
      .http()
      .put(`/api/content/${id}`)
      .set(auth(owner.token))
      .send({ total_shares: 10 })
      .expect(422);
    expect(tooFew.body.error).toBe('Total shares cannot be less than the 20 shares set aside or held');
    await testApp.http().put(`/api/content/${id}`).set(auth(owner.token)).send({ platform_url: 'ftp://x' }).expect(400);
    expect((await testApp.http().get(`/api/content/${id}`).expect(200)).body.title).toBe('Evening routine');
  });

  it('shows a write on the very next list and feed read, though both are served from a shared one-second cache', async () => {
    const id = (await create(owner, contentForm({ title: 'Before the edit' })).expect(201)).body.contentId;
    const titleInList = async () =>
      (
        (await testApp.http().get('/api/content?limit=50').expect(200)).body.items as Array<{
          id: string;
          title: string;
        }>
      ).find((entry) => entry.id === id)?.title;
    const inFeed = async () =>
      (
        (await testApp.http().get('/api/feed?tab=social&limit=50').set(auth(stranger.token)).expect(200)).body
          .items as Array<{ content?: { id: string } }>
      ).some((item) => item.content?.id === id);
    // Read (and so cache) the page and the tab, then write: the next reads, well within the second, show the write.
    expect(await titleInList()).toBe('Before the edit');
    expect(await inFeed()).toBe(true);
    await testApp.http().put(`/api/content/${id}`).set(auth(owner.token)).send({ title: 'After the edit' }).expect(200);
    expect(await titleInList()).toBe('After the edit');
    await testApp.http().delete(`/api/content/${id}`).set(auth(owner.token)).expect(200);
    expect(await titleInList()).toBeUndefined();
    expect(await inFeed()).toBe(false);
  });

  it('refuses a delete by a stranger (403) and erases for the owner (then 404)', async () => {
    const id = (await create(owner, contentForm()).expect(201)).body.contentId;
    const refused = await testApp.http().delete(`/api/content/${id}`).set(auth(stranger.token)).expect(403);
    expect(refused.body.error).toBe('Only the content owner can delete this content');
    await testApp.http().get(`/api/content/${id}`).expect(200);
    const deleted = await testApp.http().delete(`/api/content/${id}`).set(auth(owner.token)).expect(200);
    expect(deleted.body).toEqual({ success: true, id, outcome: 'deleted' });
    await testApp.http().get(`/api/content/${id}`).expect(404);
    expect(
      (await testApp.http().get('/api/content?limit=50').expect(200)).body.items.map(
        (entry: { id: string }) => entry.id,
      ),
    ).not.toContain(id);
    await testApp.http().delete(`/api/content/${id}`).set(auth(owner.token)).expect(404);
  });

  it('pages the list with cursors, newest first, and filters by platform, creator and text', async () => {
    const author = await givenUser(testApp);
    const ids: string[] = [];
    for (let index = 0; index < 5; index += 1) {
      ids.push(
        (
          await create(
            author,
            contentForm({ title: `Page item ${index}`, platform: index % 2 ? 'youtube' : 'instagram' }),
          ).expect(201)
        ).body.contentId,
      );
    }
    const first = (await testApp.http().get(`/api/content?creator_id=${author.user.id}&limit=2`).expect(200)).body;
    expect(first.items.map((entry: { id: string }) => entry.id)).toEqual([ids[4], ids[3]]);
    const second = (
      await testApp
        .http()
        .get(`/api/content?creator_id=${author.user.id}&limit=2&cursor=${first.next_cursor}`)
        .expect(200)
    ).body;
    expect(second.items.map((entry: { id: string }) => entry.id)).toEqual([ids[2], ids[1]]);
    const third = (
      await testApp
        .http()
        .get(`/api/content?creator_id=${author.user.id}&limit=2&cursor=${second.next_cursor}`)
        .expect(200)
    ).body;
    expect(third).toEqual({ items: [expect.objectContaining({ id: ids[0] })], next_cursor: null });
    const youtube = (await testApp.http().get(`/api/content?creator_id=${author.user.id}&platform=youtube`).expect(200))
      .body.items;
    expect(youtube.map((entry: { id: string }) => entry.id).sort()).toEqual([ids[1], ids[3]].sort());
    const text = (await testApp.http().get(`/api/content?creator_id=${author.user.id}&q=ITEM 2`).expect(200)).body
      .items;
    expect(text.map((entry: { id: string }) => entry.id)).toEqual([ids[2]]);
    await testApp.http().get('/api/content?cursor=garbage').expect(400);
    await testApp.http().get('/api/content?platform=myspace').expect(400);
  });

  it('answers metrics and the user status', async () => {
    const id = (await create(owner, contentForm()).expect(201)).body.contentId;
    const metrics = (await testApp.http().get(`/api/content/${id}/metrics`).expect(200)).body;
    expect(metrics).toEqual({
      content_id: id,
      likes: 0,
      comments: 0,
      shares: 0,
      saves: 0,
      reposts: 0,
      views: 0,
      internal_moves: 0,
      external_moves: 0,
      total_engagement: 0,
    });
    const mine = (await testApp.http().get(`/api/content/${id}/user-status`).set(auth(owner.token)).expect(200)).body;
    expect(mine).toEqual({ content_id: id, has_liked: false, has_saved: false, is_owner: true, owned_shares: 0 });
    expect(
      (await testApp.http().get(`/api/content/${id}/user-status`).set(auth(stranger.token)).expect(200)).body.is_owner,
    ).toBe(false);
    await testApp.http().get(`/api/content/${id}/user-status`).expect(401);
  });

  it('replays a create with the same Idempotency-Key instead of creating twice', async () => {
    const key = `content-${Date.now()}`;
    const first = await create(owner, contentForm({ title: 'Once only' }))
      .set('Idempotency-Key', key)
      .expect(201);
    const again = await create(owner, contentForm({ title: 'Once only' }))
      .set('Idempotency-Key', key)
      .expect(201);
    expect(again.body.contentId).toBe(first.body.contentId);
    expect(again.headers['idempotency-replayed']).toBe('true');
  });

  it("feeds search's Content tab by title, description and creator; deleted items leave it", async () => {
    const author = await givenUser(testApp);
    const id = (
      await create(author, contentForm({ title: 'Quokka sunrise', description: 'Rottnest island at dawn' })).expect(201)
    ).body.contentId;
    const byTitle = (await testApp.http().get('/api/search?q=quokka').set(auth(owner.token)).expect(200)).body;
    expect(byTitle.content).toEqual([
      {
        id,
        title: 'Quokka sunrise',
        description: 'Rottnest island at dawn',
        platform: 'tiktok',
        creator_name: author.user.username,
        share_price: 0.01,
      },
    ]);
    expect(
      (await testApp.http().get('/api/search?q=rottnest').set(auth(owner.token)).expect(200)).body.content.map(
        (hit: { id: string }) => hit.id,
      ),
    ).toEqual([id]);
    expect(
      (
        await testApp.http().get(`/api/search?q=${author.user.username}`).set(auth(owner.token)).expect(200)
      ).body.content.map((hit: { id: string }) => hit.id),
    ).toEqual([id]);
    await testApp.http().delete(`/api/content/${id}`).set(auth(author.token)).expect(200);
    expect((await testApp.http().get('/api/search?q=quokka').set(auth(owner.token)).expect(200)).body.content).toEqual(
      [],
    );
  });
});
