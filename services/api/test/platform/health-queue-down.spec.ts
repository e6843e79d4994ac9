import { loadConfig } from '../../src/platform/config/app-config';
import { HealthService } from '../../src/platform/health/health.service';
import { BullMqJobQueue } from '../../src/platform/jobs/bullmq-job-queue';
import { ProjectionRegistry } from '../../src/platform/projections/projection-registry';
import { ProjectionsService } from '../../src/platform/projections/projections.service';
import { SharedEventReads } from '../../src/platform/projections/shared-event-reads';
import { openTestStore, type TestStore } from './support/test-store';

describe('health when Redis is unreachable', () => {
  let store: TestStore;
  beforeAll(async () => {
    store = await openTestStore('api_health_queue');
  }, 60_000);
  afterAll(() => store?.close());

  // Nothing listens on this port: the queue is down. Health must answer (not hang) and say not ready, and closing
  // the queue must not hang on connections that never came up.
  it('reports the queue down and the service unavailable, and still closes', async () => {
    const queue = new BullMqJobQueue({ redisUrl: 'redis://127.0.0.1:6399', queueName: 'jobs', prefix: 'health-down' });
    const config = loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: store.testDatabase.url });
    const projections = new ProjectionsService(
      new ProjectionRegistry(),
      store.eventStore,
      store.database.pool,
      config,
      new SharedEventReads(store.eventStore),
    );
    const health = new HealthService(store.database, store.eventStore, queue, projections, store.database.pool, config);
    const started = Date.now();
    const { ready, body } = await health.check();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(ready).toBe(false);
    expect(body).toMatchObject({
      status: 'unavailable',
      database: { status: 'up' },
      queue: { status: 'down', kind: 'redis' },
    });
    const readiness = await health.ready();
    expect(readiness.ready).toBe(false);
    expect(readiness.body.reasons).toEqual([expect.stringContaining('queue down')]);
    await queue.close();
  }, 30_000);
});
