import { CommandBus } from '@nestjs/cqrs';
import type pg from 'pg';
import { VerifyRunSchema, StreamEventsResponseSchema } from '@app/contracts/ledger';
import { GrantAdminRoleCommand } from '../../src/modules/identity';
import { VerifyRuns } from '../../src/modules/ledger/audit-ledger/verify-runs';
import { userStreamId } from '../../src/modules/ledger/domain/streams';
import { DATABASE_POOL } from '../../src/platform/database/database.tokens';
import { IdentityTestApp, signUp } from '../identity/support';
import { startLedgerApp } from './app-support';

jest.setTimeout(120_000);

/** The console's verify runs (background, live progress in PostgreSQL, report with stream ids) and the stream view. */
describe('ledger verify runs API', () => {
  let testApp: IdentityTestApp;
  let adminToken: string;
  let pool: pg.Pool;
  const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

  beforeAll(async () => {
    testApp = await startLedgerApp();
    pool = testApp.app.get(DATABASE_POOL);
    const admin = await signUp(testApp);
    adminToken = admin.token;
    await testApp.app.get(CommandBus).execute(new GrantAdminRoleCommand(admin.user.id, 'verify runs test'));
    // Some users, so the log has more events than one small batch.
    for (let index = 0; index < 12; index += 1) await signUp(testApp);
  });
  afterAll(async () => {
    await testApp.app.get(VerifyRuns).settled();
    await testApp.close();
  });

  async function pollRun(id: string) {
    for (let attempt = 0; attempt < 600; attempt += 1) {
      const response = await testApp
        .http()
        .get(`/api/admin/ledger/verify-runs/${id}`)
        .set(auth(adminToken))
        .expect(200);
      const run = VerifyRunSchema.parse(response.body);
      if (run.status !== 'running') return run;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`run ${id} did not finish`);
  }

  it('refuses others: 403 on every route', async () => {
    const user = await signUp(testApp);
    await testApp.http().post('/api/admin/ledger/verify-runs').set(auth(user.token)).expect(403);
    await testApp.http().get('/api/admin/ledger/verify-runs/1').set(auth(user.token)).expect(403);
    await testApp
      .http()
      .get(`/api/admin/ledger/streams/${userStreamId(user.user.id)}`)
      .set(auth(user.token))
      .expect(403);
  });

  it('POST starts a run (202, running), GET follows it to completed with the report; a second start while one runs is 409', async () => {
    const started = await testApp.http().post('/api/admin/ledger/verify-runs').set(auth(adminToken)).expect(202);
    const run = VerifyRunSchema.parse(started.body);
    expect(run).toMatchObject({ status: 'running', finished_at: null, report: null });
    // The run is still running, or has just finished: a second start is either refused or a new run.
    const second = await testApp.http().post('/api/admin/ledger/verify-runs').set(auth(adminToken));
    if (second.status === 409) expect(second.body).toMatchObject({ code: 'VERIFY_ALREADY_RUNNING' });
    else expect(second.status).toBe(202);
    const done = await pollRun(run.id);
    expect(done.status).toBe('completed');
    expect(done.report).toMatchObject({ ok: true, findings: [] });
    expect(done.events_checked).toBe(done.report!.events_checked);
    expect(done.events_checked).toBeGreaterThan(20);
    expect(done.events_total).toBeGreaterThanOrEqual(done.events_checked);
    expect(done.streams_checked).toBe(done.report!.streams_checked);
    expect(done.finished_at).not.toBeNull();
    if (second.status === 202) await pollRun(second.body.id);
  });

  it('writes progress while it runs: events and streams checked grow batch by batch up to the total', async () => {
    const run = await testApp.app.get(VerifyRuns).start({ batchSize: 1 });
    const seen: Array<{ status: string; events_checked: number; events_total: number; streams_checked: number }> = [];
    for (;;) {
      const row = (
        await pool.query<{ status: string; events_checked: number; events_total: number; streams_checked: number }>(
          'SELECT status, events_checked::int, events_total::int, streams_checked::int FROM ledger_verify_runs WHERE id = $1',
          [run.id],
        )
      ).rows[0];
      seen.push(row);
      if (row.status !== 'running') break;
    }
    const running = seen.filter((row) => row.status === 'running' && row.events_checked > 0);
    // Several distinct in-between figures were visible while it ran, each below or at the total, never going back.
    expect(new Set(running.map((row) => row.events_checked)).size).toBeGreaterThan(2);
    for (const row of running) expect(row.events_checked).toBeLessThanOrEqual(row.events_total);
    const checked = seen.map((row) => row.events_checked);
    expect(checked).toEqual([...checked].sort((a, b) => a - b));
    expect(seen.at(-1)).toMatchObject({ status: 'completed' });
    const final = await pollRun(run.id);
    expect(final.events_checked).toBe(final.events_total);
  });

  it('answers bad input with 400 and unknown ids with 404, changing nothing', async () => {
    const notNumber = await testApp.http().get('/api/admin/ledger/verify-runs/abc').set(auth(adminToken)).expect(400);
    expect(notNumber.body).toMatchObject({ code: 'VALIDATION_ERROR', error: 'id must be a verification run number' });
    const missing = await testApp.http().get('/api/admin/ledger/verify-runs/999999').set(auth(adminToken)).expect(404);
    expect(missing.body).toMatchObject({ code: 'VERIFY_RUN_NOT_FOUND' });
    await testApp.http().get('/api/admin/ledger/streams/ledger-account-nobody').set(auth(adminToken)).expect(404);
    const badLimit = await testApp
      .http()
      .get(`/api/admin/ledger/streams/ledger-account-x?limit=0`)
      .set(auth(adminToken))
      .expect(400);
    expect(badLimit.body).toMatchObject({ code: 'VALIDATION_ERROR', error: 'limit must be at least 1' });
  });

  it("names the stream of a finding (last: it tampers with the log), and the stream view shows that stream's events", async () => {
    const victim = await signUp(testApp);
    const streamId = userStreamId(victim.user.id);
    // The accounts open just after the sign-up answers: tamper once the stream's first event is there.
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const updated = await pool.query(
        `UPDATE events SET data = data || '{"tampered": true}'::jsonb WHERE stream_id = $1 AND stream_version = 1`,
        [streamId],
      );
      if (updated.rowCount === 1) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const started = await testApp.http().post('/api/admin/ledger/verify-runs').set(auth(adminToken)).expect(202);
    const done = await pollRun(started.body.id);
    expect(done.report?.ok).toBe(false);
    expect(done.report?.findings).toEqual(
      expect.arrayContaining([expect.objectContaining({ check: 'hash_chain', stream_id: streamId })]),
    );

    const view = await testApp
      .http()
      .get(`/api/admin/ledger/streams/${encodeURIComponent(streamId)}`)
      .set(auth(adminToken))
      .expect(200);
    const page = StreamEventsResponseSchema.parse(view.body);
    expect(page.stream_id).toBe(streamId);
    expect(page.events[0]).toMatchObject({ version: 1, data: expect.objectContaining({ tampered: true }) });
    expect(page.events.map((event) => event.version)).toEqual(page.events.map((_, index) => index + 1));
    expect(page.next_from_version).toBeNull();
    const paged = await testApp
      .http()
      .get(`/api/admin/ledger/streams/${encodeURIComponent(streamId)}?limit=1`)
      .set(auth(adminToken))
      .expect(200);
    expect(paged.body.events).toHaveLength(1);
    expect(paged.body.next_from_version).toBe(page.events.length > 1 ? 2 : null);
  });
});
