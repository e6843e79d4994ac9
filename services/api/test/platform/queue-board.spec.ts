import { randomBytes } from 'node:crypto';
import { CommandBus } from '@nestjs/cqrs';
import request from 'supertest';
import { GrantAdminRoleCommand } from '../../src/modules/identity';
import { JOB_QUEUE, type JobQueue } from '../../src/platform/jobs/job-queue.port';
import { signUp, type IdentityTestApp } from '../identity/support';
import { deleteRedisKeys } from './support/redis';
import { startTestApp, testConfig, type TestApp } from './support/test-app';

jest.setTimeout(120_000);

async function adminAndUser(testApp: TestApp) {
  const http = () => request(testApp.app.getHttpServer());
  const asTestApp = { app: testApp.app, http } as unknown as IdentityTestApp;
  const admin = await signUp(asTestApp);
  await testApp.app.get(CommandBus).execute(new GrantAdminRoleCommand(admin.user.id, 'queue board test'));
  const user = await signUp(asTestApp);
  return { http, admin: `Bearer ${admin.token}`, user: `Bearer ${user.token}` };
}

describe('Bull Board at /api/admin/queues', () => {
  describe('with Redis', () => {
    let testApp: TestApp;
    const prefix = `board-${randomBytes(4).toString('hex')}`;
    beforeAll(async () => {
      testApp = await startTestApp({
        database: 'postgres',
        redis: true,
        configOverrides: { jobs: { queueName: 'jobs', prefix } },
      });
    });
    afterAll(async () => {
      await testApp?.close();
      await deleteRedisKeys(prefix);
    });

    it('shows the queue to administrators only, and retries a failed job', async () => {
      const { http, admin, user } = await adminAndUser(testApp);
      expect((await http().get('/api/admin/queues')).status).toBe(401);
      const refused = await http().get('/api/admin/queues/api/queues').set('Authorization', user);
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ code: 'ADMIN_REQUIRED' });

      const page = await http().get('/api/admin/queues').set('Authorization', admin).expect(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.text).toContain('/api/admin/queues');
      // Its script is served under the same guard.
      expect(page.text).toContain('<base href="/api/admin/queues/"');
      const script = `/api/admin/queues/${page.text.match(/src="(static\/[^"]+\.js)"/)?.[1]}`;
      await http().get(script!).set('Authorization', admin).expect(200);
      expect((await http().get(script!)).status).toBe(401);

      const queue = testApp.app.get<JobQueue>(JOB_QUEUE);
      await queue.enqueue('board-test.unhandled', { n: 1 }, { jobId: 'board-test-1', attempts: 1 });
      const deadline = Date.now() + 10_000;
      while ((await queue.failedCount()) === 0 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 50));
      const queues = await http()
        .get('/api/admin/queues/api/queues')
        .query({ activeQueue: 'jobs', status: 'failed' })
        .set('Authorization', admin)
        .expect(200);
      const jobs =
        (queues.body.queues as Array<{ name: string; jobs: Array<{ id: string; name: string }> }>).find(
          (entry) => entry.name === 'jobs',
        )?.jobs ?? [];
      expect(jobs).toEqual([expect.objectContaining({ id: 'board-test-1', name: 'board-test.unhandled' })]);
      await http().put('/api/admin/queues/api/queues/jobs/board-test-1/retry').set('Authorization', admin).expect(204);
      // No handler: it runs again (a second attempt made) and is back in the failed list.
      const back = Date.now() + 10_000;
      let failed = await queue.listFailed();
      while ((failed.length === 0 || failed[0].attemptsMade < 2) && Date.now() < back) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        failed = await queue.listFailed();
      }
      expect(failed).toEqual([expect.objectContaining({ id: 'board-test-1', attemptsMade: 2 })]);
    });
  });

  describe('without Redis', () => {
    let testApp: TestApp;
    beforeAll(async () => {
      testApp = await startTestApp({ database: 'postgres' });
    });
    afterAll(() => testApp?.close());

    it('has no board (jobs run in-process): a 404 in the error shape', async () => {
      expect(testConfig({}).redisUrl).toBeUndefined();
      const { http, admin } = await adminAndUser(testApp);
      const missing = await http().get('/api/admin/queues').set('Authorization', admin);
      expect(missing.status).toBe(404);
      expect(missing.body).toMatchObject({ code: expect.any(String), error: expect.any(String) });
    });
  });
});
