import fs from 'node:fs';
import { Controller, Get, Module } from '@nestjs/common';
import fc from 'fast-check';
import request from 'supertest';
import { Public } from '../../src/platform/http/public.decorator';
import { startTestApp, type TestApp } from './support/test-app';

/** A route that fails the way a bug does, to see what the log says about it. */
@Public()
@Controller('hardening-test')
class HardeningTestController {
  @Get('crash')
  crash() {
    return failDeepInside();
  }
}

function failDeepInside(): never {
  throw new Error('hardening test: an unexpected failure');
}

@Module({ controllers: [HardeningTestController] })
class HardeningTestModule {}

jest.setTimeout(120_000);

interface OpenApiOperation {
  parameters?: Array<{ name: string; in: string }>;
  requestBody?: { content?: Record<string, { schema?: unknown }> };
}

/** The strings PostgreSQL cannot store: a NUL anywhere, a high or a low surrogate without its pair. */
const unstorableText = fc
  .tuple(
    fc.string({ maxLength: 8 }),
    fc.constantFrom('\u0000', '\ud800', '\udc00', '\udbff', '\udfff'),
    fc.string({ maxLength: 8 }),
  )
  .map(([before, bad, after]) => `${before}${bad}${after}`)
  // A generated neighbour could pair a lone surrogate up again; keep only strings that really are unstorable.
  .filter(
    (text) =>
      text.includes('\u0000') || /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text),
  );

/** Percent-encodes a string as its UTF-16 code units would be written in WTF-8 (what a probe sends for `\ud800`). */
function percentEncodeCodeUnits(text: string): string {
  let encoded = '';
  for (const unit of text) {
    const code = unit.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff)
      encoded += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    else encoded += encodeURIComponent(unit);
  }
  return encoded;
}

/** A JSON body for an operation's schema where every string (and some keys) is `bad`. */
function bodyWith(schema: unknown, bad: string, components: Record<string, unknown>, depth = 0): unknown {
  const resolved = resolve(schema, components) as
    | { type?: string; properties?: Record<string, unknown>; items?: unknown; anyOf?: unknown[]; oneOf?: unknown[] }
    | undefined;
  if (!resolved || depth > 6) return bad;
  const variant = resolved.anyOf?.[0] ?? resolved.oneOf?.[0];
  if (variant) return bodyWith(variant, bad, components, depth + 1);
  if (resolved.type === 'object' || resolved.properties) {
    const body: Record<string, unknown> = {};
    for (const [key, property] of Object.entries(resolved.properties ?? {}))
      body[key] = bodyWith(property, bad, components, depth + 1);
    return body;
  }
  if (resolved.type === 'array') return [bodyWith(resolved.items, bad, components, depth + 1)];
  if (resolved.type === 'string') return bad;
  if (resolved.type === 'number' || resolved.type === 'integer') return 1;
  if (resolved.type === 'boolean') return true;
  return bad;
}

function resolve(schema: unknown, components: Record<string, unknown>): unknown {
  const reference = (schema as { $ref?: string } | undefined)?.$ref;
  if (!reference) return schema;
  return components[reference.replace('#/components/schemas/', '')];
}

