import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { AUTH_MESSAGES } from '@app/contracts/identity';
import { startIdentityApp, type IdentityTestApp } from './support';

const CLIENT_ID = 'identity-test-client';
const CLIENT_SECRET = 'identity-test-secret-that-is-long-enough';
const REDIRECT_URI = 'http://localhost:3000/api/auth/google/callback';

/** Starts the real OpenID Connect provider in its own process; resolves with its issuer URL. */
function startProvider(): Promise<{ issuer: string; process: ChildProcess }> {
  const child = spawn(process.execPath, [join(__dirname, 'oidc', 'provider-server.mjs')], {
    env: { ...process.env, OIDC_CLIENT_ID: CLIENT_ID, OIDC_CLIENT_SECRET: CLIENT_SECRET, OIDC_REDIRECT_URI: REDIRECT_URI },
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
    if (/^\/interaction\/[^/]+$/.test(next.pathname) && !next.searchParams.has('login')) next.searchParams.set('login', account);
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
    testApp = await startIdentityApp({
      GOOGLE_OIDC_ISSUER: provider.issuer,
      GOOGLE_CLIENT_ID: CLIENT_ID,
      GOOGLE_CLIENT_SECRET: CLIENT_SECRET,
      GOOGLE_REDIRECT_URI: REDIRECT_URI,
      PUBLIC_APP_URL: 'http://localhost:4200',
    });
  }, 30_000);

  afterAll(async () => {
    await testApp?.close();
    provider?.process.kill('SIGTERM');
  });

  /** The whole round trip: API redirect, provider login and consent, callback to the API. */
  async function signInWithGoogle(account: string, tamper?: (callback: URL) => void) {
    const start = await testApp.http().get('/api/auth/google').expect(302);
    const authorization = new URL(start.headers.location);
    expect(authorization.origin).toBe(provider.issuer);
    expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
    const flowState = cookieValue(start.headers['set-cookie'], 'oidc_state');
    expect(flowState).toBe(authorization.searchParams.get('state'));
    const callback = await loginAtProvider(start.headers.location, account);
    tamper?.(callback);
    return testApp.http().get(`${callback.pathname}${callback.search}`).set('Cookie', `oidc_state=${flowState}`).expect(302);
  }

  it('creates an account on first sign-in, sets the session cookie and lands on /auth/callback', async () => {
    const finished = await signInWithGoogle('alice');
    expect(finished.headers.location).toBe('http://localhost:4200/auth/callback');
    const token = cookieValue(finished.headers['set-cookie'], 'session_token');
    expect(token).toBeDefined();
    const profile = await testApp.http().get('/api/auth/profile').set('Cookie', `session_token=${token}`).expect(200);
    expect(profile.body.user).toMatchObject({ email: 'alice@example.com', username: 'alice', display_name: 'Test alice', email_confirmed: true });
    expect(profile.body.user.referral_code).toMatch(/^[A-Z0-9]{6}$/);

    // The web app trades the cookie for a bearer token.
    const refreshed = await testApp.http().post('/api/auth/refresh').set('Cookie', `session_token=${token}`).expect(200);
    expect(refreshed.body.user.id).toBe(profile.body.user.id);

    const again = await signInWithGoogle('alice');
    const secondToken = cookieValue(again.headers['set-cookie'], 'session_token');
    const secondProfile = await testApp.http().get('/api/auth/profile').set('Authorization', `Bearer ${secondToken}`).expect(200);
    expect(secondProfile.body.user.id).toBe(profile.body.user.id);
  });

  it('links Google to an existing password account with the same verified e-mail', async () => {
    const signUp = await testApp.http().post('/api/auth/signup').send({ email: 'bob@example.com', password: 'long enough password', username: 'bob_password' }).expect(201);
    const finished = await signInWithGoogle('bob');
    const token = cookieValue(finished.headers['set-cookie'], 'session_token');
    const profile = await testApp.http().get('/api/auth/profile').set('Authorization', `Bearer ${token}`).expect(200);
    expect(profile.body.user.id).toBe(signUp.body.user.id);
  });

  it('refuses an unverified e-mail and a tampered state, sending the browser back to /auth with a message', async () => {
    const unverified = await signInWithGoogle('unverified_carol');
    expect(unverified.headers.location).toBe(`http://localhost:4200/auth?error=${encodeURIComponent('Your Google account has no verified e-mail address.')}`);
    expect(cookieValue(unverified.headers['set-cookie'], 'session_token')).toBeUndefined();

    const tampered = await signInWithGoogle('dave', (callback) => callback.searchParams.set('state', 'forged-state'));
    expect(tampered.headers.location).toBe(`http://localhost:4200/auth?error=${encodeURIComponent(AUTH_MESSAGES.providerFailed('Google'))}`);
    expect(cookieValue(tampered.headers['set-cookie'], 'session_token')).toBeUndefined();
  });
});

describe('identity: Google sign-in when not configured', () => {
  let testApp: IdentityTestApp;
  beforeAll(async () => {
    testApp = await startIdentityApp();
  });
  afterAll(() => testApp.close());

  it('answers 503 with a clear message', async () => {
    const response = await testApp.http().get('/api/auth/google').expect(503);
    expect(response.body).toEqual({ error: 'Google sign-in is not configured on this server.', code: 'OIDC_NOT_CONFIGURED' });
  });
});

describe('identity: Google sign-in when the provider is unreachable', () => {
  let testApp: IdentityTestApp;
  beforeAll(async () => {
    // Port 9 (discard) on loopback: nothing listens, the connection is refused at once.
    testApp = await startIdentityApp({ GOOGLE_OIDC_ISSUER: 'http://127.0.0.1:9', GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_CLIENT_SECRET: CLIENT_SECRET });
  });
  afterAll(() => testApp.close());

  it('answers 503 with the spec message instead of a 500', async () => {
    const response = await testApp.http().get('/api/auth/google').expect(503);
    expect(response.body).toEqual({ error: AUTH_MESSAGES.providerFailed('Google'), code: 'OIDC_PROVIDER_UNAVAILABLE' });
  });
});
