import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { AUTH_MESSAGES } from '@app/contracts/identity';
import { LedgerModule, RewardsModule } from '../../src/modules/context-modules';
import { stopChildProcess } from '../support/stop-child-process';
import { signUp, startIdentityApp, type IdentityTestApp } from './support';

const CLIENT_ID = 'identity-test-client';
const CLIENT_SECRET = 'identity-test-secret-that-is-long-enough';
const REDIRECT_URI = 'http://localhost:3000/api/auth/google/callback';

/** Starts the real OpenID Connect provider in its own process; resolves with its issuer URL. */
function startProvider(): Promise<{ issuer: string; process: ChildProcess }> {
  const child = spawn(process.execPath, [join(__dirname, 'oidc', 'provider-server.mjs')], {
    env: {
      ...process.env,
      OIDC_CLIENT_ID: CLIENT_ID,
      OIDC_CLIENT_SECRET: CLIENT_SECRET,
      OIDC_REDIRECT_URI: REDIRECT_URI,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`provider did not start: ${output}`)), 15_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /READY (\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ issuer: match[1], process: child });
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`provider exited (${code}): ${output}`)));
  });
}

/** Plays the browser at the provider: follows redirects with a cookie jar and logs in as `account` when asked. */
async function loginAtProvider(authorizationUrl: string, account: string): Promise<URL> {
  const jar = new Map<string, string>();
  let next = new URL(authorizationUrl);
  for (let hop = 0; hop < 20; hop += 1) {
    if (next.href.startsWith(REDIRECT_URI)) return next;
    if (/^\/interaction\/[^/]+$/.test(next.pathname) && !next.searchParams.has('login'))
      next.searchParams.set('login', account);
    const response = await fetch(next, {
      redirect: 'manual',
      headers: { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') },
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const separator = pair.indexOf('=');
      jar.set(pair.slice(0, separator), pair.slice(separator + 1));
    }
    const location = response.headers.get('location');
    if (!location) throw new Error(`provider answered ${response.status} without a redirect: ${await response.text()}`);
    next = new URL(location, next);
  }
  throw new Error('too many redirects at the provider');
}

/** The first cookie value named `name` in a Set-Cookie list. */
function cookieValue(setCookie: string[] | string | undefined, name: string): string | undefined {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  for (const cookie of list) {
    const match = new RegExp(`^${name}=([^;]*)`).exec(cookie);
    if (match) return decodeURIComponent(match[1]);
  }
  return undefined;
}

describe('identity: Google sign-in through OpenID Connect against a real provider', () => {
  let provider: { issuer: string; process: ChildProcess };
  let testApp: IdentityTestApp;

  beforeAll(async () => {
    provider = await startProvider();
    testApp = await startIdentityApp(
      {
        GOOGLE_OIDC_ISSUER: provider.issuer,
        GOOGLE_CLIENT_ID: CLIENT_ID,
        GOOGLE_CLIENT_SECRET: CLIENT_SECRET,
        GOOGLE_REDIRECT_URI: REDIRECT_URI,
        PUBLIC_APP_URL: 'http://localhost:4200',
      },
      [LedgerModule, RewardsModule],
    );
  }, 30_000);

  afterAll(async () => {
    await testApp?.close();
    await stopChildProcess(provider?.process);
  });

  /** The whole round trip: API redirect, provider login and consent, callback to the API. */
  async function signInWithGoogle(account: string, tamper?: (callback: URL) => void, ref?: string) {
    const start = await testApp
      .http()
      .get(`/api/auth/google${ref === undefined ? '' : `?ref=${ref}`}`)
      .expect(302);
    const authorization = new URL(start.headers.location);
    expect(authorization.origin).toBe(provider.issuer);
    expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
    const flowState = cookieValue(start.headers['set-cookie'], 'oidc_state');
    expect(flowState).toBe(authorization.searchParams.get('state'));
    const referralCookie = cookieValue(start.headers['set-cookie'], 'oidc_referral');
    const callback = await loginAtProvider(start.headers.location, account);
    tamper?.(callback);
    const cookies = [`oidc_state=${flowState}`, ...(referralCookie ? [`oidc_referral=${referralCookie}`] : [])].join(
      '; ',
    );
    return testApp.http().get(`${callback.pathname}${callback.search}`).set('Cookie', cookies).expect(302);
  }

  it("keeps a referral link's code through the round trip and applies it to a new account only", async () => {
    const referrer = await signUp(testApp);
    const points = async (token: string) =>
      (await testApp.http().get('/api/users/me').set('Authorization', `Bearer ${token}`).expect(200)).body
        .points_balance as number;
    const referrerBefore = await points(referrer.token);
    const finished = await signInWithGoogle('erin', undefined, referrer.user.referral_code.toLowerCase());
    const landing = new URL(finished.headers.location);
    expect(`${landing.origin}${landing.pathname}`).toBe('http://localhost:4200/auth/callback');
    expect(Object.fromEntries(landing.searchParams)).toEqual({
      referral: 'applied',
      referral_code: referrer.user.referral_code,
      referred_reward: '250',
    });
    const token = cookieValue(finished.headers['set-cookie'], 'session_token')!;
    expect(await points(token)).toBe(275);
    expect(await points(referrer.token)).toBe(referrerBefore + 500);

    // The same Google account again, with another code: an existing account takes no referral.
    const again = await signInWithGoogle('erin', undefined, (await signUp(testApp)).user.referral_code);
    expect(again.headers.location).toBe('http://localhost:4200/auth/callback');
    expect(await points(token)).toBe(275);

    // A code that belongs to nobody: the account is made, the page is told why nothing was applied.
    const unknown = await signInWithGoogle('frank', undefined, 'ZZZZ00');
    expect(Object.fromEntries(new URL(unknown.headers.location).searchParams)).toEqual({
      referral: 'refused',
      referral_code: 'ZZZZ00',
      referral_error: 'Invalid referral code',
    });
  });

  it('creates an account on first sign-in, sets the session cookie and lands on /auth/callback', async () => {
    const finished = await signInWithGoogle('alice');
    expect(finished.headers.location).toBe('http://localhost:4200/auth/callback');
    const token = cookieValue(finished.headers['set-cookie'], 'session_token');
    expect(token).toBeDefined();
    const profile = await testApp.http().get('/api/auth/profile').set('Cookie', `session_token=${token}`).expect(200);
    expect(profile.body.user).toMatchObject({
      email: 'alice@example.com',
      username: 'alice',
      display_name: 'Test alice',
      email_confirmed: true,
    });
    expect(profile.body.user.referral_code).toMatch(/^[A-Z0-9]{6}$/);

    // The web app trades the cookie for a bearer token.
    const refreshed = await testApp
      .http()
      .post('/api/auth/refresh')
      .set('Cookie', `session_token=${token}`)
      .expect(200);
    expect(refreshed.body.user.id).toBe(profile.body.user.id);

    const again = await signInWithGoogle('alice');
    const secondToken = cookieValue(again.headers['set-cookie'], 'session_token');
    const secondProfile = await testApp
      .http()
      .get('/api/auth/profile')
      .set('Authorization', `Bearer ${secondToken}`)
      .expect(200);
    expect(secondProfile.body.user.id).toBe(profile.body.user.id);
  });

  it('links Google to an existing password account with the same verified e-mail', async () => {
    const signUp = await testApp
      .http()
      .post('/api/auth/signup')
      .send({ email: 'bob@example.com', password: 'long enough password', username: 'bob_password' })
      .expect(201);
    const finished = await signInWithGoogle('bob');
    const token = cookieValue(finished.headers['set-cookie'], 'session_token');
    const profile = await testApp.http().get('/api/auth/profile').set('Authorization', `Bearer ${token}`).expect(200);
    expect(profile.body.user.id).toBe(signUp.body.user.id);
  });

  it('refuses an unverified e-mail and a tampered state, sending the browser back to /auth with a message', async () => {
    const unverified = await signInWithGoogle('unverified_carol');
    expect(unverified.headers.location).toBe(
      `http://localhost:4200/auth?error=${encodeURIComponent('Your Google account has no verified e-mail address.')}`,
    );
    expect(cookieValue(unverified.headers['set-cookie'], 'session_token')).toBeUndefined();

    const tampered = await signInWithGoogle('dave', (callback) => callback.searchParams.set('state', 'forged-state'));
    expect(tampered.headers.location).toBe(
      `http://localhost:4200/auth?error=${encodeURIComponent(AUTH_MESSAGES.providerFailed('Google'))}`,
    );
    expect(cookieValue(tampered.headers['set-cookie'], 'session_token')).toBeUndefined();
  });
});

describe('identity: Google sign-in when not configured', () => {
  let testApp: IdentityTestApp;
  beforeAll(async () => {
    testApp = await startIdentityApp();
  });
  afterAll(() => testApp.close());

  it('answers 404 GOOGLE_SIGN_IN_DISABLED: the route does not exist on this server', async () => {
    const response = await testApp.http().get('/api/auth/google').expect(404);
    expect(response.body).toEqual({
      error: 'Google sign-in is not configured on this server.',
      code: 'GOOGLE_SIGN_IN_DISABLED',
    });
    await testApp.http().get('/api/auth/google?ref=ABC123').expect(404);
  });
});

describe('identity: Google sign-in when the provider is unreachable', () => {
  let testApp: IdentityTestApp;
  beforeAll(async () => {
    // Port 9 (discard) on loopback: nothing listens, the connection is refused at once.
    testApp = await startIdentityApp({
      GOOGLE_OIDC_ISSUER: 'http://127.0.0.1:9',
      GOOGLE_CLIENT_ID: CLIENT_ID,
      GOOGLE_CLIENT_SECRET: CLIENT_SECRET,
    });
  });
  afterAll(() => testApp.close());

  it('answers 503 with the spec message instead of a 500', async () => {
    const response = await testApp.http().get('/api/auth/google').expect(503);
    expect(response.body).toEqual({ error: AUTH_MESSAGES.providerFailed('Google'), code: 'OIDC_PROVIDER_UNAVAILABLE' });
  });
});