describe('HTTP hardening (real app, fresh PostgreSQL database)', () => {
  let testApp: TestApp;
  let server: ReturnType<TestApp['app']['getHttpServer']>;
  let token: string;
  let written: string[] = [];
  let writeSpy: jest.SpyInstance;

  beforeAll(async () => {
    testApp = await startTestApp({
      database: 'postgres',
      extraModules: [HardeningTestModule],
      // `error` so that the log the test reads holds what an operator's would at that level; loopback is the proxy.
      configOverrides: { logLevel: 'error', trustProxy: ['loopback'] },
    });
    server = testApp.app.getHttpServer();
    const signUp = await request(server)
      .post('/api/auth/signup')
      .send({ email: 'hardening@example.com', password: 'correct-horse-battery-9', username: 'hardening_user' })
      .expect(201);
    token = signUp.body.token;
  }, 120_000);

  afterAll(async () => {
    writeSpy?.mockRestore();
    await testApp?.close();
  });

  beforeEach(() => {
    written = [];
    // pino writes its lines synchronously to file descriptor 1 (see LoggingModule).
    const original = fs.writeSync.bind(fs) as (...args: unknown[]) => number;
    writeSpy = jest.spyOn(fs, 'writeSync').mockImplementation(((
      descriptor: number,
      data: unknown,
      ...rest: unknown[]
    ) => {
      if (descriptor === 1) {
        written.push(String(data));
        return typeof data === 'string' ? Buffer.byteLength(data) : (data as Buffer).length;
      }
      return original(descriptor, data, ...rest);
    }) as typeof fs.writeSync);
  });

  afterEach(() => writeSpy.mockRestore());

  it('logs an unexpected error at error level with its stack and the request id its 500 names', async () => {
    const response = await request(server).get('/api/hardening-test/crash').expect(500);
    const requestId = response.body.details.request_id as string;
    expect(requestId).toBe(response.headers['x-request-id']);
    const lines = written
      .join('')
      .split('\n')
      .filter((line) => line.trim().length > 0)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const logged = lines.find(
      (line) => (line.err as { message?: string } | undefined)?.message === 'hardening test: an unexpected failure',
    );
    expect(logged).toBeDefined();
    expect(logged).toMatchObject({ level: 50, request_id: requestId, method: 'GET', url: '/api/hardening-test/crash' });
    expect((logged!.err as { stack: string }).stack).toContain('failDeepInside');
  });

  it('answers a path parameter over the length limit with 414 through the error filter, with a request id', async () => {
    const response = await request(server)
      .get(`/api/users/public/${'x'.repeat(101)}`)
      .expect(414);
    expect(response.body).toEqual({
      error: 'A path parameter is longer than the 100 characters allowed',
      code: 'URI_TOO_LONG',
    });
    expect(response.headers['x-request-id']).toEqual(expect.any(String));
    expect(response.headers['content-type']).toMatch(/^application\/json/);
  });

  it('sends the security headers on every answer, a CSP that lets the docs page load, HSTS only over TLS', async () => {
    for (const path of ['/api/health', '/api/nowhere', '/api/docs']) {
      const response = await request(server).get(path);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'self'");
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
    const docs = await request(server).get('/api/docs').expect(200);
    const csp = String(docs.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    // Every script and stylesheet of the page is our own file (no inline script the CSP would block).
    const sources = [...docs.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]);
    expect(sources.length).toBeGreaterThan(0);
    for (const source of sources) expect(source.startsWith('/api/docs')).toBe(true);
    expect(docs.text).not.toMatch(/<script>[^<]/);
    for (const source of sources) await request(server).get(source).expect(200);

    const overTls = await request(server).get('/api/health').set('X-Forwarded-Proto', 'https');
    expect(overTls.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('answers every token with Cache-Control: no-store', async () => {
    const signIn = await request(server)
      .post('/api/auth/signin')
      .send({ email: 'hardening@example.com', password: 'correct-horse-battery-9' })
      .expect(200);
    expect(signIn.headers['cache-control']).toBe('no-store');
    const refresh = await request(server)
      .post('/api/auth/refresh')
      .set('Authorization', `Bearer ${signIn.body.token}`)
      .expect(200);
    expect(refresh.headers['cache-control']).toBe('no-store');
    const demo = await request(server).post('/api/auth/demo/creator');
    if (demo.status === 200) expect(demo.headers['cache-control']).toBe('no-store');
    const signUp = await request(server)
      .post('/api/auth/signup')
      .send({ email: 'hardening2@example.com', password: 'correct-horse-battery-9', username: 'hardening_two' })
      .expect(201);
    expect(signUp.headers['cache-control']).toBe('no-store');
  });

  it('refuses a NUL or a lone surrogate in any body field, query or path parameter of every documented route with 400, never 500', async () => {
    const documentResponse = await request(server).get('/api/docs-json').expect(200);
    const document = documentResponse.body as {
      paths: Record<string, Record<string, OpenApiOperation>>;
      components?: { schemas?: Record<string, unknown> };
    };
    const components = document.components?.schemas ?? {};
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
        .map(([method, operation]) => ({ path, method, operation })),
    );
    // A URL cannot carry a lone surrogate, so such a request can run; the routes that end the session go last.
    const endsSession = (path: string) => path === '/api/auth/logout' || path === '/api/auth/refresh';
    operations.sort((first, second) => Number(endsSession(first.path)) - Number(endsSession(second.path)));
    expect(operations.length).toBeGreaterThan(50);
    const answers: string[] = [];

    for (const { path, method, operation } of operations) {
      const route = `${method.toUpperCase()} ${path}`;
      const pathParameters = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
      const queryParameters = (operation.parameters ?? [])
        .filter((parameter) => parameter.in === 'query')
        .map((parameter) => parameter.name);
      const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
      // Every place the route takes input from, each on its own request.
      const places = ['query', ...(pathParameters.length > 0 ? ['path'] : []), ...(bodySchema ? ['body'] : [])];

      const sendTo = async (place: string, bad: string): Promise<void> => {
        const url =
          place === 'path'
            ? path.replace(/\{[^}]+\}/g, () => percentEncodeCodeUnits(bad))
            : path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
        const query =
          place === 'query'
            ? (queryParameters.length > 0 ? queryParameters : ['q'])
                .map((name) => `${encodeURIComponent(name)}=${percentEncodeCodeUnits(bad)}`)
                .join('&')
            : '';
        let call = request(server)
          [method as 'get'](query ? `${url}?${query}` : url)
          .set('Authorization', `Bearer ${token}`);
        if (place === 'body') {
          const body = bodyWith(bodySchema, bad, components);
          // A schema without any string field still gets one, and a key, that PostgreSQL could not store.
          const sent =
            typeof body === 'object' && body !== null && !Array.isArray(body)
              ? { ...body, note: bad, [`key${bad}`]: 1 }
              : body;
          call = call.set('Content-Type', 'application/json').send(JSON.stringify(sent));
        }
        const response = await call;
        answers.push(`${response.status} ${route} (${place})`);
        // 503 is health's honest "not ready yet" on a fresh database; any other 5xx is a failure.
        expect({
          route,
          place,
          status: response.status < 500 || response.status === 503 ? 'not a server error' : response.status,
        }).toEqual({ route, place, status: 'not a server error' });
        // A URL cannot carry a lone surrogate: its percent-encoded bytes are not UTF-8, and decoding turns them
        // into U+FFFD (or the path into BAD_URL). A NUL survives decoding, and a JSON body carries either.
        if (place === 'body' || bad.includes('\u0000')) {
          expect({ route, place, status: response.status }).toEqual({ route, place, status: 400 });
          expect(response.body.code).toMatch(/^(VALIDATION_ERROR|BAD_URL)$/);
          if (response.body.code === 'VALIDATION_ERROR')
            expect(response.body.field_errors[0].message).toMatch(/NUL character/);
        }
      };

      await fc.assert(
        fc.asyncProperty(unstorableText, async (bad) => {
          for (const place of places) await sendTo(place, bad);
        }),
        { numRuns: 3, seed: 19 },
      );
    }
    expect(answers.some((answer) => answer.startsWith('500'))).toBe(false);
  });

  it('refuses such strings in nested fields and keys too, and lets a well-formed pair (an emoji) through', async () => {
    // The property test above may have signed the shared token out (logout runs when its URL decodes to U+FFFD).
    const signIn = await request(server)
      .post('/api/auth/signin')
      .send({ email: 'hardening@example.com', password: 'correct-horse-battery-9' })
      .expect(200);
    const token = signIn.body.token as string;
    const nested = await request(server)
      .put('/api/users/profile')
      .set('Authorization', `Bearer ${token}`)
      .send({ social_links: { ['tw\u0000itter']: 'x' } })
      .expect(400);
    expect(nested.body.code).toBe('VALIDATION_ERROR');
    const emoji = await request(server)
      .put('/api/users/profile')
      .set('Authorization', `Bearer ${token}`)
      .send({ bio: 'hello \ud83d\ude00' });
    expect(emoji.status).toBe(200);
  });
});
