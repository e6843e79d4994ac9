import { Injectable, Module, RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { DiscoveryService, HttpAdapterHost, ModulesContainer, Reflector } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { GLOBAL_PREFIX, UNPREFIXED_ROUTES } from '../../src/platform/bootstrap';
import { DOCS_ASSETS_PATH } from '../../src/platform/docs/docs.controller';
import { ADMIN_ONLY_KEY, IS_PUBLIC_KEY } from '../../src/platform/http/public.decorator';
import { signUp, startIdentityApp, type IdentityTestApp } from './support';

/**
 * Every route Fastify serves, as it is added. Providers are created before `app.init()` registers the routes, so
 * this hook sees all of them.
 */
@Injectable()
class ServedRoutes {
  readonly routes: { method: string; path: string }[] = [];

  constructor(adapterHost: HttpAdapterHost) {
    const fastify = adapterHost.httpAdapter.getInstance<FastifyInstance>();
    fastify.addHook('onRoute', (route) => {
      for (const method of ([] as string[]).concat(route.method))
        this.routes.push({ method: method.toLowerCase(), path: route.url });
    });
  }
}

@Module({ providers: [ServedRoutes] })
class ServedRoutesModule {}

interface RouteAccess {
  method: string;
  path: string;
  isPublic: boolean;
  adminOnly: boolean;
}

const joinPath = (...parts: string[]) =>
  `/${parts
    .map((part) => part.replace(/^\/+|\/+$/g, ''))
    .filter(Boolean)
    .join('/')}`;

/** The served path of a handler: under the global prefix, except the routes bootstrap excludes from it (spec 3 §7). */
function servedPath(bare: string): string {
  const unprefixed = UNPREFIXED_ROUTES.some(({ path }) => {
    const pattern = `/${path}`;
    return pattern.endsWith('/{*rest}') ? bare.startsWith(pattern.slice(0, -'{*rest}'.length)) : bare === pattern;
  });
  return unprefixed ? bare : joinPath(GLOBAL_PREFIX, bare);
}

/** Every handler Nest knows, with the access metadata the global guard reads. */
function routesFromMetadata(testApp: IdentityTestApp): RouteAccess[] {
  const discovery = new DiscoveryService(testApp.app.get(ModulesContainer));
  const reflector = testApp.app.get(Reflector);
  const routes: RouteAccess[] = [];
  for (const wrapper of discovery.getControllers()) {
    const controller = wrapper.metatype as (new (...args: never[]) => unknown) | undefined;
    if (!controller || !wrapper.instance) continue;
    const controllerPaths = ([] as string[]).concat(Reflect.getMetadata(PATH_METADATA, controller) ?? '');
    const prototype = Object.getPrototypeOf(wrapper.instance);
    for (const name of Object.getOwnPropertyNames(prototype)) {
      const handler = prototype[name];
      if (typeof handler !== 'function' || name === 'constructor') continue;
      const requestMethod = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
      if (requestMethod === undefined) continue;
      const handlerPaths = ([] as string[]).concat(Reflect.getMetadata(PATH_METADATA, handler) ?? '');
      const isPublic = reflector.getAllAndOverride<boolean>(IS_PUBLIC_KEY, [handler, controller]) === true;
      const adminOnly = reflector.getAllAndOverride<boolean>(ADMIN_ONLY_KEY, [handler, controller]) === true;
      for (const controllerPath of controllerPaths) {
        for (const handlerPath of handlerPaths) {
          routes.push({
            method: RequestMethod[requestMethod].toLowerCase(),
            path: servedPath(joinPath(controllerPath, handlerPath)),
            isPublic,
            adminOnly,
          });
        }
      }
    }
  }
  return routes;
}

/**
 * Every route the application serves, less what is not a handler of ours: the HEAD twin Fastify adds to each GET,
 * CORS preflights, and the docs' static files (public files served by @fastify/static, no guard involved).
 */
function routesServed(testApp: IdentityTestApp): { method: string; path: string }[] {
  return testApp.app
    .get(ServedRoutes)
    .routes.filter(
      (route) => route.method !== 'head' && route.method !== 'options' && !route.path.startsWith(DOCS_ASSETS_PATH),
    );
}

/** A concrete URL: ids become a UUID nobody owns, other parameters a harmless word. */
const concrete = (path: string) =>
  path.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) =>
    /id$/i.test(name) ? '00000000-0000-4000-8000-000000000000' : 'someone',
  );

