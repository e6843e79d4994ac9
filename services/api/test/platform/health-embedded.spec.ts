import request from 'supertest';
import { startTestApp, type TestApp } from './support/test-app';

describe('the API on its embedded defaults (no DATABASE_URL, no REDIS_URL)', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await startTestApp({ database: 'pglite' });
  }, 120_000);
  afterAll(() => testApp?.close(), 30_000);

  it('runs on PGlite under DATA_DIR with in-process jobs and reports ready', async () => {
    const response = await request(testApp.app.getHttpServer()).get('/api/health');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      status: 'ok',
      database: { status: 'up', kind: 'pglite' },
      queue: { status: 'up', kind: 'in_process' },
    });
  });
});
