import { CommandBus } from '@nestjs/cqrs';
import request from 'supertest';
import { GrantAdminRoleCommand } from '../../src/modules/identity';
import { HealthService } from '../../src/platform/health/health.service';
import { JOB_QUEUE, type JobQueue } from '../../src/platform/jobs/job-queue.port';
import { signUp, type IdentityTestApp } from '../identity/support';
import { startTestApp, type TestApp } from './support/test-app';

jest.setTimeout(120_000);

const METRICS_TOKEN = 'metrics-token-for-the-test-0123456789';

/** One sample's value from Prometheus text, matching the metric name and every given label; undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const labelText = line.slice(name.length).match(/^\{(.*)\}/)?.[1] ?? '';
    const parsed = Object.fromEntries(
      [...labelText.matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((match) => [match[1], match[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => parsed[key] === value))
      return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

describe('GET /api/metrics and the health probes', () => {
  let testApp: TestApp;
  const http = () => request(testApp.app.getHttpServer());
  const scrape = async () =>
    (await http().get('/api/metrics').set('Authorization', `Bearer ${METRICS_TOKEN}`).expect(200)).text;

  beforeAll(async () => {
    testApp = await startTestApp({ database: 'postgres', configOverrides: { metricsToken: METRICS_TOKEN } });
  });
  afterAll(() => testApp?.close());

  it('refuses anyone without the scraper token or an administrator session', async () => {
    expect((await http().get('/api/metrics')).status).toBe(403);
    const wrong = await http().get('/api/metrics').set('Authorization', 'Bearer not-the-metrics-token-at-all');
    expect(wrong.status).toBe(403);
    expect(wrong.body).toMatchObject({ code: 'METRICS_TOKEN_REQUIRED' });
    const user = await signUp({ app: testApp.app, http } as unknown as IdentityTestApp);
    const asUser = await http().get('/api/metrics').set('Authorization', `Bearer ${user.token}`);
    expect(asUser.status).toBe(403);
    expect(asUser.body).toMatchObject({ code: 'ADMIN_REQUIRED' });
    await testApp.app.get(CommandBus).execute(new GrantAdminRoleCommand(user.user.id, 'metrics test'));
    const asAdmin = await http().get('/api/metrics').set('Authorization', `Bearer ${user.token}`).expect(200);
    expect(asAdmin.headers['content-type']).toContain('text/plain');
  });

  it('names every family with its labels, counts issuance, and moves the HTTP histogram under load', async () => {
    const before = await scrape();
    const route = { method: 'GET', route: '/api/health/live', status_code: '200' };
    const countBefore = sample(before, 'http_request_duration_seconds_count', route) ?? 0;

    // A sign-up opens the user's ledger accounts: 25 points and a key out of issuance (ACCOUNT_OPENING).
    await signUp({ app: testApp.app, http } as unknown as IdentityTestApp);
    // A job that has no handler fails at once (one attempt) and stays in the failed list.
    const queue = testApp.app.get<JobQueue>(JOB_QUEUE);
    await queue.enqueue('metrics-test.unhandled', {}, { jobId: 'metrics-test-1', attempts: 1 });
    await Promise.all(Array.from({ length: 60 }, () => http().get('/api/health/live').expect(200)));
    const deadline = Date.now() + 10_000;
    while ((await queue.failedCount()) === 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));

    const after = await scrape();
    expect(sample(after, 'http_request_duration_seconds_count', route)! - countBefore).toBeGreaterThanOrEqual(60);
    expect(sample(after, 'http_request_duration_seconds_bucket', { ...route, le: '+Inf' })).toBe(
      sample(after, 'http_request_duration_seconds_count', route),
    );
    // Routes are labelled by their template, never by the raw URL.
    expect(
      sample(after, 'http_request_duration_seconds_count', { route: '/api/auth/signup', status_code: '201' }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(after, 'event_store_operation_duration_seconds_count', { operation: 'append', outcome: 'ok' }),
    ).toBeGreaterThan(0);
    expect(
      sample(after, 'event_store_operation_duration_seconds_count', { operation: 'read_all', outcome: 'ok' }),
    ).toBeGreaterThan(0);
    expect(sample(after, 'ledger_transactions_total', { reason: 'ACCOUNT_OPENING' })).toBeGreaterThanOrEqual(2);
    expect(sample(after, 'ledger_postings_total', { reason: 'ACCOUNT_OPENING' })).toBeGreaterThanOrEqual(4);
    // 25 points (scale 1: 250 minor) per opened account.
    expect(
      sample(after, 'ledger_issuance_minor_total', { currency: 'points', reason: 'ACCOUNT_OPENING' }),
    ).toBeGreaterThanOrEqual(2 * 250);
    expect(sample(after, 'projection_lag_events', { projection: 'ledger_balances' })).toBeGreaterThanOrEqual(0);
    expect(sample(after, 'projection_lag_seconds', { projection: 'ledger_balances' })).toBeGreaterThanOrEqual(0);
    expect(sample(after, 'job_queue_jobs', { job: 'metrics-test.unhandled', state: 'failed' })).toBe(1);
    expect(sample(after, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sample(after, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(after).toMatch(/^# TYPE http_request_duration_seconds histogram$/m);
  });

  it('answers liveness and readiness apart, and is not ready once shutdown begins', async () => {
    expect((await http().get('/api/health/live').expect(200)).body).toMatchObject({ status: 'alive' });
    const ready = await http().get('/api/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({ status: 'ready', reasons: [] });
    // Nest calls this first when the application closes; the HTTP server is still answering then.
    testApp.app.get(HealthService).onModuleDestroy();
    const draining = await http().get('/api/health/ready');
    expect(draining.status).toBe(503);
    expect(draining.body).toMatchObject({ status: 'not_ready', reasons: ['shutting down'] });
    expect((await http().get('/api/health/live')).status).toBe(200);
  });
});
