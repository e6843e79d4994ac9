import request from 'supertest';
import { startTestApp, type TestApp } from '../platform/support/test-app';

/**
 * `npm start` without DATABASE_URL runs on embedded PGlite, where every connection shares one session: identity must
 * never wait for a second connection inside a transaction. This walks the main flows there.
 */
describe('identity on the embedded database (PGlite)', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp({ database: 'pglite' });
  }, 60_000);
  afterAll(() => testApp?.close(), 60_000);

  it('signs up, signs in, refreshes, updates the profile, logs out and signs in as a demo persona', async () => {
    const http = () => request(testApp.app.getHttpServer());
    const body = { email: 'embedded@example.com', password: 'long enough password', username: 'embedded_user' };
    const signUp = await http().post('/api/auth/signup').send(body).expect(201);
    const signIn = await http()
      .post('/api/auth/signin')
      .send({ email: body.email, password: body.password })
      .expect(200);
    const refreshed = await http()
      .post('/api/auth/refresh')
      .set('Authorization', `Bearer ${signIn.body.token}`)
      .expect(200);
    await http().get('/api/auth/profile').set('Authorization', `Bearer ${signIn.body.token}`).expect(401);
    await http()
      .put('/api/users/profile')
      .set('Authorization', `Bearer ${refreshed.body.token}`)
      .send({ bio: 'on pglite' })
      .expect(200);
    await http().post('/api/auth/logout').set('Authorization', `Bearer ${refreshed.body.token}`).expect(200);
    await http().get('/api/auth/profile').set('Authorization', `Bearer ${refreshed.body.token}`).expect(401);
    await http()
      .post('/api/auth/signup')
      .send({ ...body, username: 'other_name' })
      .expect(409);
    const demo = await http().post('/api/auth/demo/investor').expect(200);
    expect(demo.body.user.user_type).toBe('investor');
    const publicProfile = await http().get(`/api/users/public/id/${signUp.body.user.id}`).expect(200);
    expect(publicProfile.body.user.bio).toBe('on pglite');
  }, 60_000);
});
