import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { AUTH_MESSAGES } from '@app/contracts/identity';
import { createTestDatabase } from '@app/event-store/src/testing';
import { loadConfig } from '../../src/platform/config/app-config';
import { createApp } from '../../src/app.module';
import { newUser, signUp, type IdentityTestApp } from './support';

jest.setTimeout(120_000);

/**
 * The whole application on a fresh database with `environment` (identity's variables, and TRUST_PROXY), so that a
 * test can play a client behind the shell's proxy (which runs on loopback, like supertest).
 */
async function startApp(environment: Record<string, string>): Promise<IdentityTestApp> {
  const database = await createTestDatabase('identity_hardening');
  const dataDirectory = mkdtempSync(join(tmpdir(), 'identity-hardening-'));
  const saved = { ...process.env };
  Object.assign(process.env, environment);
  try {
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
      DATABASE_URL: database.url,
      DATA_DIR: dataDirectory,
      TRUST_PROXY: environment.TRUST_PROXY ?? '',
    });
    const app = await createApp(config);
    return {
      app,
      http: () => request(app.getHttpServer()),
      dataDirectory,
      async close() {
        await app.close();
        await database.drop();
        rmSync(dataDirectory, { recursive: true, force: true });
      },
    };
  } finally {
    for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
    Object.assign(process.env, saved);
  }
}

const wrongPassword = (testApp: IdentityTestApp, email: string, forwardedFor?: string) => {
  const call = testApp.http().post('/api/auth/signin');
  if (forwardedFor) void call.set('X-Forwarded-For', forwardedFor);
  return call.send({ email, password: 'not the password 1' });
};

