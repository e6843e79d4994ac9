import { createTestDatabase, type TestDatabase } from '@app/event-store/src/testing';
import {
  formatEventStoreResults,
  runEventStoreBenchmark,
  type EventStoreBenchmarkOptions,
} from './event-store-benchmark';

// A tiny run of the real benchmark code against a fresh PostgreSQL database: both adapters write, read back and
// produce a table. The figures themselves come from `npm run bench`; this proves the code that makes them works.
describe('event store benchmark (smoke)', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('bench_smoke');
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('runs every scenario for both adapters and our read-all reads back exactly what was written', async () => {
    const options: EventStoreBenchmarkOptions = {
      databaseUrl: database.url,
      writers: 2,
      eventsPerScenario: 200,
      eventsPerTransaction: 10,
      readBatchSize: 50,
      warmUpEvents: 20,
    };
    const results = await runEventStoreBenchmark(options);
    expect(results.map((entry) => `${entry.scenario} / ${entry.adapter}`)).toEqual([
      'single-stream append (10 events/transaction) / ours',
      'single-stream append (10 events/transaction) / emmett',
      'multi-stream append (3 streams, 10 events/unit) / ours',
      'multi-stream append (3 streams, 10 events/unit) / emmett',
      'read-all (batches of 50, median of 3) / ours',
      'read-all (batches of 50, median of 3) / emmett',
    ]);
    results.forEach((entry) => expect(entry.eventsPerSecond).toBeGreaterThan(0));
    const ourRead = results.find((entry) => entry.scenario.startsWith('read-all') && entry.adapter === 'ours')!;
    expect(ourRead.events).toBe(440);
    expect(ourRead.expectedEvents).toBe(440);
    const table = formatEventStoreResults(results, options);
    expect(table).toContain('ours/emmett');
    expect(table).toContain('read all 440 events written');
  }, 60_000);
});
