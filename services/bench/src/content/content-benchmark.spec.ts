import { createTestDatabase, type TestDatabase } from '@app/event-store/src/testing';
import {
  DEFAULT_CONTENT_BENCHMARK,
  formatContentResults,
  runContentBenchmark,
  type ContentBenchmarkOptions,
} from './content-benchmark';

// A tiny run of the real content benchmark against a fresh database: items created over HTTP, likes folded, every
// scenario answered. The figures come from `npm run bench:content`; this proves the code that makes them works.
describe('content benchmark (smoke)', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('bench_content_smoke');
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('seeds, then answers every scenario without a refusal', async () => {
    const options: ContentBenchmarkOptions = {
      ...DEFAULT_CONTENT_BENCHMARK,
      databaseUrl: database.url,
      items: 30,
      likes: 90,
      clients: 2,
      ratePerSecond: 20,
      rateSeconds: 0.5,
    };
    const results = await runContentBenchmark(options, () => undefined);
    expect(results.map((result) => result.name)).toEqual([
      'GET /api/health/live (baseline, no content work) at 20/s',
      'GET /api/content (first page of 20) at 20/s',
      'GET /api/content (random page of 20 by cursor) at 20/s',
      'GET /api/feed?tab=for-you at 20/s',
    ]);
    for (const result of results)
      expect({ name: result.name, answered: result.commands > 0, refused: result.refused }).toEqual({
        name: result.name,
        answered: true,
        refused: 0,
      });
    expect(formatContentResults(results, options)).toContain('p99 < 25 ms at 500 requests/s');
  }, 180_000);
});
