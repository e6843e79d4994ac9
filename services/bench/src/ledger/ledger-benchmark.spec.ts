import { createTestDatabase, type TestDatabase } from '@app/event-store/src/testing';
import {
  DEFAULT_LEDGER_BENCHMARK,
  formatLedgerResults,
  runLedgerBenchmark,
  type LedgerBenchmarkOptions,
} from './ledger-benchmark';

// A tiny run of the real ledger benchmark against a fresh PostgreSQL database: every scenario, direct and over HTTP
// (both deployments), commits commands, and both projections rebuild. The figures come from `npm run bench:ledger`;
// this proves the code that makes them works.
describe('ledger benchmark (smoke)', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('bench_ledger_smoke');
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('runs every scenario, commits commands in each, and rebuilds both ledger projections', async () => {
    const options: LedgerBenchmarkOptions = {
      ...DEFAULT_LEDGER_BENCHMARK,
      databaseUrl: database.url,
      clients: 2,
      secondsPerScenario: 0.5,
      users: 20,
      rebuildEvents: 1_000,
      poolSize: 4,
      http: true,
      ratePerSecond: 20,
      rateSeconds: 0.5,
    };
    const results = await runLedgerBenchmark(options, () => undefined);
    const names = results.scenarios.map((scenario) => scenario.name);
    expect(names).toEqual([
      'direct, uniform accounts, cold (first touch reads)',
      'direct, uniform, cold, at 20/s',
      'direct, uniform accounts (user→user + fee)',
      'direct, uniform, warm, at 20/s',
      'direct, one hot system account (system:issuance)',
      'direct, one hot system account, at 20/s',
      ...['one process', 'api + worker'].flatMap((topology) =>
        ['convert', 'convert + Idempotency-Key'].flatMap((what) => [
          `HTTP ${topology}: ${what}, saturated`,
          `HTTP ${topology}: ${what} at 20/s`,
        ]),
      ),
    ]);
    for (const scenario of results.scenarios) {
      expect({ name: scenario.name, committed: scenario.commands > 0, refused: scenario.refused }).toEqual({
        name: scenario.name,
        committed: true,
        refused: 0,
      });
    }
    // CPU per command: the machine, this process and the local PostgreSQL everywhere; the API (and worker) over HTTP.
    for (const scenario of results.scenarios) {
      const cpu = scenario.cpuMsPerCommand;
      const expected = scenario.name.startsWith('HTTP api + worker')
        ? ['API', 'worker']
        : scenario.name.startsWith('HTTP')
          ? ['API']
          : [];
      expect(Object.keys(cpu)).toEqual(['machine', 'bench process', 'PostgreSQL', ...expected]);
      for (const value of Object.values(cpu)) expect(value).toBeGreaterThanOrEqual(0);
      expect(cpu['bench process']).toBeGreaterThan(0);
    }
    expect(results.rebuilds.map((rebuild) => rebuild.projection)).toEqual(['ledger_balances', 'ledger_transactions']);
    for (const rebuild of results.rebuilds) expect(rebuild.events).toBeGreaterThanOrEqual(1_000);
    const table = formatLedgerResults(results, options);
    expect(table).toContain('direct, uniform, cold, at 20/s');
    expect(table).toContain('projection rebuild');
    expect(table).toMatch(/CPU ms per command.*machine.*bench process.*PostgreSQL.*API.*worker/);
  }, 180_000);
});
