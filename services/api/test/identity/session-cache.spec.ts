import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { processesOnOneDatabase } from '../platform/support/test-app';
import { SessionCache } from '../../src/modules/identity/infrastructure/session-cache';

jest.setTimeout(60_000);

type Row = { user_id: string; name: string };
const embedded = () => new SessionCache<Row>({ kind: 'pglite', connectionString: '' });

describe('SessionCache', () => {
  it('answers a second lookup of a token from memory, and reads again once its user is forgotten', async () => {
    const cache = embedded();
    let reads = 0;
    const load = async () => ({ user_id: 'u1', name: `read ${(reads += 1)}` });
    expect(await cache.lookup('t1', load)).toEqual({ user_id: 'u1', name: 'read 1' });
    expect(await cache.lookup('t1', load)).toEqual({ user_id: 'u1', name: 'read 1' });
    expect(reads).toBe(1);
    cache.forgetUsers(['someone else']);
    expect(await cache.lookup('t1', load)).toEqual({ user_id: 'u1', name: 'read 1' });
    cache.forgetUsers(['u1']);
    expect(await cache.lookup('t1', load)).toEqual({ user_id: 'u1', name: 'read 2' });
    expect(reads).toBe(2);
  });

  it('does not store a row read while its user was being forgotten (it may be the row from before the change)', async () => {
    const cache = embedded();
    let release!: () => void;
    const slowRead = cache.lookup(
      't1',
      () => new Promise<Row>((resolve) => (release = () => resolve({ user_id: 'u1', name: 'before' }))),
    );
    cache.forgetUsers(['u1']);
    release();
    expect(await slowRead).toEqual({ user_id: 'u1', name: 'before' });
    expect(cache.size).toBe(0);
    expect(await cache.lookup('t1', async () => ({ user_id: 'u1', name: 'after' }))).toEqual({
      user_id: 'u1',
      name: 'after',
    });
  });

  it('holds at most 50,000 sessions, dropping the oldest first', async () => {
    const cache = embedded();
    for (let index = 0; index <= 50_000; index += 1) {
      await cache.lookup(`t${index}`, async () => ({ user_id: `u${index}`, name: 'first read' }));
    }
    expect(cache.size).toBe(50_000);
    expect(await cache.lookup('t0', async () => ({ user_id: 'u0', name: 'read again' }))).toEqual({
      user_id: 'u0',
      name: 'read again',
    });
    expect(await cache.lookup('t50000', async () => ({ user_id: 'u50000', name: 'read again' }))).toEqual({
      user_id: 'u50000',
      name: 'first read',
    });
  });

  it('never caches an unknown token', async () => {
    const cache = embedded();
    let reads = 0;
    const load = async () => {
      reads += 1;
      return undefined;
    };
    await cache.lookup('nobody', load);
    await cache.lookup('nobody', load);
    expect(reads).toBe(2);
    expect(cache.size).toBe(0);
  });
});

/** Two API processes (PROCESS_ROLE=http) on one PostgreSQL database, as behind a load balancer. */
describe('session caches across processes', () => {
  let processes: Awaited<ReturnType<typeof processesOnOneDatabase>>;
  const start = () => processes.start('http');
  const profile = (app: INestApplication, token: string) =>
    request(app.getHttpServer()).get('/api/auth/profile').set('authorization', `Bearer ${token}`);
  const signUp = async (app: INestApplication, name: string) => {
    const signup = await request(app.getHttpServer())
      .post('/api/auth/signup')
      .send({ email: `${name}@example.com`, password: 'correct horse battery', username: `${name}_user` })
      .expect(201);
    return signup.body.token as string;
  };
  /** Calls an authenticated route on `app` until its cache holds the session (its LISTEN comes up in the background). */
  const cachedIn = async (app: INestApplication, token: string) => {
    const cache = app.get(SessionCache);
    await eventually('the session is cached', async () => {
      await profile(app, token).expect(200);
      return cache.size > 0;
    });
    return cache;
  };
  const eventually = async (what: string, check: () => Promise<boolean>) => {
    const deadline = Date.now() + 10_000;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`Timed out waiting until ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  beforeAll(async () => {
    processes = await processesOnOneDatabase('api_session_cache');
  });
  afterAll(() => processes.close());

  it('a sign-out in one process is refused by the other, which had the session cached', async () => {
    const [first, second] = [await start(), await start()];
    const token = await signUp(first, 'cache');
    const secondCache = await cachedIn(second, token);
    expect(secondCache.size).toBe(1);
    await profile(second, token).expect(200);

    await request(first.getHttpServer()).post('/api/auth/logout').set('authorization', `Bearer ${token}`).expect(200);
    // The same process refuses at once; the other as soon as the NOTIFY of the commit arrives.
    await profile(first, token).expect(401);
    await eventually(
      'the second process refuses the signed-out token',
      async () => (await profile(second, token)).status === 401,
    );
    expect(secondCache.size).toBe(1); // the revoked row, read again: a revoked session never comes back
  });

  it('caches nothing while its LISTEN connection is lost, and again once it is back', async () => {
    const app = await start();
    const token = await signUp(app, 'listen');
    const cache = await cachedIn(app, token);

    const killed = await processes.database.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query = 'LISTEN identity_changed'`,
    );
    expect(killed.rowCount).toBeGreaterThan(0);
    await eventually('the cache is dropped', async () => cache.size === 0);
    await profile(app, token).expect(200);
    await eventually('caching resumes after the reconnect', async () => {
      await profile(app, token).expect(200);
      return cache.size > 0;
    });
  });
});
