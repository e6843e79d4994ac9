import { CommandBus } from '@nestjs/cqrs';
import request from 'supertest';
import { ChangeUserTierCommand, ChangeUserTypeCommand } from '../../src/modules/identity';
import { DropsModule, RewardsModule } from '../../src/modules/context-modules';
import { startTestApp, type TestApp } from '../platform/support/test-app';

/**
 * `npm start` without DATABASE_URL runs on embedded PGlite, where every connection shares one session: the drops
 * module must never wait for a second connection inside its transaction (it asks other contexts first).
 */
describe('drops on the embedded database (PGlite)', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp({ database: 'pglite', extraModules: [RewardsModule, DropsModule] });
  }, 120_000);
  afterAll(() => testApp?.close(), 60_000);

  it('creates a paid drop, applies to a proof drop, reviews, submits, completes and lists', async () => {
    const http = () => request(testApp.app.getHttpServer());
    const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
    const advertiser = await http().post('/api/auth/demo/advertiser').expect(200);
    const commandBus = testApp.app.get(CommandBus);
    await commandBus.execute(new ChangeUserTypeCommand(advertiser.body.user.id, 'advertiser'));
    await commandBus.execute(new ChangeUserTierCommand(advertiser.body.user.id, 'premium'));
    // A demo sandbox takes part only in demo drops, so the applicant is a demo login too.
    const user = await http().post('/api/auth/demo/creator').expect(200);

    const paid = await http()
      .post('/api/drops')
      .set(auth(advertiser.body.token))
      .send({ title: 'Paid', description: 'd', is_paid_drop: true, gem_pool_total: 100 })
      .expect(201);
    expect(paid.body.gem_pool_remaining).toBe(100);
    const refused = await http()
      .post(`/api/drops/${paid.body.id}/apply`)
      .set(auth(user.body.token))
      .send({ application_message: 'me' })
      .expect(422);
    expect(refused.body.error).toBe('Master Key must be activated for today');

    const proof = await http()
      .post('/api/drops')
      .set(auth(advertiser.body.token))
      .send({ title: 'Proof', description: 'd' })
      .expect(201);
    const application = await http()
      .post(`/api/drops/${proof.body.id}/apply`)
      .set(auth(user.body.token))
      .send({ application_message: 'me' })
      .expect(201);
    await http()
      .post(`/api/drop-applications/${application.body.id}/approve`)
      .set(auth(advertiser.body.token))
      .expect(200);
    await http()
      .post(`/api/drop-applications/${application.body.id}/submit`)
      .set(auth(user.body.token))
      .send({ submission_type: 'text', submission_data: 'done' })
      .expect(200);
    const paidOut = await http()
      .post(`/api/drop-applications/${application.body.id}/complete`)
      .set(auth(advertiser.body.token))
      .send({ review_score: 7 })
      .expect(200);
    expect(paidOut.body.status).toBe('paid');
    const mine = await http().get('/api/users/drop-applications').set(auth(user.body.token)).expect(200);
    expect(mine.body.map((entry: { id: string; status: string }) => [entry.id, entry.status])).toEqual([
      [application.body.id, 'paid'],
    ]);
    // A demo login lists its own sandbox's drops: the advertiser's two come after the two it was seeded with.
    const list = await http().get('/api/drops').set(auth(advertiser.body.token)).expect(200);
    const created = list.body.filter((drop: { id: string }) => drop.id === proof.body.id || drop.id === paid.body.id);
    expect(created.map((drop: { id: string }) => drop.id)).toEqual([proof.body.id, paid.body.id]);
  }, 120_000);
});
