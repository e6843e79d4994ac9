import { AUTH_MESSAGES } from '@app/contracts/identity';
import { newUser, signUp, startIdentityApp, type IdentityTestApp } from './support';

describe('identity: sign-up, sign-in and sessions (real PostgreSQL)', () => {
  let testApp: IdentityTestApp;
  beforeAll(async () => {
    testApp = await startIdentityApp({ SIGN_IN_MAX_FAILURES_PER_ACCOUNT: '3' });
  });
  afterAll(() => testApp.close());

  it('signs up: 201 with a token that works as a bearer header and as an http-only SameSite cookie', async () => {
    const body = newUser({ display_name: 'Jane' });
    const response = await testApp.http().post('/api/auth/signup').send(body).expect(201);
    expect(response.body).toMatchObject({
      requiresConfirmation: false,
      token: expect.any(String),
      user: {
        email: body.email,
        username: body.username,
        display_name: 'Jane',
        user_type: 'user',
        user_tier: 'free',
        is_admin: false,
      },
    });
    expect(response.body.user.referral_code).toMatch(/^[A-Z0-9]{6}$/);
    expect(response.body.user.slug).toBe(body.username.toLowerCase());
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(/session_token=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);

    const viaBearer = await testApp
      .http()
      .get('/api/auth/profile')
      .set('Authorization', `Bearer ${response.body.token}`)
      .expect(200);
    expect(viaBearer.body).toMatchObject({ success: true, user: { id: response.body.user.id } });
    const viaCookie = await testApp
      .http()
      .get('/api/auth/profile')
      .set('Cookie', `session_token=${response.body.token}`)
      .expect(200);
    expect(viaCookie.body.user.id).toBe(response.body.user.id);
  });

  it.each([
    [{ password: 'long enough password', username: 'someone' }, AUTH_MESSAGES.signUpFieldsRequired],
    [{ email: 'a@example.com', username: 'someone' }, AUTH_MESSAGES.signUpFieldsRequired],
    [{ email: 'a@example.com', password: 'long enough password', username: '' }, AUTH_MESSAGES.signUpFieldsRequired],
    [{ email: 'not-an-email', password: 'long enough password', username: 'someone' }, AUTH_MESSAGES.invalidEmail],
    [{ email: 'a@example.com', password: 'short', username: 'someone' }, AUTH_MESSAGES.passwordTooShort],
    [
      { email: 'a@example.com', password: 'long enough password', username: 'ab' },
      'Username must be at least 3 characters long',
    ],
    [
      { email: 'a@example.com', password: 'long enough password', username: 'bad name!' },
      'Username can only contain letters, numbers, and underscores',
    ],
  ])('refuses sign-up %j with 400 and the message %j', async (body, message) => {
    const response = await testApp.http().post('/api/auth/signup').send(body).expect(400);
    expect(response.body).toMatchObject({ error: message, code: 'VALIDATION_ERROR' });
  });

  it('keeps e-mail unique and username unique ignoring case (409)', async () => {
    const first = await signUp(testApp);
    const sameEmail = await testApp
      .http()
      .post('/api/auth/signup')
      .send(newUser({ email: first.email.toUpperCase() }))
      .expect(409);
    expect(sameEmail.body).toMatchObject({ code: 'EMAIL_TAKEN', error: AUTH_MESSAGES.emailTaken });
    const sameName = await testApp
      .http()
      .post('/api/auth/signup')
      .send(newUser({ username: first.username.toUpperCase() }))
      .expect(409);
    expect(sameName.body).toMatchObject({ code: 'USERNAME_TAKEN', error: 'Username is already taken' });
  });

  it('lets exactly one of many concurrent sign-ups with one username through', async () => {
    const username = `race_${Date.now().toString(36)}`;
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        testApp
          .http()
          .post('/api/auth/signup')
          .send(newUser({ username: username })),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
  });

  it('signs in with { token, user } and refuses wrong credentials with the spec message', async () => {
    const account = await signUp(testApp);
    const response = await testApp
      .http()
      .post('/api/auth/signin')
      .send({ email: account.email, password: account.password })
      .expect(200);
    expect(response.body).toMatchObject({ token: expect.any(String), user: { id: account.user.id } });
    expect(response.body.token).not.toBe(account.token);

    const wrong = await testApp
      .http()
      .post('/api/auth/signin')
      .send({ email: account.email, password: 'wrong password' })
      .expect(401);
    expect(wrong.body).toEqual({ error: AUTH_MESSAGES.invalidCredentials, code: 'INVALID_CREDENTIALS' });
    const unknown = await testApp
      .http()
      .post('/api/auth/signin')
      .send({ email: 'nobody@example.com', password: 'whatever' })
      .expect(401);
    expect(unknown.body.error).toBe(AUTH_MESSAGES.invalidCredentials);
    const missing = await testApp.http().post('/api/auth/signin').send({ email: account.email }).expect(400);
    expect(missing.body.error).toBe('Please enter email and password');
  });

  it('logout revokes the token: 401 afterwards, with bearer and cookie alike', async () => {
    const account = await signUp(testApp);
    await testApp.http().get('/api/auth/profile').set('Authorization', `Bearer ${account.token}`).expect(200);
    const logout = await testApp
      .http()
      .post('/api/auth/logout')
      .set('Authorization', `Bearer ${account.token}`)
      .expect(200);
    expect(String(logout.headers['set-cookie'])).toMatch(/session_token=;/);
    const after = await testApp
      .http()
      .get('/api/auth/profile')
      .set('Authorization', `Bearer ${account.token}`)
      .expect(401);
    expect(after.body.code).toBe('SESSION_EXPIRED');
    await testApp.http().get('/api/auth/profile').set('Cookie', `session_token=${account.token}`).expect(401);
  });

  it('refresh rotates: the new token works, the old one is 401, and a second refresh with the old one fails', async () => {
    const account = await signUp(testApp);
    const refreshed = await testApp
      .http()
      .post('/api/auth/refresh')
      .set('Authorization', `Bearer ${account.token}`)
      .expect(200);
    expect(refreshed.body.token).not.toBe(account.token);
    await testApp.http().get('/api/auth/profile').set('Authorization', `Bearer ${refreshed.body.token}`).expect(200);
    await testApp.http().get('/api/auth/profile').set('Authorization', `Bearer ${account.token}`).expect(401);
    await testApp.http().post('/api/auth/refresh').set('Authorization', `Bearer ${account.token}`).expect(401);
  });

  it('lets only one of two concurrent refreshes with the same token win', async () => {
    const account = await signUp(testApp);
    const answers = await Promise.all(
      [0, 1].map(() => testApp.http().post('/api/auth/refresh').set('Authorization', `Bearer ${account.token}`)),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401]);
  });

  it('rate-limits failed sign-ins per account with a 429 and a clear message, even with the right password', async () => {
    const account = await signUp(testApp);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await testApp
        .http()
        .post('/api/auth/signin')
        .send({ email: account.email, password: 'wrong password' })
        .expect(401);
    }
    const limited = await testApp
      .http()
      .post('/api/auth/signin')
      .send({ email: account.email, password: account.password })
      .expect(429);
    expect(limited.body).toEqual({
      error: 'Too many failed sign-in attempts. Please try again in 15 minutes.',
      code: 'TOO_MANY_SIGN_IN_ATTEMPTS',
    });
    // Another account from the same address is not affected by this account's limit.
    const other = await signUp(testApp);
    await testApp.http().post('/api/auth/signin').send({ email: other.email, password: other.password }).expect(200);
  });

  it('rejects a garbage token with 401 and no token with 401', async () => {
    await testApp.http().get('/api/auth/profile').set('Authorization', 'Bearer not-a-real-token').expect(401);
    const none = await testApp.http().get('/api/auth/profile').expect(401);
    expect(none.body).toEqual({ error: AUTH_MESSAGES.sessionRequired, code: 'UNAUTHORIZED' });
  });
});

