import { randomBytes } from 'node:crypto';
import { loadConfig } from '../../src/platform/config/app-config';
import { createJobQueue } from '../../src/platform/jobs/jobs.module';
import type { JobQueue } from '../../src/platform/jobs/job-queue.port';
import { deleteRedisKeys } from './support/redis';
import { TEST_REDIS_URL } from './support/test-app';
import { eventually } from './support/eventually';

jest.setTimeout(30_000);

/**
 * Two deployments that share one Redis database (a test API beside a dev API, say) once ran each other's jobs
 * against the wrong PostgreSQL database. With the default prefix taken from the database name, each runs only its own.
 */
describe('job queue prefix per deployment', () => {
  const suffix = randomBytes(4).toString('hex');
  const configs = ['first', 'second'].map((name) =>
    loadConfig({
      DATABASE_URL: `postgres://postgres@127.0.0.1:5432/prefix_${name}_${suffix}`,
      REDIS_URL: TEST_REDIS_URL,
    }),
  );
  const queues: JobQueue[] = [];

  afterAll(async () => {
    await Promise.all(queues.map((queue) => queue.close()));
    for (const config of configs) await deleteRedisKeys(config.jobs.prefix);
  });

  it("derives a different prefix from each database name, and neither deployment runs the other one's jobs", async () => {
    expect(configs.map((config) => config.jobs.prefix)).toEqual([
      `bull-prefix_first_${suffix}`,
      `bull-prefix_second_${suffix}`,
    ]);
    const ran: Record<string, string[]> = { first: [], second: [] };
    for (const [index, name] of ['first', 'second'].entries()) {
      const queue = createJobQueue(configs[index]!);
      queues.push(queue);
      queue.registerHandler<{ deployment: string }>('prefix-test.record', async (payload) => {
        ran[name]!.push(payload.deployment);
      });
      await queue.start();
    }
    for (let job = 0; job < 5; job += 1) {
      await queues[0]!.enqueue('prefix-test.record', { deployment: 'first' });
      await queues[1]!.enqueue('prefix-test.record', { deployment: 'second' });
    }
    await eventually(() => expect(ran.first!.length + ran.second!.length).toBe(10), 20_000);
    expect(ran).toEqual({ first: Array(5).fill('first'), second: Array(5).fill('second') });
  });
});
