import { createTestDatabase, type TestDatabase } from '@app/event-store/src/testing';
import { formatForecastsResults, runForecastsBenchmark } from './forecasts-benchmark';

// A tiny run of the real forecast settlement benchmark: seed, settle through the ledger, check the pool. The figures
// come from `npm run bench:forecasts`; this proves the code works.
describe('forecast settlement benchmark (smoke)', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('bench_forecasts_smoke');
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('settles one forecast, pays each winner once and conserves the pool', async () => {
    const results = await runForecastsBenchmark(
      { databaseUrl: database.url, predictions: 300, oddsTenths: 25 },
      () => undefined,
    );
    expect(results.winners).toBeGreaterThan(0);
    expect(results.paidToUsersMinor + results.remainderMinor).toBe(results.poolMinor);
    expect(results.secondSettlement).toBe('already_settled');
    expect(results.conserved).toBe(true);
    expect(formatForecastsResults(results)).toContain(
      'Conserved (payouts = plan, payouts + remainder = pool, payouts ≤ pool, paid once): yes',
    );
  }, 180_000);
});