describe('identity: sign-in throttling per client address', () => {
  let testApp: IdentityTestApp;
  beforeAll(async () => {
    testApp = await startIdentityApp({
      SIGN_IN_MAX_FAILURES_PER_ADDRESS: '4',
      SIGN_IN_MAX_FAILURES_PER_ACCOUNT: '100',
    });
  });
  afterAll(() => testApp.close());

  it('refuses every account from an address that failed too often', async () => {
    const victim = await signUp(testApp);
    for (let attempt = 0; attempt < 4; attempt += 1) {
      await testApp
        .http()
        .post('/api/auth/signin')
        .send({ email: `guess${attempt}@example.com`, password: 'nope' })
        .expect(401);
    }
    const limited = await testApp
      .http()
      .post('/api/auth/signin')
      .send({ email: victim.email, password: victim.password })
      .expect(429);
    expect(limited.body.error).toMatch(/^Too many failed sign-in attempts\. Please try again in \d+ minutes?\.$/);
  });
});

describe('identity: optional e-mail confirmation', () => {
  let testApp: IdentityTestApp;
  beforeAll(async () => {
    testApp = await startIdentityApp({ REQUIRE_EMAIL_CONFIRMATION: 'true' });
  });
  afterAll(() => testApp.close());

  it('answers requiresConfirmation, refuses sign-in until the mailed link is used, then signs in', async () => {
    const { EMAIL_SENDER } = await import('../../src/modules/identity/infrastructure/email-sender');
    const sender = testApp.app.get(EMAIL_SENDER);
    const sent = jest.spyOn(sender, 'send');
    const body = newUser();
    const response = await testApp.http().post('/api/auth/signup').send(body).expect(201);
    expect(response.body).toEqual({
      requiresConfirmation: true,
      message: 'Please check your email to confirm your account.',
    });
    expect(response.headers['set-cookie']).toBeUndefined();

    const refused = await testApp
      .http()
      .post('/api/auth/signin')
      .send({ email: body.email, password: body.password })
      .expect(403);
    expect(refused.body).toEqual({ error: AUTH_MESSAGES.emailNotConfirmed, code: 'EMAIL_NOT_CONFIRMED' });

    const mail = sent.mock.calls[0][0] as { to: string; text: string };
    expect(mail.to).toBe(body.email);
    const link = new URL(/(http\S+)/.exec(mail.text)![1]);
    const wrong = await testApp.http().post('/api/auth/confirm-email').send({ token: 'forged' }).expect(400);
    expect(wrong.body.error).toBe(AUTH_MESSAGES.confirmationTokenInvalid);
    const confirmed = await testApp.http().get(`${link.pathname}${link.search}`).expect(302);
    expect(confirmed.headers.location).toBe('http://localhost:4200/auth?confirmed=1');
    await testApp.http().post('/api/auth/signin').send({ email: body.email, password: body.password }).expect(200);
  });
});