describe('identity: the one global guard, walked over every registered route', () => {
  let testApp: IdentityTestApp;
  let routes: RouteAccess[];
  let memberToken: string;
  let revokedToken: string;

  beforeAll(async () => {
    testApp = await startIdentityApp({}, [ServedRoutesModule]);
    routes = routesFromMetadata(testApp);
    memberToken = (await signUp(testApp)).token;
    revokedToken = (await signUp(testApp)).token;
    await testApp.http().post('/api/auth/logout').set('Authorization', `Bearer ${revokedToken}`).expect(200);
  });
  afterAll(() => testApp.close());

  const call = (route: { method: string; path: string }, token?: string) => {
    const agent = testApp.http();
    const pending = (agent as unknown as Record<string, (url: string) => import('supertest').Test>)[route.method](
      concrete(route.path),
    );
    if (token) pending.set('Authorization', `Bearer ${token}`);
    return route.method === 'get' || route.method === 'delete' ? pending : pending.send({});
  };

  it('sees every served route in the metadata and the identity routes it expects', () => {
    const known = new Set(routes.map((route) => `${route.method} ${route.path}`));
    const served = routesServed(testApp);
    expect(served.length).toBeGreaterThan(10);
    for (const route of served) expect(known).toContain(`${route.method} ${route.path}`);
    const protectedRoutes = routes.filter((route) => !route.isPublic).map((route) => `${route.method} ${route.path}`);
    expect(protectedRoutes).toEqual(
      expect.arrayContaining([
        'get /api/auth/profile',
        'post /api/auth/refresh',
        'put /api/users/profile',
        'post /api/images/upload',
        'post /api/upload/image',
      ]),
    );
  });

  it('answers 401 without a token, and 401 with a revoked token, on every route not marked @Public()', async () => {
    const failures: string[] = [];
    for (const route of routes.filter((candidate) => !candidate.isPublic || candidate.adminOnly)) {
      const anonymous = await call(route);
      if (anonymous.status !== 401) failures.push(`${route.method} ${route.path} without a token: ${anonymous.status}`);
      const revoked = await call(route, revokedToken);
      if (revoked.status !== 401)
        failures.push(`${route.method} ${route.path} with a revoked token: ${revoked.status}`);
    }
    expect(failures).toEqual([]);
  });

  it('never answers 401 on a @Public() route', async () => {
    const failures: string[] = [];
    for (const route of routes.filter((candidate) => candidate.isPublic && !candidate.adminOnly)) {
      const anonymous = await call(route);
      if (anonymous.status === 401) failures.push(`${route.method} ${route.path}: 401`);
    }
    expect(failures).toEqual([]);
  });

  it('answers 403 to a signed-in non-admin on every @AdminOnly() route', async () => {
    const failures: string[] = [];
    for (const route of routes.filter((candidate) => candidate.adminOnly)) {
      const response = await call(route, memberToken);
      if (response.status !== 403) failures.push(`${route.method} ${route.path}: ${response.status}`);
    }
    expect(failures).toEqual([]);
  });

  it("gives another user's (or nobody's) resource 403 or 404 on every protected route with a path parameter", async () => {
    const failures: string[] = [];
    for (const route of routes.filter(
      (candidate) => !candidate.isPublic && !candidate.adminOnly && candidate.path.includes(':'),
    )) {
      const response = await call(route, memberToken);
      if (![400, 403, 404, 422].includes(response.status))
        failures.push(`${route.method} ${route.path}: ${response.status}`);
    }
    expect(failures).toEqual([]);
  });

  it('documents the identity routes in the OpenAPI document', async () => {
    const document = await testApp.http().get('/api/docs-json').expect(200);
    expect(Object.keys(document.body.paths)).toEqual(
      expect.arrayContaining([
        '/api/auth/signup',
        '/api/auth/signin',
        '/api/auth/demo/{persona}',
        '/api/users/profile',
        '/api/users/public/{username}',
        '/api/images/upload',
      ]),
    );
  });

  it('lets a user change only their own profile: the target is the session, never the request', async () => {
    const owner = await signUp(testApp);
    const other = await signUp(testApp);
    await testApp
      .http()
      .put('/api/users/profile')
      .set('Authorization', `Bearer ${other.token}`)
      .send({ bio: 'mine', id: owner.user.id, user_id: owner.user.id })
      .expect(200);
    const ownerProfile = await testApp.http().get(`/api/users/public/id/${owner.user.id}`).expect(200);
    expect(ownerProfile.body.user.bio).toBeNull();
    const otherProfile = await testApp.http().get(`/api/users/public/id/${other.user.id}`).expect(200);
    expect(otherProfile.body.user.bio).toBe('mine');
  });

  it('lets an administrator through @AdminOnly() routes once GrantAdminRoleCommand grants the role', async () => {
    const { CommandBus } = await import('@nestjs/cqrs');
    const { GrantAdminRoleCommand } = await import('../../src/modules/identity');
    const admin = await signUp(testApp);
    await testApp.app.get(CommandBus).execute(new GrantAdminRoleCommand(admin.user.id, 'test'));
    const profile = await testApp
      .http()
      .get('/api/auth/profile')
      .set('Authorization', `Bearer ${admin.token}`)
      .expect(200);
    expect(profile.body.user.is_admin).toBe(true);
    const adminRoutes = routes.filter(
      (route) => route.adminOnly && route.method === 'get' && !route.path.includes(':'),
    );
    for (const route of adminRoutes) {
      const response = await call(route, admin.token);
      expect([200, 204]).toContain(response.status);
    }
  });
});