describe('sign-in throttling behind a trusted proxy (TRUST_PROXY=loopback)', () => {
  let testApp: IdentityTestApp;
  beforeAll(async () => {
    testApp = await startApp({ TRUST_PROXY: 'loopback', SIGN_IN_MAX_FAILURES_PER_ADDRESS: '1000' });
  });
  afterAll(() => testApp.close());

  it('holds the per-account bound whatever address each try claims, with Retry-After, and lets the owner in from an address of theirs', async () => {
    const owner = await signUp(testApp);
    // The owner signed in from home before: that address is theirs.
    await testApp
      .http()
      .post('/api/auth/signin')
      .set('X-Forwarded-For', '198.51.100.7')
      .send({ email: owner.email, password: owner.password })
      .expect(200);

    const statuses: number[] = [];
    for (let attempt = 0; attempt < 30; attempt += 1) {
      const response = await wrongPassword(testApp, owner.email, `203.0.113.${attempt + 1}`);
      statuses.push(response.status);
      if (response.status === 429) {
        expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
        expect(Number(response.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
        expect(response.body.code).toBe('TOO_MANY_SIGN_IN_ATTEMPTS');
      }
    }
    // SIGN_IN_MAX_FAILURES_PER_ACCOUNT (20) guesses from any number of addresses, then none.
    expect(statuses).toEqual([...Array(20).fill(401), ...Array(10).fill(429)]);
    // A new address is refused even with the right password; the owner's own address is not locked out.
    await testApp
      .http()
      .post('/api/auth/signin')
      .set('X-Forwarded-For', '203.0.113.200')
      .send({ email: owner.email, password: owner.password })
      .expect(429);
    await testApp
      .http()
      .post('/api/auth/signin')
      .set('X-Forwarded-For', '198.51.100.7')
      .send({ email: owner.email, password: owner.password })
      .expect(200);
  });

  it('does not let a stranger lock the owner out: failures count per account and address first', async () => {
    const owner = await signUp(testApp);
    for (let attempt = 0; attempt < 5; attempt += 1)
      await wrongPassword(testApp, owner.email, '192.0.2.66').expect(401);
    const stranger = await wrongPassword(testApp, owner.email, '192.0.2.66').expect(429);
    expect(stranger.headers['retry-after']).toBeDefined();
    await testApp
      .http()
      .post('/api/auth/signin')
      .set('X-Forwarded-For', '192.0.2.10')
      .send({ email: owner.email, password: owner.password })
      .expect(200);
  });

  it('checks and counts atomically: of 40 parallel wrong passwords exactly the limit (5) get 401, the rest 429 with Retry-After', async () => {
    const owner = await signUp(testApp);
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => wrongPassword(testApp, owner.email, '192.0.2.77')),
    );
    const unauthorized = answers.filter((answer) => answer.status === 401);
    const limited = answers.filter((answer) => answer.status === 429);
    expect(unauthorized).toHaveLength(5);
    expect(limited).toHaveLength(35);
    for (const answer of limited) expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('throttling IPv6 clients by their /64 network', () => {
  let testApp: IdentityTestApp;
  beforeAll(async () => {
    testApp = await startApp({ TRUST_PROXY: 'loopback', SIGN_UP_MAX_PER_ADDRESS: '2' });
  });
  afterAll(() => testApp.close());

  it('counts every address of one /64 as one address: a subscriber cannot rotate through its 2^64 addresses', async () => {
    const signUpFrom = (address: string) =>
      testApp.http().post('/api/auth/signup').set('X-Forwarded-For', address).send(newUser());
    await signUpFrom('2001:db8:5:6::1').expect(201);
    await signUpFrom('2001:db8:5:6:ffff:1:2:3').expect(201);
    await signUpFrom('2001:db8:5:6::abcd').expect(429);
    // Another network is counted on its own.
    await signUpFrom('2001:db8:5:7::1').expect(201);

    const owner = await signUp(testApp);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 7; attempt += 1)
      statuses.push((await wrongPassword(testApp, owner.email, `2001:db8:9:9::${attempt + 1}`)).status);
    expect(statuses).toEqual([...Array(5).fill(401), ...Array(2).fill(429)]);
  });
});

describe('sign-in and sign-up throttling with no trusted proxy (the default)', () => {
  let testApp: IdentityTestApp;
  beforeAll(async () => {
    testApp = await startApp({ SIGN_UP_MAX_PER_ADDRESS: '3' });
  });
  afterAll(() => testApp.close());

  it("ignores a client's X-Forwarded-For: rotating it does not reset the per-address count", async () => {
    const owner = await signUp(testApp);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 10; attempt += 1)
      statuses.push((await wrongPassword(testApp, owner.email, `203.0.113.${attempt + 1}`)).status);
    expect(statuses).toEqual([...Array(5).fill(401), ...Array(5).fill(429)]);
  });

  it('throttles sign-ups per address with 429 and Retry-After; a refused sign-up does not count', async () => {
    // One sign-up above (the throttled owner) counts too: the limit of 3 leaves two.
    const first = await signUp(testApp);
    await testApp
      .http()
      .post('/api/auth/signup')
      .send(newUser({ email: first.email }))
      .expect(409);
    await signUp(testApp);
    const limited = await testApp.http().post('/api/auth/signup').send(newUser()).expect(429);
    expect(limited.body.code).toBe('TOO_MANY_SIGN_UPS');
    expect(limited.body.error).toMatch(
      /^Too many accounts were created from your network\. Please try again in \d+ minutes?\.$/,
    );
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('demo logins per address', () => {
  let testApp: IdentityTestApp;
  beforeAll(async () => {
    testApp = await startApp({ DEMO_LOGINS_MAX_PER_ADDRESS: '2' });
  });
  afterAll(() => testApp.close());

  it('throttles demo logins (each a new sandbox account) per address with 429 and Retry-After', async () => {
    await testApp.http().post('/api/auth/demo/investor').expect(200);
    await testApp.http().post('/api/auth/demo/investor').expect(200);
    const limited = await testApp.http().post('/api/auth/demo/advertiser').expect(429);
    expect(limited.body).toEqual({
      error: expect.stringMatching(
        /^Too many demo accounts were started from your network\. Please try again in \d+ minutes?\.$/,
      ),
      code: 'TOO_MANY_DEMO_LOGINS',
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('passwords and cross-site requests', () => {
  let testApp: IdentityTestApp;
  beforeAll(async () => {
    testApp = await startApp({ SIGN_UP_MAX_PER_ADDRESS: '1000' });
  });
  afterAll(() => testApp.close());

  it('refuses the commonest passwords at sign-up with a field error, and accepts a passphrase', async () => {
    for (const password of ['password123', 'qwertyuiop', 'iloveyou1', 'Password1!']) {
      const refused = await testApp.http().post('/api/auth/signup').send(newUser({ password })).expect(400);
      expect(refused.body).toEqual({
        error: AUTH_MESSAGES.passwordTooCommon,
        code: 'VALIDATION_ERROR',
        field_errors: [{ field: 'password', message: AUTH_MESSAGES.passwordTooCommon }],
      });
    }
    const user = newUser();
    const refused = await testApp
      .http()
      .post('/api/auth/signup')
      .send({ ...user, password: `${user.username}1` })
      .expect(400);
    expect(refused.body.field_errors[0].field).toBe('password');
    await testApp
      .http()
      .post('/api/auth/signup')
      .send(newUser({ password: 'violet lantern orbit 42' }))
      .expect(201);
  });

  it("refuses a body-less cross-origin POST authenticated by the session cookie with 403, and lets the app's own origin through", async () => {
    const user = await signUp(testApp);
    const cookie = `session_token=${user.token}`;
    for (const path of [
      '/api/notifications/read-all',
      '/api/drop-applications/00000000-0000-4000-8000-000000000000/approve',
    ]) {
      const forged = await testApp
        .http()
        .post(path)
        .set('Cookie', cookie)
        .set('Origin', 'https://evil.example')
        .set('Content-Type', 'text/plain')
        .expect(403);
      expect(forged.body).toEqual({ error: AUTH_MESSAGES.crossSiteRequest, code: 'CROSS_SITE_REQUEST_REFUSED' });
      // A form post from another site that sends only a Referer.
      await testApp.http().post(path).set('Cookie', cookie).set('Referer', 'https://evil.example/page').expect(403);
      // A request a page cannot make: no Origin or Referer, but the browser says it is cross-site.
      await testApp.http().post(path).set('Cookie', cookie).set('Sec-Fetch-Site', 'cross-site').expect(403);
    }
    // The shell (same origin through its proxy), the API's own origin, and clients that are not browsers.
    await testApp
      .http()
      .post('/api/notifications/read-all')
      .set('Cookie', cookie)
      .set('Origin', 'http://localhost:4200')
      .expect((response) => expect(response.status).toBeLessThan(300));
    const host = '127.0.0.1:9999';
    await testApp
      .http()
      .post('/api/notifications/read-all')
      .set('Host', host)
      .set('Cookie', cookie)
      .set('Origin', `http://${host}`)
      .expect((response) => expect(response.status).toBeLessThan(300));
    await testApp
      .http()
      .post('/api/notifications/read-all')
      .set('Cookie', cookie)
      .expect((response) => expect(response.status).toBeLessThan(300));
    // A bearer token is a header no other site can make a browser send: no origin check.
    await testApp
      .http()
      .post('/api/notifications/read-all')
      .set('Authorization', `Bearer ${user.token}`)
      .set('Origin', 'https://evil.example')
      .expect((response) => expect(response.status).toBeLessThan(300));
    // Reads are not checked.
    await testApp
      .http()
      .get('/api/auth/profile')
      .set('Cookie', cookie)
      .set('Origin', 'https://evil.example')
      .expect(200);
  });
});
