import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { TELEMETRY_MAX_EVENTS_PER_BATCH } from '@app/contracts/telemetry';
import { DATABASE_POOL } from '../../src/platform/database/database.tokens';
import {
  ContentModule,
  DropsModule,
  IdentityModule,
  LedgerModule,
  ProgressModule,
  RewardsModule,
  SearchModule,
  TelemetryModule,
} from '../../src/modules/context-modules';
import { auth, givenUser, waitFor, type TestUser } from '../drops/support';
import { contentForm } from '../content/support';
import { startAppWithModules, type IdentityTestApp } from '../identity/support';

const BATCHES_PER_MINUTE = 40;

const view = (contentId: string, sessionId = 'session-1') => ({
  session_id: sessionId,
  event_type: 'view',
  payload: { target_type: 'content', target_id: contentId },
  user_id: null,
});
const impression = (targetType: 'content' | 'drop', targetId: string) => ({
  session_id: 'session-1',
  event_type: 'impression',
  payload: { target_type: targetType, target_id: targetId },
});

describe('POST /api/telemetry, client error reports and content views (issue 25)', () => {
  let testApp: IdentityTestApp;
  let pool: pg.Pool;
  let user: TestUser;

  beforeAll(async () => {
    process.env.TELEMETRY_BATCHES_PER_MINUTE = String(BATCHES_PER_MINUTE);
    process.env.CLIENT_ERRORS_PER_MINUTE = '5';
    try {
      testApp = await startAppWithModules('telemetry_api', [
        IdentityModule,
        LedgerModule,
        RewardsModule,
        ProgressModule,
        SearchModule,
        DropsModule,
        ContentModule,
        TelemetryModule,
      ]);
    } finally {
      delete process.env.TELEMETRY_BATCHES_PER_MINUTE;
      delete process.env.CLIENT_ERRORS_PER_MINUTE;
    }
    pool = testApp.app.get(DATABASE_POOL);
    user = await givenUser(testApp);
  });
  afterAll(() => testApp?.close());

  const send = (events: unknown, options: { batchId?: string; token?: string } = {}) => {
    const call = testApp.http().post(`/api/telemetry${options.batchId ? `?batch_id=${options.batchId}` : ''}`);
    if (options.token) call.set(auth(options.token));
    return call.send(events as object);
  };
  const storedEvents = async (batchId: string) =>
    (
      await pool.query<{ count: string }>(`SELECT count(*)::text AS count FROM telemetry_events WHERE batch_id = $1`, [
        batchId,
      ])
    ).rows[0]!.count;

  it('accepts a batch with 202, stores it through the queue, attributes it to the caller (never the body) and counts it per day', async () => {
    const batchId = randomUUID();
    const target = `drop-${randomUUID()}`;
    const events = [
      impression('drop', target),
      impression('drop', target),
      { ...view(target), payload: { target_type: 'drop', target_id: target }, user_id: 'someone-else' },
      { session_id: 's', event_type: 'scroll_depth', payload: { depth: 50 } },
    ];
    const accepted = await send(events, { batchId, token: user.token }).expect(202);
    expect(accepted.body).toEqual({ accepted: 4, batch_id: batchId });

    await waitFor(
      () => storedEvents(batchId),
      (count) => count === '4',
    );
    const users = await pool.query<{ user_id: string | null }>(
      `SELECT DISTINCT user_id FROM telemetry_events WHERE batch_id = $1`,
      [batchId],
    );
    expect(users.rows).toEqual([{ user_id: user.user.id }]);
    const counts = await pool.query(
      `SELECT event_type, count::int AS count FROM telemetry_daily_counts WHERE target_id = $1 ORDER BY event_type`,
      [target],
    );
    expect(counts.rows).toEqual([
      { event_type: 'impression', count: 2 },
      { event_type: 'view', count: 1 },
    ]);
  });

  it('counts a resent batch once (same batch id), whether it arrives while queued or after it was stored', async () => {
    const batchId = randomUUID();
    const target = `drop-${randomUUID()}`;
    const events = [impression('drop', target), impression('drop', target), impression('drop', target)];
    await Promise.all([
      send(events, { batchId, token: user.token }).expect(202),
      send(events, { batchId, token: user.token }).expect(202),
    ]);
    await waitFor(
      () => storedEvents(batchId),
      (count) => count === '3',
    );
    await send(events, { batchId, token: user.token }).expect(202);
    // A later batch of another id is stored after the resend's job would have run: then the count is final.
    const later = randomUUID();
    await send([impression('drop', target)], { batchId: later, token: user.token }).expect(202);
    await waitFor(
      () => storedEvents(later),
      (count) => count === '1',
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    const counts = await pool.query(
      `SELECT sum(count)::int AS count FROM telemetry_daily_counts WHERE target_id = $1`,
      [target],
    );
    expect(counts.rows[0]).toEqual({ count: 4 });
    expect(await storedEvents(batchId)).toBe('3');
  });

  it('refuses bad batches with 400, a batch over 256 KB with 413, and stores nothing of them', async () => {
    const before = (await pool.query<{ count: string }>(`SELECT count(*)::text AS count FROM telemetry_events`))
      .rows[0]!.count;
    const cases: Array<[unknown, string]> = [
      [[], 'A batch holds at least one event'],
      [{ session_id: 's', event_type: 'view' }, 'The body is an array of events'],
      [[{ event_type: 'view', payload: {} }], 'session_id is required'],
      [[{ session_id: 's', event_type: 'has spaces' }], 'event_type is 1 to 64 letters, digits or _ . : -'],
      [
        [{ session_id: 's', event_type: 'click', payload: { target_type: 'user', target_id: 'x' } }],
        'target_type is content or drop',
      ],
      [[{ session_id: 's', event_type: 'impression', payload: {} }], 'target_id is required'],
      [
        Array.from({ length: TELEMETRY_MAX_EVENTS_PER_BATCH + 1 }, () => impression('content', 'c')),
        'A batch holds at most 500 events',
      ],
    ];
    for (const [body, message] of cases) {
      const refused = await send(body, { token: user.token }).expect(400);
      expect(refused.body.code).toBe('VALIDATION_ERROR');
      expect(JSON.stringify(refused.body)).toContain(message);
    }
    const badId = await send([impression('content', 'c')], { batchId: 'no', token: user.token }).expect(400);
    expect(badId.body.field_errors).toEqual([
      { field: 'batch_id', message: 'batch_id is 8 to 64 letters, digits, _ or -' },
    ]);
    // 500 events that are each a little over 512 bytes: within the count, over the bytes.
    const big = Array.from({ length: 500 }, () => ({
      session_id: 's',
      event_type: 'note',
      payload: { text: 'x'.repeat(520) },
    }));
    const tooLarge = await send(big, { token: user.token }).expect(413);
    expect(tooLarge.body.code).toBe('PAYLOAD_TOO_LARGE');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(
      (await pool.query<{ count: string }>(`SELECT count(*)::text AS count FROM telemetry_events`)).rows[0]!.count,
    ).toBe(before);
  });

  it('limits batches per client (session, else address) with 429 and Retry-After; another client is not limited', async () => {
    const busy = await givenUser(testApp);
    const other = await givenUser(testApp);
    for (let index = 0; index < BATCHES_PER_MINUTE; index += 1)
      await send([impression('content', 'rate')], { token: busy.token }).expect(202);
    const refused = await send([impression('content', 'rate')], { token: busy.token }).expect(429);
    expect(refused.body).toEqual({
      error: 'Too many telemetry batches from this session. Try again shortly.',
      code: 'TELEMETRY_RATE_LIMITED',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    await send([impression('content', 'rate')], { token: other.token }).expect(202);
  });

  it("adds content views to the item's views_count and impressions, once per batch", async () => {
    const owner = await givenUser(testApp);
    const contentId = (await testApp.http().post('/api/content').set(auth(owner.token)).send(contentForm()).expect(201))
      .body.contentId as string;
    expect((await testApp.http().get(`/api/content/${contentId}`).expect(200)).body.views_count).toBe(0);

    const batchId = randomUUID();
    await send([view(contentId), view(contentId, 'session-2'), view(contentId), impression('content', contentId)], {
      batchId,
    }).expect(202);
    const item = await waitFor(
      async () => (await testApp.http().get(`/api/content/${contentId}`).expect(200)).body,
      (body) => body.views_count === 3,
    );
    expect(item.performance_metrics.impressions).toBe(3);
    // The same batch again changes nothing; another batch adds its own.
    await send([view(contentId), view(contentId), view(contentId)], { batchId }).expect(202);
    const next = randomUUID();
    await send([view(contentId)], { batchId: next }).expect(202);
    await waitFor(
      async () => (await testApp.http().get(`/api/content/${contentId}`).expect(200)).body.views_count,
      (count) => count === 4,
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await testApp.http().get(`/api/content/${contentId}`).expect(200)).body.views_count).toBe(4);
    expect((await testApp.http().get(`/api/content/${contentId}/metrics`).expect(200)).body).toMatchObject({
      views: 4,
    });
  });

  describe('client errors', () => {
    const report = (overrides: Record<string, unknown> = {}) => ({
      source: 'api-client',
      error: 'GET /api/drops/1 answered 502',
      dropId: 17,
      responseStatus: 502,
      errorDetails: { path: '/api/drops/1', body: 'Bad gateway' },
      timestamp: '2026-11-27T10:00:00.000Z',
      ...overrides,
    });

    it('stores a valid report (signed in or not) and lists it to administrators only, newest first', async () => {
      const reporter = await givenUser(testApp);
      const stored = await testApp
        .http()
        .post('/api/logs/client-error')
        .set(auth(reporter.token))
        .set('User-Agent', 'jest-agent')
        .send(report())
        .expect(201);
      expect(stored.body.id).toMatch(/^\d+$/);
      await testApp
        .http()
        .post('/api/logs/client-error')
        .send(
          report({
            source: 'error-boundary',
            error: 'Cannot read x of undefined',
            dropId: null,
            responseStatus: null,
            errorDetails: 'at Card (card.tsx:10)',
          }),
        )
        .expect(201);

      await testApp.http().get('/api/admin/client-errors').expect(401);
      await testApp.http().get('/api/admin/client-errors').set(auth(reporter.token)).expect(403);
      const admin = await givenUser(testApp, { admin: true });
      const listed = (await testApp.http().get('/api/admin/client-errors').set(auth(admin.token)).expect(200)).body
        .errors;
      expect(listed[0]).toMatchObject({
        source: 'error-boundary',
        error: 'Cannot read x of undefined',
        drop_id: null,
        response_status: null,
        error_details: 'at Card (card.tsx:10)',
        user_id: null,
      });
      expect(listed[1]).toMatchObject({
        id: stored.body.id,
        source: 'api-client',
        drop_id: '17',
        response_status: 502,
        error_details: { path: '/api/drops/1', body: 'Bad gateway' },
        client_timestamp: '2026-11-27T10:00:00.000Z',
        user_id: reporter.user.id,
        user_agent: 'jest-agent',
      });
      const bySource = (
        await testApp
          .http()
          .get('/api/admin/client-errors?source=api-client&limit=5')
          .set(auth(admin.token))
          .expect(200)
      ).body.errors;
      expect(bySource.map((error: { source: string }) => error.source)).toEqual(['api-client']);
      await testApp.http().get('/api/admin/client-errors?limit=0').set(auth(admin.token)).expect(400);
    });

    it('refuses invalid and oversized reports and limits reports per client', async () => {
      const reporter = await givenUser(testApp);
      const post = (body: unknown) =>
        testApp
          .http()
          .post('/api/logs/client-error')
          .set(auth(reporter.token))
          .send(body as object);
      expect((await post(report({ source: '' })).expect(400)).body.field_errors).toEqual([
        { field: 'source', message: 'source is required' },
      ]);
      expect((await post(report({ timestamp: 'yesterday' })).expect(400)).body.field_errors).toEqual([
        { field: 'timestamp', message: 'timestamp is an ISO 8601 date-time' },
      ]);
      expect((await post(report({ errorDetails: 'x'.repeat(17_000) })).expect(413)).body.code).toBe(
        'PAYLOAD_TOO_LARGE',
      );
      // Refused reports do not use up the limit (they never reach it): five stored, the sixth refused.
      for (let index = 0; index < 5; index += 1) await post(report()).expect(201);
      const refused = await post(report()).expect(429);
      expect(refused.body.code).toBe('CLIENT_ERRORS_RATE_LIMITED');
    });
  });
});
