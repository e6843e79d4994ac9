import { createTestDatabase, type TestDatabase } from '@app/event-store/src/testing';
import {
  DEFAULT_MARKET_BENCHMARK,
  formatMarketResults,
  runMarketBenchmark,
  type MarketBenchmarkOptions,
} from './market-benchmark';

// A tiny run of the real market benchmark: buyers signed up and funded, buys of one item at a fixed rate and in a
// closed loop, then the conservation check. The figures come from `npm run bench:market`; this proves the code works.
describe('market benchmark (smoke)', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('bench_market_smoke');
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('buys one hot item at a fixed rate and in a closed loop, and shares and USD add up', async () => {
    const options: MarketBenchmarkOptions = {
      ...DEFAULT_MARKET_BENCHMARK,
      databaseUrl: database.url,
      buyers: 10,
      clients: 4,
      ratePerSecond: 20,
      rateSeconds: 1,
      closedSeconds: 1,
    };
    const results = await runMarketBenchmark(options, () => undefined);
    // Both deployments (one process; an HTTP process beside a projection worker), each at a fixed rate and closed loop.
    expect(results.scenarios.map((result) => ({ name: result.name, answered: result.commands > 0 }))).toEqual([
      { name: 'at 20/s offered, one process', answered: true },
      { name: 'closed loop (4 clients), one process', answered: true },
      { name: 'at 20/s offered, api + worker', answered: true },
      { name: 'closed loop (4 clients), api + worker', answered: true },
    ]);
    expect(results.failures).toEqual({});
    expect(results.conservation.conserved).toBe(true);
    expect(formatMarketResults(results, options)).toContain('Conserved: yes');
  }, 180_000);
});
