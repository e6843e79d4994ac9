import { InProcessJobQueue } from '../../src/platform/jobs/in-process-job-queue';
import { contentViewsOf, rollupOf, targetOf, type StoredEvent } from '../../src/modules/telemetry/domain/rollup';
import { GroupedBatchWriter, type BatchToStore } from '../../src/modules/telemetry/infrastructure/grouped-batch-writer';
import { BatchEnqueuer } from '../../src/modules/telemetry/ingest-telemetry/batch-enqueuer';
import {
  STORE_TELEMETRY_BATCH_JOB,
  batchesOf,
  type StoreTelemetryBatchPayload,
} from '../../src/modules/telemetry/ingest-telemetry/store-telemetry-batch.job';

const event = (
  eventType: string,
  payload: Record<string, unknown>,
  receivedAt = '2026-11-27T10:00:00.000Z',
): StoredEvent => ({ receivedAt, sessionId: 's', userId: null, eventType, payload });
const batch = (batchId: string, size = 1): BatchToStore => ({
  batchId,
  events: Array.from({ length: size }, () => event('impression', { target_type: 'content', target_id: 'c' })),
});

describe('rollup (pure)', () => {
  it('counts tracked events per target, type and UTC day of receipt, merged and sorted by key; other events are not counted', () => {
    const { targets, campaigns } = rollupOf([
      event('view', { target_type: 'drop', target_id: 'd' }),
      event('impression', { target_type: 'content', target_id: 'c', campaign_id: 'k' }),
      event('impression', { target_type: 'content', target_id: 'c', campaign_id: 'k' }, '2026-11-28T00:00:00.000Z'),
      event('impression', { target_type: 'content', target_id: 'c' }),
      event('view', { target_type: 'content', target_id: 'c' }),
      event('scroll', { depth: 3 }),
      event('click', { target_type: 'user', target_id: 'u' }),
    ]);
    expect(targets).toEqual([
      { targetType: 'content', targetId: 'c', eventType: 'impression', day: '2026-11-27', count: 2 },
      { targetType: 'content', targetId: 'c', eventType: 'impression', day: '2026-11-28', count: 1 },
      { targetType: 'content', targetId: 'c', eventType: 'view', day: '2026-11-27', count: 1 },
      { targetType: 'drop', targetId: 'd', eventType: 'view', day: '2026-11-27', count: 1 },
    ]);
    expect(campaigns).toEqual([
      { campaignId: 'k', eventType: 'impression', day: '2026-11-27', count: 1 },
      { campaignId: 'k', eventType: 'impression', day: '2026-11-28', count: 1 },
    ]);
    expect(contentViewsOf(targets)).toEqual([{ contentId: 'c', views: 1 }]);
    expect(targetOf(event('click', { target_type: 'drop', target_id: '' }))).toBeNull();
  });
});

describe('GroupedBatchWriter', () => {
  it('writes what waits while a group is written as the next group; a failed group fails its callers only', async () => {
    const groups: string[][] = [];
    let release: () => void = () => undefined;
    const writer = new GroupedBatchWriter(async (batches) => {
      groups.push(batches.map((entry) => entry.batchId));
      if (groups.length === 1) await new Promise<void>((resolve) => (release = resolve));
      if (batches.some((entry) => entry.batchId === 'b')) throw new Error('database down');
    });
    const first = writer.store([batch('a')]);
    const second = writer.store([batch('b'), batch('c')]);
    const third = writer.store([batch('d')]);
    release();
    await first;
    await expect(second).rejects.toThrow('database down');
    await expect(third).rejects.toThrow('database down');
    await writer.store([batch('e')]);
    expect(groups).toEqual([['a'], ['b', 'c', 'd'], ['e']]);
  });

  it('caps a group by events', async () => {
    const groups: number[] = [];
    let release: () => void = () => undefined;
    const writer = new GroupedBatchWriter(async (batches) => {
      groups.push(batches.reduce((sum, entry) => sum + entry.events.length, 0));
      if (groups.length === 1) await new Promise<void>((resolve) => (release = resolve));
    }, 10);
    const all = [
      writer.store([batch('a', 1)]),
      writer.store([batch('b', 6)]),
      writer.store([batch('c', 4)]),
      writer.store([batch('d', 20)]),
    ];
    release();
    await Promise.all(all);
    expect(groups).toEqual([1, 10, 20]);
  });
});

describe('BatchEnqueuer', () => {
  it('queues batches accepted within the window as one job, a full job at once, and each caller waits for its job', async () => {
    const queue = new InProcessJobQueue();
    const jobs: Array<Array<{ batchId: string; events: number }>> = [];
    queue.registerHandler<StoreTelemetryBatchPayload>(STORE_TELEMETRY_BATCH_JOB, async (payload) => {
      jobs.push(batchesOf(payload).map((entry) => ({ batchId: entry.batchId, events: entry.events.length })));
    });
    await queue.start();
    try {
      const enqueuer = new BatchEnqueuer(queue, 20, 5);
      await Promise.all([
        enqueuer.enqueue('a', batch('a', 2).events as StoredEvent[]),
        enqueuer.enqueue('b', batch('b', 1).events as StoredEvent[]),
      ]);
      await Promise.all([
        enqueuer.enqueue('c', batch('c', 3).events as StoredEvent[]),
        enqueuer.enqueue('d', batch('d', 3).events as StoredEvent[]),
        enqueuer.enqueue('e', batch('e', 1).events as StoredEvent[]),
      ]);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(jobs).toEqual([
        [
          { batchId: 'a', events: 2 },
          { batchId: 'b', events: 1 },
        ],
        [
          { batchId: 'c', events: 3 },
          { batchId: 'd', events: 3 },
        ],
        [{ batchId: 'e', events: 1 }],
      ]);
      // A job of the first release (one batch) is still read.
      expect(batchesOf({ batchId: 'old', events: [] })).toEqual([{ batchId: 'old', events: [] }]);
    } finally {
      await queue.close();
    }
  });

  it('fails every caller of a job the queue refuses', async () => {
    const queue = new InProcessJobQueue();
    await queue.close();
    const enqueuer = new BatchEnqueuer(queue, 1);
    await expect(enqueuer.enqueue('a', [])).rejects.toThrow();
  });
});
