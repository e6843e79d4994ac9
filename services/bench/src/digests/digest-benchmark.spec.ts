import { createTestDatabase, type TestDatabase } from '@app/event-store/src/testing';
import { formatDigestResults, runDigestBenchmark } from './digest-benchmark';

// A tiny run of the digest benchmark: the code that makes the figures builds the tree, digests incrementally and
// serves proofs that verify (the run throws otherwise). The figures come from `npm run bench:digests`.
describe('digest benchmark (smoke)', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('bench_digests_smoke');
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('digests from scratch and incrementally, and proves events and prefixes', async () => {
    const results = await runDigestBenchmark(
      { databaseUrl: database.url, initialEvents: 3_000, newEvents: 500, proofs: 20 },
      () => undefined,
    );
    expect(results.steps.map((step) => [step.name, step.events])).toEqual([
      ['digest from scratch', 3_000],
      ['incremental digest', 500],
    ]);
    expect(results.inclusion.hashes).toBeLessThanOrEqual(12);
    expect(formatDigestResults(results)).toContain('| inclusion |');
  });
});
