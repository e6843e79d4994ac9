import { Body, Controller, Get, Module, OnModuleInit, Inject, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { GrantAdminRoleCommand } from '../../src/modules/identity';
import SwaggerParser from '@apidevtools/swagger-parser';
import request from 'supertest';
import { z } from 'zod';
import { WrongExpectedVersionError } from '@app/event-store';
import { unprocessable } from '../../src/platform/http/api-error';
import { Public } from '../../src/platform/http/public.decorator';
import { ZodValidationPipe } from '../../src/platform/http/zod-validation';
import { JOB_QUEUE, type JobQueue } from '../../src/platform/jobs/job-queue.port';
import { startTestApp, type TestApp } from './support/test-app';

const TransferRequest = z.object({
  recipient: z.string().min(3),
  amountMinor: z.string().regex(/^\d+$/, 'must be a whole number of minor units'),
});

/** Test-only routes that fail in each of the ways the filter must translate. */
@Public()
@Controller('platform-test')
class PlatformTestController {
  @Post('transfers')
  transfer(@Body(new ZodValidationPipe(TransferRequest)) body: z.infer<typeof TransferRequest>) {
    return { accepted: body };
  }

  @Post('parse-inside')
  parseInside(@Body() body: unknown) {
    return TransferRequest.parse(body);
  }

  @Get('refused')
  refused() {
    throw unprocessable('BALANCE_MUST_COVER_AMOUNT', 'Insufficient balance', { availableMinor: '0' });
  }

  @Get('conflict')
  conflict() {
    throw new WrongExpectedVersionError('account-1', 3n, 4n);
  }

  @Get('crash')
  crash() {
    throw new Error('connection string postgres://secret@db leaked?');
  }
}

/** Registers a job that always fails, to see it in the admin list. */
@Module({ controllers: [PlatformTestController] })
class PlatformTestModule implements OnModuleInit {
  constructor(@Inject(JOB_QUEUE) private readonly queue: JobQueue) {}
  onModuleInit() {
    this.queue.registerHandler('platform-test.always-fails', async () => {
      throw new Error('always fails');
    });
  }
}

jest.setTimeout(60_000);

describe('HTTP platform on PostgreSQL (real app, fresh database)', () => {
  let testApp: TestApp;
  let server: ReturnType<TestApp['app']['getHttpServer']>;

  let adminToken: string;
  let memberToken: string;

  beforeAll(async () => {
    testApp = await startTestApp({ database: 'postgres', extraModules: [PlatformTestModule] });
    server = testApp.app.getHttpServer();
    adminToken = await signUp('ops@platform-test.example', 'platform_ops');
    // Identity's guard honours @AdminOnly(): the operator is granted the role (as `npm run admin -- grant` does).
    const operator = await request(server)
      .get('/api/auth/profile')
      .set('Authorization', `Bearer ${adminToken}`)
      .expect(200);
    await testApp.app.get(CommandBus).execute(new GrantAdminRoleCommand(operator.body.user.id, 'platform test'));
    memberToken = await signUp('member@platform-test.example', 'platform_member');
  }, 60_000);

  async function signUp(email: string, username: string): Promise<string> {
    const response = await request(server)
      .post('/api/auth/signup')
      .send({ email, password: 'correct-horse-battery-9', username });
    if (response.status >= 300) throw new Error(`sign-up failed: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body.token as string;
  }
  afterAll(() => testApp?.close());

  it('answers a malformed JSON body with 400 MALFORMED_JSON, and a request id', async () => {
    const response = await request(server)
      .post('/api/platform-test/transfers')
      .set('Content-Type', 'application/json')
      .send('{"recipient": ');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'The request body is not valid JSON', code: 'MALFORMED_JSON' });
    expect(response.headers['x-request-id']).toMatch(/.+/);
  });

  it('answers an unknown route with a 404 in the error shape', async () => {
    const response = await request(server).get('/api/no/such/route');
    expect(response.status).toBe(404);
    expect(response.headers['content-type']).toMatch(/json/);
    expect(response.body).toEqual({ error: 'Cannot GET /api/no/such/route', code: 'NOT_FOUND' });
  });

  it('answers invalid input with 400 VALIDATION_ERROR and one field error per field', async () => {
    const response = await request(server)
      .post('/api/platform-test/transfers')
      .send({ recipient: 'ab', amountMinor: '1.5' });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('VALIDATION_ERROR');
    expect(response.body.field_errors).toEqual([
      { field: 'recipient', message: expect.any(String) },
      { field: 'amountMinor', message: 'must be a whole number of minor units' },
    ]);
  });

  it('maps a zod error thrown inside a handler to 400 too', async () => {
    const response = await request(server).post('/api/platform-test/parse-inside').send({ recipient: 'alice' });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'VALIDATION_ERROR', field_errors: [{ field: 'amountMinor' }] });
  });

  it('passes valid input through, parsed', async () => {
    const response = await request(server)
      .post('/api/platform-test/transfers')
      .send({ recipient: 'alice', amountMinor: '250' });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ accepted: { recipient: 'alice', amountMinor: '250' } });
  });

  it('answers a refusal with its status, code and details', async () => {
    const response = await request(server).get('/api/platform-test/refused');
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      error: 'Insufficient balance',
      code: 'BALANCE_MUST_COVER_AMOUNT',
      details: { availableMinor: '0' },
    });
  });

  it('answers a concurrency conflict that escaped retries with 409', async () => {
    const response = await request(server).get('/api/platform-test/conflict');
    expect(response.status).toBe(409);
    expect(response.body.code).toBe('CONCURRENT_MODIFICATION');
  });

  it('answers an unexpected error with a bare 500 that leaks nothing', async () => {
    const response = await request(server).get('/api/platform-test/crash');
    expect(response.status).toBe(500);
    expect(response.body).toEqual({
      error: 'Internal server error',
      code: 'INTERNAL_ERROR',
      details: { request_id: response.headers['x-request-id'] },
    });
    expect(JSON.stringify(response.body)).not.toContain('secret');
  });

  it('answers a body over the limit with 413', async () => {
    const response = await request(server)
      .post('/api/platform-test/transfers')
      .send({ recipient: 'x'.repeat(2 * 1024 * 1024), amountMinor: '1' });
    expect(response.status).toBe(413);
    expect(response.body.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('treats an empty body sent as JSON, and a body of another type, as no body: the route validates it', async () => {
    const empty = await request(server)
      .post('/api/platform-test/transfers')
      .set('Content-Type', 'application/json')
      .send('');
    expect(empty.status).toBe(400);
    expect(empty.body.code).toBe('VALIDATION_ERROR');
    const text = await request(server)
      .post('/api/platform-test/transfers')
      .set('Content-Type', 'text/plain')
      .send('recipient=alice');
    expect(text.status).toBe(400);
    expect(text.body.code).toBe('VALIDATION_ERROR');
  });

  it('answers a path with a trailing slash like the path without it', async () => {
    const response = await request(server)
      .post('/api/platform-test/transfers/')
      .send({ recipient: 'alice', amountMinor: '7' });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ accepted: { recipient: 'alice', amountMinor: '7' } });
  });

  it('refuses a JSON body that tries to set __proto__, as malformed', async () => {
    const response = await request(server)
      .post('/api/platform-test/transfers')
      .set('Content-Type', 'application/json')
      .send('{"recipient": "alice", "amountMinor": "1", "__proto__": {"isAdmin": true}}');
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('MALFORMED_JSON');
  });

  it('lets a remote on another origin edit and delete across origins (CORS preflight), and no other origin', async () => {
    const preflight = await request(server)
      .options('/api/users/profile')
      .set('Origin', 'http://localhost:4201')
      .set('Access-Control-Request-Method', 'PUT')
      .set('Access-Control-Request-Headers', 'content-type,authorization');
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('http://localhost:4201');
    expect(preflight.headers['access-control-allow-credentials']).toBe('true');
    expect(String(preflight.headers['access-control-allow-methods']).split(/,\s*/)).toEqual(
      expect.arrayContaining(['PUT', 'PATCH', 'DELETE']),
    );
    expect(String(preflight.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');
    const stranger = await request(server).get('/api/health').set('Origin', 'https://evil.example');
    expect(stranger.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('keeps a request id the caller sent', async () => {
    const response = await request(server).get('/api/health').set('x-request-id', 'trace-123');
    expect(response.headers['x-request-id']).toBe('trace-123');
  });

  it('reports health 200 with the database kind, the queue and the projections', async () => {
    const response = await request(server).get('/api/health');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      status: 'ok',
      database: { status: 'up', kind: 'postgres' },
      queue: { status: 'up', kind: 'in_process', failedJobs: 0 },
      projections: { head: { transactionId: expect.any(String), position: expect.any(String) } },
    });
    // Whatever the contexts registered, each projection reports a checkpoint, a lag and a healthy status.
    for (const item of response.body.projections.items) {
      expect(item).toMatchObject({
        name: expect.any(String),
        version: expect.any(Number),
        lagEvents: expect.any(Number),
      });
      expect(item.status).not.toBe('failed');
    }
  });

  it('serves a valid OpenAPI 3 document generated from the contracts', async () => {
    const response = await request(server).get('/api/docs-json');
    expect(response.status).toBe(200);
    const document = await SwaggerParser.validate(structuredClone(response.body));
    expect(document).toHaveProperty('openapi', '3.0.3');
    expect(response.body.paths['/api/health'].get).toBeDefined();
    expect(response.body.paths['/api/admin/jobs/failed'].get).toBeDefined();
    expect(response.body.components.schemas.ApiError).toBeDefined();
  });

  it('serves the docs page and its assets from the API itself', async () => {
    const page = await request(server).get('/api/docs');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const scripts = [...page.text.matchAll(/src="([^"]+)"/g)].map((match) => match[1]);
    expect(scripts.length).toBeGreaterThanOrEqual(3);
    for (const script of scripts) {
      const asset = await request(server).get(script);
      expect(asset.status).toBe(200);
      expect(asset.headers['content-type']).toMatch(/javascript/);
    }
  });

  it('keeps a job that used up its attempts and lists it for operators', async () => {
    const queue = testApp.app.get<JobQueue>(JOB_QUEUE);
    await queue.enqueue(
      'platform-test.always-fails',
      { n: 1 },
      { jobId: 'always-fails-1', attempts: 2, backoff: { type: 'fixed', delayMs: 10 } },
    );
    await waitFor(async () => (await queue.failedCount()) === 1);
    expect((await request(server).get('/api/admin/jobs/failed')).status).toBe(401);
    expect(
      (await request(server).get('/api/admin/jobs/failed').set('Authorization', `Bearer ${memberToken}`)).status,
    ).toBe(403);
    const failed = await request(server).get('/api/admin/jobs/failed').set('Authorization', `Bearer ${adminToken}`);
    expect(failed.status).toBe(200);
    expect(failed.body.items).toEqual([
      expect.objectContaining({
        id: 'always-fails-1',
        name: 'platform-test.always-fails',
        payload: { n: 1 },
        attemptsMade: 2,
        failedReason: 'always fails',
      }),
    ]);
    const health = await request(server).get('/api/health');
    expect(health.body.queue.failedJobs).toBe(1);
    const missing = await request(server)
      .post('/api/admin/jobs/failed/nope/retry')
      .set('Authorization', `Bearer ${adminToken}`);
    expect(missing.status).toBe(404);
    const retried = await request(server)
      .post('/api/admin/jobs/failed/always-fails-1/retry')
      .set('Authorization', `Bearer ${adminToken}`);
    expect(retried.status).toBe(202);
    // It fails again (the handler always does) and is kept again: never dropped.
    await waitFor(async () => (await queue.failedCount()) === 1 && (await queue.listFailed())[0].attemptsMade === 2);
  });

  it('lists projections and rebuilds one on an operator’s request, with progress', async () => {
    const listed = await request(server).get('/api/admin/projections').set('Authorization', `Bearer ${adminToken}`);
    expect(listed.status).toBe(200);
    expect(listed.body.items.length).toBeGreaterThan(0);
    const name = listed.body.items[0].name as string;
    const started = await request(server)
      .post(`/api/admin/projections/${name}/rebuild`)
      .set('Authorization', `Bearer ${adminToken}`);
    expect(started.status).toBe(202);
    expect(started.body).toEqual({ name, started: true });
    await waitFor(async () => {
      const response = await request(server).get('/api/admin/projections').set('Authorization', `Bearer ${adminToken}`);
      const entry = response.body.items.find((item: { name: string }) => item.name === name);
      return entry.lastRebuild?.status === 'completed';
    });
    const unknown = await request(server)
      .post('/api/admin/projections/no_such_projection/rebuild')
      .set('Authorization', `Bearer ${adminToken}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('PROJECTION_NOT_FOUND');
  });
});

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 50_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('Timed out waiting for a condition');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
