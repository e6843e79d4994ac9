import type { Pool } from 'pg';
import { CommandBus } from '@nestjs/cqrs';
import { PlatformStatsSchema, type PlatformStats } from '@app/contracts/platform-stats';
import { RunLedgerCommand, SYSTEM_ACCOUNTS, newTransactionId, userAccount } from '../../src/modules/ledger';
import { ProjectionsService } from '../../src/platform/projections/projections.service';
import { DATABASE_POOL } from '../../src/platform/database/database.tokens';
import type { IdentityTestApp } from '../identity/support';
import { auth, givenFunds, givenUser, proofDrop, startDropsApp, waitFor, type TestUser } from '../drops/support';

jest.setTimeout(120_000);

/** The landing page's figures: a projection of identity, drops and ledger events, over HTTP on real PostgreSQL. */
describe('platform statistics API', () => {
  let testApp: IdentityTestApp;

  beforeAll(async () => {
    testApp = await startDropsApp();
  });
  afterAll(async () => {
    await testApp?.close();
  });

  /** Unauthenticated on purpose: the landing page shows these to signed-out visitors. */
  async function stats(): Promise<PlatformStats> {
    const response = await testApp.http().get('/api/stats/platform').expect(200);
    return PlatformStatsSchema.parse(response.body);
  }
  const statsWhen = (accept: (figures: PlatformStats) => boolean) => waitFor(stats, accept);
  /** The figures once the projection has folded everything written so far (a baseline to compare against). */
  async function settledStats(): Promise<PlatformStats> {
    await waitFor(
      () => testApp.app.get(ProjectionsService).listProjections(),
      (projections) => projections.find((projection) => projection.name === 'platform_stats')?.lagEvents === 0,
    );
    return stats();
  }

  async function reward(userId: string, currency: 'points' | 'gems', amountMinor: bigint): Promise<string> {
    const transactionId = newTransactionId();
    const result = await testApp.app.get(CommandBus).execute(
      new RunLedgerCommand({
        type: 'PostTransaction',
        data: {
          transactionId,
          reasonCode: currency === 'points' ? 'SOCIAL_ACTION_REWARD' : 'DROP_REWARD',
          description: 'test reward',
          postings: [
            { debitAccount: SYSTEM_ACCOUNTS.issuance, creditAccount: userAccount(userId), currency, amountMinor },
          ],
          now: new Date().toISOString(),
        },
      }),
    );
    expect(result.ok).toBe(true);
    return transactionId;
  }

  it('answers without a session, with the figures and when they were read', async () => {
    // Nobody is registered at start: demo logins create their sandboxes on demand (and those are not members).
    await settledStats();
    const response = await testApp.http().get('/api/stats/platform').expect(200);
    expect(response.headers['cache-control']).toBe('public, max-age=5');
    const figures = PlatformStatsSchema.parse(response.body);
    expect(Math.abs(Date.parse(figures.as_of) - Date.now())).toBeLessThan(10_000);
    expect(figures).toMatchObject({
      members: 0,
      active_drops: 0,
      drop_applications_completed: 0,
      points_paid_out: '0',
      gems_paid_out: '0',
      keys_converted: '0',
    });
  });

  it('is in the OpenAPI document as an open route', async () => {
    const document = await testApp.http().get('/api/docs-json').expect(200);
    const operation = document.body.paths['/api/stats/platform']?.get;
    expect(operation).toMatchObject({ security: [] });
    expect(operation.responses['200'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/PlatformStats',
    });
  });

  it('leaves demo sandboxes and their seeded demo drops out', async () => {
    const before = await settledStats();
    await testApp.http().post('/api/auth/demo/advertiser').expect(200);
    await testApp.http().post('/api/auth/demo/creator').expect(200);
    // A real sign-up after them: once it is counted, the sandboxes (earlier in the log) have been seen too.
    await givenUser(testApp);
    await statsWhen((figures) => figures.members === before.members + 1);
    const after = await settledStats();
    expect(after).toMatchObject({
      members: before.members + 1,
      active_drops: before.active_drops,
      points_paid_out: before.points_paid_out,
      gems_paid_out: before.gems_paid_out,
    });
  });

  it('counts a sign-up as a member (the welcome grant is not a payout)', async () => {
    const before = await settledStats();
    await givenUser(testApp);
    const after = await statsWhen((figures) => figures.members === before.members + 1);
    expect(after.members).toBe(before.members + 1);
    expect(after.points_paid_out).toBe(before.points_paid_out);
  });

  it('counts keys converted, not the demo funding that paid for them', async () => {
    const user = await givenUser(testApp);
    await givenFunds(testApp, user.user.id, 'points', '1000');
    const before = await settledStats();
    await testApp
      .http()
      .post('/api/users/convert')
      .set(auth(user.token))
      .send({ from_currency: 'points', to_currency: 'keys', amount: 2 })
      .expect(200);
    const after = await statsWhen((figures) => figures.keys_converted !== before.keys_converted);
    expect(Number(after.keys_converted) - Number(before.keys_converted)).toBe(2);
    expect(after.points_paid_out).toBe(before.points_paid_out);
    expect(after.gems_paid_out).toBe(before.gems_paid_out);
  });

  it('sums rewards paid to users exactly, as decimal strings', async () => {
    const user = await givenUser(testApp);
    await reward(user.user.id, 'points', 1n); // 0.1 point
    await reward(user.user.id, 'points', 10_005n); // 1000.5 points
    await reward(user.user.id, 'gems', 123_456n); // 12.3456 gems
    await reward(user.user.id, 'gems', 4n); // 0.0004 gem
    const after = await statsWhen((figures) => figures.gems_paid_out === '12.346');
    expect(after).toMatchObject({ points_paid_out: '1000.6', gems_paid_out: '12.346' });
  });

  it('takes a reversed reward back out', async () => {
    const user = await givenUser(testApp);
    const before = await settledStats();
    const transactionId = await reward(user.user.id, 'gems', 20_000n); // 2 gems
    await statsWhen((figures) => figures.gems_paid_out === '14.346');
    const reversal = await testApp.app.get(CommandBus).execute(
      new RunLedgerCommand({
        type: 'ReverseTransaction',
        data: {
          originalTransactionId: transactionId,
          reversalTransactionId: newTransactionId(),
          description: 'granted by mistake',
          now: new Date().toISOString(),
        },
      }),
    );
    expect(reversal.ok).toBe(true);
    const after = await statsWhen((figures) => figures.gems_paid_out === before.gems_paid_out);
    expect(after.gems_paid_out).toBe('12.346');
    // Forgotten, not kept: the row that remembered the reward (written by an earlier batch) is deleted.
    const remembered = await testApp.app
      .get<Pool>(DATABASE_POOL)
      .query('SELECT 1 FROM platform_stats_rewards WHERE transaction_id = $1', [transactionId]);
    expect(remembered.rowCount).toBe(0);
  });

  describe('drops', () => {
    let owner: TestUser;
    const createDrop = (body: Record<string, unknown>) =>
      testApp.http().post('/api/drops').set(auth(owner.token)).send(body).expect(201);
    const act = (user: TestUser, applicationId: string, action: string, body: Record<string, unknown> = {}) =>
      testApp
        .http()
        .post(`/api/drop-applications/${applicationId}/${action}`)
        .set(auth(user.token))
        .send(body)
        .expect(200);

    beforeAll(async () => {
      owner = await givenUser(testApp, { advertiser: 'super' });
    });

    it('counts open drops as active until they are closed or deleted', async () => {
      const before = await settledStats();
      const first = await createDrop(proofDrop({ title: 'First' }));
      const second = await createDrop(proofDrop({ title: 'Second' }));
      await statsWhen((figures) => figures.active_drops === before.active_drops + 2);
      await testApp.http().post(`/api/drops/${first.body.id}/complete`).set(auth(owner.token)).expect(200);
      await testApp.http().delete(`/api/drops/${second.body.id}`).set(auth(owner.token)).expect(200);
      const after = await statsWhen((figures) => figures.active_drops === before.active_drops);
      expect(after.active_drops).toBe(before.active_drops);
    });

    it('counts a drop whose deadline has passed as no longer active', async () => {
      const before = await settledStats();
      await createDrop(proofDrop({ title: 'Past', deadline_at: new Date(Date.now() - 60_000).toISOString() }));
      await createDrop(proofDrop({ title: 'Future', deadline_at: new Date(Date.now() + 86_400_000).toISOString() }));
      const after = await statsWhen((figures) => figures.active_drops === before.active_drops + 1);
      await settledStats();
      expect((await stats()).active_drops).toBe(after.active_drops);
    });

    it('counts an application once it is completed', async () => {
      const before = await settledStats();
      const drop = await createDrop(proofDrop({ title: 'Completed one' }));
      const applicant = await givenUser(testApp);
      const application = await testApp
        .http()
        .post(`/api/drops/${drop.body.id}/apply`)
        .set(auth(applicant.token))
        .send({ application_message: 'me' })
        .expect(201);
      await act(owner, application.body.id, 'approve');
      await act(applicant, application.body.id, 'submit', { submission_type: 'text', submission_data: 'done' });
      expect((await stats()).drop_applications_completed).toBe(before.drop_applications_completed);
      await act(owner, application.body.id, 'complete', { review_score: 8 });
      const after = await statsWhen(
        (figures) => figures.drop_applications_completed === before.drop_applications_completed + 1,
      );
      expect(after.drop_applications_completed).toBe(before.drop_applications_completed + 1);
    });
  });

  it('a rebuild from the log gives the same figures', async () => {
    const { as_of: _before, ...before } = await settledStats();
    await testApp.app.get(ProjectionsService).rebuildProjection('platform_stats');
    const { as_of: _after, ...after } = await stats();
    expect(after).toEqual(before);
    expect(before.members).toBeGreaterThanOrEqual(6);
  });
});
