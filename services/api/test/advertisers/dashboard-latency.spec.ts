import type pg from 'pg';
import {
  AdvertisersModule,
  DropsModule,
  IdentityModule,
  LedgerModule,
  RewardsModule,
  TelemetryModule,
} from '../../src/modules/context-modules';
import { DATABASE_POOL } from '../../src/platform/database/database.tokens';
import { auth, dropVerbs, givenFunds, givenUser, paidDrop, proofDrop } from '../drops/support';
import { startAppWithModules, type IdentityTestApp } from '../identity/support';

/**
 * What the dashboard costs at the issue's scale: an advertiser at the super tier's weekly limit (25 proof and 15
 * paid drops) among 1,000 drops' worth of telemetry, with 1,000,000 raw events and their daily rollup stored. The
 * dashboard reads the rollup (one row per target, event type and day), so the raw events do not slow it down.
 */
describe('advertiser dashboard latency', () => {
  let testApp: IdentityTestApp;
  jest.setTimeout(300_000);

  beforeAll(async () => {
    testApp = await startAppWithModules('advertisers_latency', [
      IdentityModule,
      LedgerModule,
      RewardsModule,
      DropsModule,
      TelemetryModule,
      AdvertisersModule,
    ]);
  });
  afterAll(() => testApp.close());

  it('prints p50 and p99; asserts only a loose median, since a shared machine under load spikes the tail', async () => {
    const { createDrop } = dropVerbs(() => testApp);
    const advertiser = await givenUser(testApp, { advertiser: 'super' });
    await givenFunds(testApp, advertiser.user.id, 'gems', '100000');
    const dropIds: string[] = [];
    for (let index = 0; index < 25; index += 1)
      dropIds.push((await createDrop(advertiser, proofDrop({ title: `Proof ${index}` })).expect(201)).body.id);
    for (let index = 0; index < 15; index += 1)
      dropIds.push((await createDrop(advertiser, paidDrop({ title: `Paid ${index}` })).expect(201)).body.id);

    const pool = testApp.app.get<pg.Pool>(DATABASE_POOL);
    // 1,000,000 raw events (what the ingest stores) and the rollup of 1,000 drops over 30 days, ours among them.
    await pool.query(`INSERT INTO telemetry_events (batch_id, received_at, session_id, event_type, target_type, target_id, payload)
      SELECT 'bench', now() - (n % 30) * interval '1 day', 's', CASE WHEN n % 20 = 0 THEN 'click' ELSE 'impression' END, 'drop', 'drop-' || (n % 1000), '{}'::jsonb
        FROM generate_series(1, 1000000) AS n`);
    await pool.query(
      `INSERT INTO telemetry_daily_counts (target_type, target_id, event_type, day, count)
       SELECT 'drop', target, kind, (now() at time zone 'utc')::date - d, 30
         FROM (SELECT 'drop-' || n AS target FROM generate_series(0, 959) AS n UNION ALL SELECT unnest($1::text[])) AS targets,
              generate_series(0, 29) AS d, unnest(ARRAY['impression', 'click']) AS kind
       ON CONFLICT DO NOTHING`,
      [dropIds],
    );
    // As autovacuum would after a bulk load: the planner needs the tables' statistics.
    await pool.query('ANALYZE telemetry_daily_counts; ANALYZE telemetry_events');

    const timings: number[] = [];
    for (let index = 0; index < 220; index += 1) {
      const started = process.hrtime.bigint();
      const response = await testApp.http().get('/api/advertisers/dashboard').set(auth(advertiser.token)).expect(200);
      if (index >= 20) timings.push(Number(process.hrtime.bigint() - started) / 1e6);
      if (index === 0)
        expect(response.body.data.analytics).toMatchObject({ drops_created: 40, impressions: 40 * 30 * 30 });
    }
    const baseline: number[] = [];
    for (let index = 0; index < 100; index += 1) {
      const started = process.hrtime.bigint();
      await testApp.http().get('/api/users/brand-profile').set(auth(advertiser.token)).expect(200);
      baseline.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
    baseline.sort((left, right) => left - right);
    console.log(
      `for comparison, GET /api/users/brand-profile (session and one row): p50 ${baseline[50].toFixed(1)} ms`,
    );
    timings.sort((left, right) => left - right);
    const p50 = timings[Math.floor(timings.length * 0.5)];
    const p99 = timings[Math.floor(timings.length * 0.99)];
    console.log(
      `GET /api/advertisers/dashboard: p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms over ${timings.length} requests`,
    );
    // p99 is printed, not asserted: on this 2-core machine shared by eight sessions it reached 430 ms once at p50 87 ms.
    expect(p50).toBeLessThan(300);
  });
});
