import type { IdentityTestApp } from '../identity/support';
import {
  auth,
  balancesOf,
  expectLedgerVerifiesClean,
  givenContent,
  givenUser,
  startEngagementApp,
  type TestUser,
} from './support';

// A 1×1 PNG.
const PNG_1X1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

describe('external moves and share links API', () => {
  let testApp: IdentityTestApp;
  let creator: TestUser;
  let contentId: string;

  beforeAll(async () => {
    testApp = await startEngagementApp('engagement_moves');
    creator = await givenUser(testApp);
    contentId = await givenContent(testApp, creator);
  });
  afterAll(() => testApp?.close());

  const move = (user: TestUser, body: Record<string, unknown>) =>
    testApp
      .http()
      .post('/api/users/external-move')
      .set(auth(user.token))
      .send({
        content_id: contentId,
        content_platform: 'tiktok',
        content_url: 'https://www.tiktok.com/@someone/video/1',
        proof_type: 'url',
        proof_url: 'https://www.tiktok.com/@fan/comment/9',
        ...body,
      });

  it('pays points × multiplier and keys = ceil(points / 20), once per move type per item', async () => {
    const fan = await givenUser(testApp);
    const before = await balancesOf(testApp, fan);
    const repost = await move(fan, { move_type: 'repost' }).expect(200);
    expect(repost.body).toMatchObject({
      success: true,
      move_type: 'repost',
      points_earned: 120,
      keys_earned: 6,
      multiplier: 1,
    });
    const like = await move(fan, { move_type: 'like' }).expect(200);
    expect(like.body).toMatchObject({ points_earned: 10, keys_earned: 1 });
    expect((await move(fan, { move_type: 'repost' }).expect(409)).body.code).toBe('MOVE_ALREADY_RECORDED');
    const after = await balancesOf(testApp, fan);
    expect(after.points_balance).toBeCloseTo(before.points_balance + 130, 6);
    expect(after.keys_balance).toBe(before.keys_balance + 7);
  });

  it('takes a PNG proof as a data URL and stores it; refuses a missing proof, a non-image and more than 10 MB', async () => {
    const fan = await givenUser(testApp);
    const stored = await move(fan, {
      move_type: 'share',
      proof_type: 'image',
      proof_url: `data:image/png;base64,${PNG_1X1}`,
    }).expect(200);
    expect(stored.body.proof_url).not.toContain('base64');
    expect((await move(fan, { move_type: 'save', proof_url: '' }).expect(400)).body.error).toBe(
      'Please provide proof URL or upload a screenshot',
    );
    await move(fan, {
      move_type: 'save',
      proof_type: 'image',
      proof_url: `data:image/png;base64,${Buffer.from('hello world, not an image').toString('base64')}`,
    }).expect(415);
    const huge = Buffer.alloc(10 * 1024 * 1024 + 10);
    Buffer.from(PNG_1X1, 'base64').copy(huge);
    await move(fan, { move_type: 'save', proof_type: 'image', proof_url: huge.toString('base64') }).expect(413);
    await move(fan, { move_type: 'dance' }).expect(400);
  });

  it('rewards at most 10 external moves a day, then refuses with 429', async () => {
    const fan = await givenUser(testApp);
    const items = await Promise.all(
      Array.from({ length: 2 }, (_, index) => givenContent(testApp, creator, { title: `Moves ${index}` })),
    );
    const types = ['like', 'comment', 'save', 'share', 'repost'];
    for (const item of items)
      for (const type of types) await move(fan, { content_id: item, move_type: type }).expect(200);
    const eleventh = await move(fan, { move_type: 'comment' }).expect(429);
    expect(eleventh.body.code).toBe('DAILY_MOVES_REACHED');
  });

  it('creates a short link to the app or the item, redirects and counts; refuses other targets', async () => {
    const fan = await givenUser(testApp);
    const created = await testApp
      .http()
      .post('/api/shares/create')
      .set(auth(fan.token))
      .send({
        user_id: fan.user.id,
        target_url: 'https://www.tiktok.com/@someone/video/1',
        content_id: contentId,
        campaign_id: null,
      })
      .expect(200);
    expect(created.body.data.url).toMatch(new RegExp(`/api/s/${created.body.data.id}$`));
    const followed = await testApp.http().get(`/api/s/${created.body.data.id}`).expect(302);
    expect(followed.headers.location).toBe('https://www.tiktok.com/@someone/video/1');
    await testApp.http().get('/api/s/nope-not-here').expect(404);
    const evil = await testApp
      .http()
      .post('/api/shares/create')
      .set(auth(fan.token))
      .send({ target_url: 'https://evil.example/phish', content_id: contentId })
      .expect(422);
    expect(evil.body.code).toBe('SHARE_TARGET_NOT_ALLOWED');
    await testApp
      .http()
      .post('/api/shares/create')
      .set(auth(fan.token))
      .send({ target_url: 'javascript:alert(1)' })
      .expect(400);
    await testApp
      .http()
      .post('/api/shares/create')
      .send({ target_url: 'https://www.tiktok.com/@someone/video/1' })
      .expect(401);
    await expectLedgerVerifiesClean(testApp);
  });
});
