import { InProcessJobQueue } from '../../src/platform/jobs/in-process-job-queue';
import type { JobQueue } from '../../src/platform/jobs/job-queue.port';
import { bullMqTestQueue, deleteRedisKeys } from './support/redis';

interface Adapter {
  name: string;
  create(): { queue: JobQueue; cleanup(): Promise<void> };
}

const adapters: Adapter[] = [
  { name: 'in-process', create: () => ({ queue: new InProcessJobQueue(), cleanup: async () => undefined }) },
  {
    name: 'BullMQ on Redis',
    create: () => {
      const { prefix, queue } = bullMqTestQueue();
      return { queue, cleanup: async () => void (await deleteRedisKeys(prefix)) };
    },
  },
];

async function waitFor(condition: () => Promise<boolean> | boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('Timed out waiting for a condition');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

jest.setTimeout(30_000);

describe.each(adapters)('JobQueue: $name', (adapter) => {
  let queue: JobQueue;
  let cleanup: () => Promise<void>;

  beforeEach(() => {
    ({ queue, cleanup } = adapter.create());
  });
  afterEach(async () => {
    await queue.close();
    await cleanup();
  });

  it('retries a failing job with exponential backoff until it succeeds', async () => {
    const runs: { attempt: number; at: number }[] = [];
    queue.registerHandler('flaky', async (_payload, context) => {
      runs.push({ attempt: context.attempt, at: Date.now() });
      if (context.attempt < 3) throw new Error(`failure ${context.attempt}`);
    });
    await queue.start();
    await queue.enqueue('flaky', { value: 1 }, { attempts: 5, backoff: { type: 'exponential', delayMs: 150 } });
    await waitFor(() => runs.length === 3);
    expect(runs.map((run) => run.attempt)).toEqual([1, 2, 3]);
    // 150 ms, then 300 ms (a little slack for timers).
    expect(runs[1].at - runs[0].at).toBeGreaterThanOrEqual(140);
    expect(runs[2].at - runs[1].at).toBeGreaterThanOrEqual(290);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await queue.failedCount()).toBe(0);
  });

  it('keeps a job that used up its attempts in the failed list, and can retry it', async () => {
    let healthy = false;
    let successes = 0;
    queue.registerHandler('fragile', async () => {
      if (!healthy) throw new Error('downstream is down');
      successes += 1;
    });
    await queue.start();
    await queue.enqueue(
      'fragile',
      { orderId: 'o-1' },
      { jobId: 'fragile-o-1', attempts: 3, backoff: { type: 'fixed', delayMs: 20 } },
    );
    await waitFor(async () => (await queue.failedCount()) === 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const failed = await queue.listFailed();
    expect(failed).toEqual([
      expect.objectContaining({
        id: 'fragile-o-1',
        name: 'fragile',
        payload: { orderId: 'o-1' },
        attemptsMade: 3,
        failedReason: 'downstream is down',
      }),
    ]);
    expect(failed[0].failedAt).toBeInstanceOf(Date);
    expect(successes).toBe(0);

    healthy = true;
    expect(await queue.retryFailed('fragile-o-1')).toBe(true);
    await waitFor(() => successes === 1);
    expect(await queue.failedCount()).toBe(0);
    expect(await queue.retryFailed('no-such-job')).toBe(false);
  });

  it('treats a job id as an idempotency key', async () => {
    const seen: unknown[] = [];
    queue.registerHandler('once', async (payload) => void seen.push(payload));
    await queue.enqueue('once', { copy: 1 }, { jobId: 'once-1' });
    await queue.enqueue('once', { copy: 2 }, { jobId: 'once-1' });
    await queue.start();
    await waitFor(() => seen.length === 1);
    await queue.enqueue('once', { copy: 3 }, { jobId: 'once-1' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(seen).toEqual([{ copy: 1 }]);
    expect(await queue.has('once-1')).toBe(true);
    expect(await queue.has('never-enqueued')).toBe(false);
  });

  it('runs a delayed job no earlier than asked', async () => {
    let ranAt = 0;
    queue.registerHandler('later', async () => {
      ranAt = Date.now();
    });
    await queue.start();
    const enqueuedAt = Date.now();
    await queue.enqueue('later', {}, { delayMs: 300 });
    await waitFor(() => ranAt > 0);
    expect(ranAt - enqueuedAt).toBeGreaterThanOrEqual(290);
  });

  it('runs a repeating schedule', async () => {
    let runs = 0;
    queue.registerHandler('tick', async () => {
      runs += 1;
    });
    await queue.start();
    await queue.schedule('tick', { everyMs: 100 });
    await waitFor(() => runs >= 3, 5_000);
  });

  it('runs a cron schedule (with seconds)', async () => {
    let runs = 0;
    queue.registerHandler('cron-tick', async () => {
      runs += 1;
    });
    await queue.start();
    await queue.schedule('cron-tick', { cron: '* * * * * *' });
    await waitFor(() => runs >= 2, 5_000);
  });

  it('refuses job ids that would break Redis keys', async () => {
    await expect(queue.enqueue('x', {}, { jobId: 'a:b' })).rejects.toThrow('Invalid job id');
    await expect(queue.enqueue('x', {}, { jobId: '42' })).rejects.toThrow('Invalid job id');
  });

  it('answers a ping', async () => {
    await expect(queue.ping()).resolves.toBeUndefined();
  });
});
