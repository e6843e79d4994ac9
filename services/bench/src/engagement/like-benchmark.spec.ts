import { createTestDatabase, type TestDatabase } from '@app/event-store/src/testing';
import {
  DEFAULT_LIKE_BENCHMARK,
  formatLikeResults,
  runLikeBenchmark,
  type LikeBenchmarkOptions,
} from './like-benchmark';

// A tiny run of the real like benchmark: users and items created over HTTP, likes at a fixed rate, the hot item
// counted exactly once. The figures come from `npm run bench:engagement`; this proves the code that makes them works.
describe('like benchmark (smoke)', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('bench_likes_smoke');
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('likes at a fixed rate and counts the hot item exactly once', async () => {
    const options: LikeBenchmarkOptions = {
      ...DEFAULT_LIKE_BENCHMARK,
      databaseUrl: database.url,
      users: 20,
      items: 60,
      seededLikes: 40,
      clients: 4,
      ratePerSecond: 20,
      rateSeconds: 1,
    };
    const results = await runLikeBenchmark(options, () => undefined);
    // Both deployments (one process; an HTTP process beside a projection worker) answered likes.
    expect(
      results.fixedRate.map((result) => ({
        name: result.name,
        answered: result.commands > 0,
        refused: result.refused,
      })),
    ).toEqual([
      { name: 'like at 20/s, one process', answered: true, refused: 0 },
      { name: 'like at 20/s, api + worker', answered: true, refused: 0 },
    ]);
    expect(results.hot).toMatchObject({
      likers: 20,
      accepted: 20,
      failed: 0,
      likesCounted: 20,
      secondLikesRefused: 20,
    });
    expect(formatLikeResults(results, options)).toContain('Exactly once: yes');
  }, 180_000);
});