describe('identity: the read model equals a fresh fold of the events', () => {
  let testApp: IdentityTestApp;
  beforeAll(async () => {
    testApp = await startIdentityApp();
  });
  afterAll(() => testApp.close());

  it('verifies users and sessions after sign-ups, edits, refreshes, logouts and role changes', async () => {
    const { CommandBus } = await import('@nestjs/cqrs');
    const { GrantAdminRoleCommand } = await import('../../src/modules/identity');
    const admin = await signUp(testApp, { email: 'ops@example.com' });
    await testApp.app.get(CommandBus).execute(new GrantAdminRoleCommand(admin.user.id, 'test'));
    const member = await signUp(testApp);
    await testApp
      .http()
      .put('/api/users/profile')
      .set('Authorization', `Bearer ${member.token}`)
      .send({ bio: 'b', social_links: { twitter: 't' }, username: `${member.username}_x` })
      .expect(200);
    const refreshed = await testApp
      .http()
      .post('/api/auth/refresh')
      .set('Authorization', `Bearer ${member.token}`)
      .expect(200);
    await testApp.http().post('/api/auth/logout').set('Authorization', `Bearer ${refreshed.body.token}`).expect(200);
    await testApp.http().post('/api/auth/demo/creator').expect(200);

    const stranger = await signUp(testApp);
    await testApp.http().get('/api/admin/identity/verify').set('Authorization', `Bearer ${stranger.token}`).expect(403);
    const report = await testApp
      .http()
      .get('/api/admin/identity/verify')
      .set('Authorization', `Bearer ${admin.token}`)
      .expect(200);
    expect(report.body.mismatches).toEqual([]);
    expect(report.body.usersChecked).toBeGreaterThanOrEqual(5);
    expect(report.body.sessionsChecked).toBeGreaterThanOrEqual(4);
  });
});
