import { PROFILE_MESSAGES } from '@app/contracts/identity';
import { signUp, startIdentityApp, type IdentityTestApp } from './support';

describe('identity: profiles (real PostgreSQL)', () => {
  let testApp: IdentityTestApp;
  beforeAll(async () => {
    testApp = await startIdentityApp();
  });
  afterAll(() => testApp.close());

  const put = (token: string, body: unknown) =>
    testApp
      .http()
      .put('/api/users/profile')
      .set('Authorization', `Bearer ${token}`)
      .send(body as object);

  it('updates only the fields sent, drops empty social handles and returns the updated user', async () => {
    const account = await signUp(testApp);
    const response = await put(account.token, {
      display_name: 'New Name',
      bio: 'x'.repeat(500),
      website_url: 'https://example.com/me',
      social_links: JSON.stringify({ instagram: 'insta_me', twitter: '  ', tiktok: '' }),
    }).expect(200);
    expect(response.body).toMatchObject({
      id: account.user.id,
      username: account.username,
      display_name: 'New Name',
      bio: 'x'.repeat(500),
      website_url: 'https://example.com/me',
      social_links: { instagram: 'insta_me' },
    });
    const cleared = await put(account.token, { social_links: '', website_url: '' }).expect(200);
    expect(cleared.body).toMatchObject({ social_links: {}, website_url: null, display_name: 'New Name' });
  });

  it.each([
    [{ username: 'ab' }, 'Username must be at least 3 characters long'],
    [{ username: 'no spaces' }, 'Username can only contain letters, numbers, and underscores'],
    [{ username: 'dash-ed' }, 'Username can only contain letters, numbers, and underscores'],
    [{ bio: 'x'.repeat(501) }, 'Bio must be less than 500 characters'],
    [{ website_url: 'not a url' }, 'Please enter a valid URL'],
    [{ website_url: 'javascript:alert(1)' }, 'Please enter a valid URL'],
    [{ avatar_url: 'ftp://example.com/a.png' }, 'Please enter a valid URL'],
    [{ social_links: { myspace: 'old' } }, PROFILE_MESSAGES.unknownSocialPlatform],
  ])('refuses %j with 400 and the message %j', async (body, message) => {
    const account = await signUp(testApp);
    const response = await put(account.token, body).expect(400);
    expect(response.body).toMatchObject({ error: message, code: 'VALIDATION_ERROR' });
  });

  it('renames with a new slug, and refuses a username another user holds in any case (409)', async () => {
    const first = await signUp(testApp);
    const second = await signUp(testApp);
    const renamed = await put(first.token, { username: `Renamed_${Date.now().toString(36)}` }).expect(200);
    expect(renamed.body.slug).toBe(renamed.body.username.toLowerCase());
    const clash = await put(second.token, { username: renamed.body.username.toUpperCase() }).expect(409);
    expect(clash.body).toMatchObject({ error: 'Username is already taken', code: 'USERNAME_TAKEN' });
    // The old name is free again.
    await put(second.token, { username: first.username }).expect(200);
  });

  it('shows public profiles by username (any case) and by id, without e-mail, referral or earnings', async () => {
    const account = await signUp(testApp);
    await put(account.token, { bio: 'hello' }).expect(200);
    const byName = await testApp.http().get(`/api/users/public/${account.username.toUpperCase()}`).expect(200);
    expect(byName.body).toEqual({
      user: expect.objectContaining({
        id: account.user.id,
        username: account.username,
        bio: 'hello',
        user_type: 'user',
        user_tier: 'free',
      }),
      content: [],
      drops: [],
      leaderboard_position: null,
    });
    for (const hidden of [
      'email',
      'referral_code',
      'referred_by',
      'is_admin',
      'total_earnings_usd',
      'email_confirmed',
    ]) {
      expect(byName.body.user).not.toHaveProperty(hidden);
    }
    const byId = await testApp.http().get(`/api/users/public/id/${account.user.id}`).expect(200);
    expect(byId.body.user.username).toBe(account.username);
  });

  it('answers 404 with the spec message for unknown users', async () => {
    const missing = await testApp.http().get('/api/users/public/nobody_here_at_all').expect(404);
    expect(missing.body).toEqual({ error: PROFILE_MESSAGES.userNotFound, code: 'USER_NOT_FOUND' });
    await testApp.http().get('/api/users/public/id/00000000-0000-4000-8000-000000000000').expect(404);
    await testApp.http().get('/api/users/public/id/not-a-uuid').expect(404);
  });

  it('creates a fresh demo sandbox from events at every demo login and signs in as it', async () => {
    for (const persona of ['creator', 'investor', 'advertiser']) {
      const response = await testApp.http().post(`/api/auth/demo/${persona}`).expect(200);
      expect(response.body).toMatchObject({
        token: expect.any(String),
        user: {
          user_type: persona,
          username: expect.stringMatching(new RegExp(`^demo_${persona}_[0-9a-f]{10}$`)),
          is_demo: true,
        },
      });
      await testApp.http().get('/api/auth/profile').set('Authorization', `Bearer ${response.body.token}`).expect(200);
    }
    const first = await testApp.http().post('/api/auth/demo/creator').expect(200);
    const again = await testApp.http().post('/api/auth/demo/creator').expect(200);
    expect(again.body.user.id).not.toBe(first.body.user.id);
    await testApp.http().get(`/api/users/public/${again.body.user.username}`).expect(200);
    const unknown = await testApp.http().post('/api/auth/demo/pirate').expect(404);
    expect(unknown.body.error).toBe('Failed to login as pirate. Please try again.');
  });

  it('exposes GetUserQuery on the QueryBus for other modules', async () => {
    const { QueryBus } = await import('@nestjs/cqrs');
    const { GetUserQuery } = await import('../../src/modules/identity');
    const account = await signUp(testApp);
    const user = await testApp.app.get(QueryBus).execute(new GetUserQuery(account.user.id));
    expect(user).toMatchObject({
      id: account.user.id,
      email: account.email,
      referral_code: account.user.referral_code,
    });
    expect(
      await testApp.app.get(QueryBus).execute(new GetUserQuery('00000000-0000-4000-8000-000000000000')),
    ).toBeNull();
  });
});

describe('identity: referred_by from the rewards context’s ReferralApplied events', () => {
  let testApp: IdentityTestApp;
  beforeAll(async () => {
    testApp = await startIdentityApp();
  });
  afterAll(() => testApp.close());

  it('shows who referred the user once the referral is applied', async () => {
    const referrer = await signUp(testApp);
    const referred = await signUp(testApp);
    const profile = () =>
      testApp.http().get('/api/auth/profile').set('Authorization', `Bearer ${referred.token}`).expect(200);
    expect((await profile()).body.user.referred_by).toBeNull();
    // Rewards resolves codes through its own projection of UserRegistered: wait until it knows the code.
    const deadline = Date.now() + 10_000;
    let applied = await testApp
      .http()
      .post('/api/users/process-referral')
      .set('Authorization', `Bearer ${referred.token}`)
      .send({ referral_code: referrer.user.referral_code });
    while (applied.status === 404 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      applied = await testApp
        .http()
        .post('/api/users/process-referral')
        .set('Authorization', `Bearer ${referred.token}`)
        .send({ referral_code: referrer.user.referral_code });
    }
    expect(applied.status).toBe(200);
    let referredBy: string | null = null;
    while (referredBy === null && Date.now() < deadline) {
      referredBy = (await profile()).body.user.referred_by;
      if (referredBy === null) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(referredBy).toBe(referrer.user.id);
  });
});
