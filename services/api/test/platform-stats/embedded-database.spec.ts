import request from 'supertest';
import { PlatformStatsSchema } from '@app/contracts/src/platform-stats';
import { DropsModule, PlatformStatsModule } from '../../src/modules/context-modules';
import { startTestApp, type TestApp } from '../platform/support/test-app';
import { waitFor } from '../drops/support';

/** `npm start` without DATABASE_URL runs on embedded PGlite (one session): the projection and its reads work there too. */
describe('platform statistics on the embedded database (PGlite)', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp({ database: 'pglite', extraModules: [DropsModule, PlatformStatsModule] });
  }, 120_000);
  afterAll(() => testApp?.close(), 60_000);

  it('counts a sign-up and a conversion', async () => {
    const http = () => request(testApp.app.getHttpServer());
    const stats = async () => PlatformStatsSchema.parse((await http().get('/api/stats/platform').expect(200)).body);
    const before = await stats();
    await http().post('/api/auth/signup').send({ email: 'counted@example.com', password: 'long enough password', username: 'counted' }).expect(201);
    await waitFor(stats, (figures) => figures.members === before.members + 1);
    // The welcome grant is 25 points and a key costs 500: a gems conversion after a demo persona's funding instead.
    const investor = await http().post('/api/auth/demo/investor').expect(200);
    await http().post('/api/users/convert').set({ Authorization: `Bearer ${investor.body.token}` }).send({ from_currency: 'gems', to_currency: 'keys', amount: 1 }).expect(200);
    const after = await waitFor(stats, (figures) => figures.keys_converted === '1');
    expect(after.members).toBeGreaterThanOrEqual(before.members + 1);
  }, 120_000);
});
