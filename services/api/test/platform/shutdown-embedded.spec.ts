import request from 'supertest';
import { startTestApp } from './support/test-app';

jest.setTimeout(120_000);

describe('stopping the embedded application', () => {
  it('closes promptly: runners, queue and PGlite stop without waiting out a timeout', async () => {
    const testApp = await startTestApp({ database: 'pglite' });
    await request(testApp.app.getHttpServer()).get('/api/health/ready').expect(200);
    const started = Date.now();
    await testApp.close();
    const elapsed = Date.now() - started;
    console.log(`embedded close took ${elapsed} ms`);
    expect(elapsed).toBeLessThan(3_000);
  });
});
