import { signUp, type IdentityTestApp } from '../identity/support';
import { startLedgerApp } from '../ledger/app-support';
import { auth, eventually, pointsOf, signUpAdmin } from './support';

jest.setTimeout(120_000);

/** Influence rewards (declared followers, admin verification, monthly claims) on the whole app over a fresh PostgreSQL database. */
describe('rewards API: influence', () => {
  let testApp: IdentityTestApp;

  beforeAll(async () => {
    testApp = await startLedgerApp();
  });
  afterAll(() => testApp.close());

  describe('influence rewards', () => {
    const form = {
      full_name: 'Ada Lovelace',
      platform: 'instagram',
      platform_username: 'ada',
      phone_number: '+44 20 7946 0000',
      email: 'ada@example.com',
      follower_count: 5_000,
    };
    const verify = (userId: string, token: string, body: Record<string, unknown>) =>
      testApp.http().post(`/api/admin/users/${userId}/verify-influence`).set(auth(token)).send(body);

    it('requires every field and 500 to 100,000,000 followers; absurd counts are a 400 VALIDATION_ERROR', async () => {
      const user = await signUp(testApp);
      for (const field of Object.keys(form)) {
        const body: Record<string, unknown> = { ...form };
        delete body[field];
        const response = await testApp
          .http()
          .post('/api/users/register-influence-rewards')
          .set(auth(user.token))
          .send(body)
          .expect(400);
        expect(response.body.error).toBe('Please fill in all required fields');
      }
      const few = await testApp
        .http()
        .post('/api/users/register-influence-rewards')
        .set(auth(user.token))
        .send({ ...form, follower_count: 499 })
        .expect(400);
      expect(few.body.error).toBe('Minimum 500 followers required for influence rewards');
      for (const follower_count of [2_000_000_000, 100_000_001, 1e308, '12345678901234567890123']) {
        const absurd = await testApp
          .http()
          .post('/api/users/register-influence-rewards')
          .set(auth(user.token))
          .send({ ...form, follower_count })
          .expect(400);
        expect(absurd.body).toMatchObject({
          code: 'VALIDATION_ERROR',
          error: 'Follower count must be at most 100,000,000',
        });
        expect(absurd.body.field_errors[0]).toEqual({
          field: 'follower_count',
          message: 'Follower count must be at most 100,000,000',
        });
      }
      expect(
        (await testApp.http().get('/api/users/influence-rewards-status').set(auth(user.token)).expect(200)).body,
      ).toMatchObject({ is_registered_this_month: false, verification_status: 'not_registered' });
    });

    it('a fresh account declaring 2,000,000,000 followers (or any count) is paid nothing until an admin verifies the count', async () => {
      const user = await signUp(testApp);
      const before = await pointsOf(testApp, user.token);
      await testApp
        .http()
        .post('/api/users/register-influence-rewards')
        .set(auth(user.token))
        .send({ ...form, follower_count: 2_000_000_000 })
        .expect(400);
      const registered = await testApp
        .http()
        .post('/api/users/register-influence-rewards')
        .set(auth(user.token))
        .send({ ...form, follower_count: 100_000_000 })
        .expect(200);
      expect(registered.body).toMatchObject({
        success: true,
        follower_count: 100_000_000,
        is_verified: false,
        verification_status: 'pending_verification',
      });
      expect(registered.body.message).toMatch(/awaits verification/);
      const unverified = await testApp
        .http()
        .post('/api/users/claim-influence-points')
        .set(auth(user.token))
        .send({})
        .expect(422);
      expect(unverified.body).toMatchObject({
        code: 'INFLUENCE_NOT_VERIFIED',
        error: 'Your follower count is awaiting verification. Points can be claimed once it is verified.',
      });
      const status = await testApp.http().get('/api/users/influence-rewards-status').set(auth(user.token)).expect(200);
      expect(status.body).toMatchObject({
        is_registered_this_month: true,
        is_verified: false,
        verification_status: 'pending_verification',
        verified_follower_count: null,
        can_claim: false,
      });
      expect(await pointsOf(testApp, user.token)).toBe(before);
    });

    it('only an admin verifies; the points come from the VERIFIED count, bounded by 10,000 a month', async () => {
      const admin = await signUpAdmin(testApp);
      const user = await signUp(testApp);
      await testApp
        .http()
        .post('/api/users/register-influence-rewards')
        .set(auth(user.token))
        .send({ ...form, follower_count: 90_000_000 })
        .expect(200);
      await verify(user.user.id, user.token, { verified_follower_count: 90_000_000 }).expect(403);
      for (const body of [
        {},
        { verified_follower_count: -1 },
        { verified_follower_count: 100_000_001 },
        { verified_follower_count: 1.5 },
      ]) {
        expect((await verify(user.user.id, admin.token, body).expect(400)).body.code).toBe('VALIDATION_ERROR');
      }
      expect(
        (
          await verify(user.user.id, admin.token, {
            verified_follower_count: 1_000,
            platform_username: 'someone_else',
          }).expect(409)
        ).body.code,
      ).toBe('INFLUENCE_USERNAME_CHANGED');
      await verify('00000000-0000-4000-8000-000000000000', admin.token, { verified_follower_count: 1_000 }).expect(404);

      // The verifier saw 12,345 followers, not 90 million: 123 points.
      const verified = await verify(user.user.id, admin.token, {
        verified_follower_count: 12_345,
        platform_username: '@ADA',
      }).expect(200);
      expect(verified.body).toMatchObject({
        is_verified: true,
        verification_status: 'verified',
        follower_count: 90_000_000,
        verified_follower_count: 12_345,
        points_calculated: 123,
        can_claim: true,
      });
      expect(verified.body.verified_at).toEqual(expect.any(String));
      const before = await pointsOf(testApp, user.token);
      const claimed = await testApp
        .http()
        .post('/api/users/claim-influence-points')
        .set(auth(user.token))
        .send({})
        .expect(200);
      expect(claimed.body.points_awarded).toBe(123);
      expect(await pointsOf(testApp, user.token)).toBe(before + 123);

      // A verified 50,000,000 pays the monthly bound, not 500,000.
      const big = await signUp(testApp);
      await testApp
        .http()
        .post('/api/users/register-influence-rewards')
        .set(auth(big.token))
        .send({ ...form, follower_count: 50_000_000 })
        .expect(200);
      expect(
        (await verify(big.user.id, admin.token, { verified_follower_count: 50_000_000 }).expect(200)).body
          .points_calculated,
      ).toBe(10_000);
      expect(
        (await testApp.http().post('/api/users/claim-influence-points').set(auth(big.token)).send({}).expect(200)).body
          .points_awarded,
      ).toBe(10_000);

      // The verification names the administrator who made it.
      const { EVENT_STORE } = await import('../../src/platform/database/database.tokens');
      const events = await testApp.app.get(EVENT_STORE).readStream(`rewards-account-${user.user.id}`);
      expect(events.find((event: { type: string }) => event.type === 'InfluenceFollowersVerified')?.data).toMatchObject(
        {
          declaredFollowerCount: 90_000_000,
          verifiedFollowerCount: 12_345,
          monthlyPointsMinor: '1230',
          verifiedBy: `admin:${admin.user.id}`,
        },
      );
    });

    it("lists this month's claims to verify, to administrators only, with who verified which count", async () => {
      const admin = await signUpAdmin(testApp);
      const user = await signUp(testApp);
      await testApp
        .http()
        .post('/api/users/register-influence-rewards')
        .set(auth(user.token))
        .send({ ...form, platform_username: 'listed', follower_count: 7_000 })
        .expect(200);
      await testApp.http().get('/api/admin/influence-verifications').set(auth(user.token)).expect(403);
      const entryOf = (response: { body: { user_id: string }[] }) =>
        response.body.find((entry) => entry.user_id === user.user.id);
      const pending = await eventually(
        () => testApp.http().get('/api/admin/influence-verifications?limit=200').set(auth(admin.token)).expect(200),
        (response) => entryOf(response) !== undefined,
      );
      expect(entryOf(pending)).toEqual({
        user_id: user.user.id,
        month: new Date().toISOString().slice(0, 7),
        platform: 'instagram',
        platform_username: 'listed',
        follower_count: 7_000,
        registered_at: expect.any(String),
        verified_follower_count: null,
        verified_by: null,
        verified_at: null,
        rejected_at: null,
        rejection_reason: null,
      });
      await verify(user.user.id, admin.token, { verified_follower_count: 6_500 }).expect(200);
      const verified = await eventually(
        () =>
          testApp
            .http()
            .get('/api/admin/influence-verifications?status=verified&limit=200')
            .set(auth(admin.token))
            .expect(200),
        (response) => entryOf(response) !== undefined,
      );
      expect(entryOf(verified)).toMatchObject({
        follower_count: 7_000,
        verified_follower_count: 6_500,
        verified_by: `admin:${admin.user.id}`,
      });
      await testApp.http().get('/api/admin/influence-verifications?status=nope').set(auth(admin.token)).expect(400);
    });

    it('refuses verification before a registration this month', async () => {
      const admin = await signUpAdmin(testApp);
      const user = await signUp(testApp);
      expect((await verify(user.user.id, admin.token, { verified_follower_count: 5_000 }).expect(422)).body.code).toBe(
        'INFLUENCE_NOT_REGISTERED',
      );
    });

    it.each([
      [5_000, 50],
      [10_000, 100],
      [50_000, 500],
      [1_299, 12],
    ])('%i verified followers give floor(× 0.01) = %i points, claimed once this month', async (followers, points) => {
      const admin = await signUpAdmin(testApp);
      const user = await signUp(testApp);
      const notYet = await testApp
        .http()
        .post('/api/users/claim-influence-points')
        .set(auth(user.token))
        .send({})
        .expect(422);
      expect(notYet.body.code).toBe('INFLUENCE_NOT_REGISTERED');
      const registered = await testApp
        .http()
        .post('/api/users/register-influence-rewards')
        .set(auth(user.token))
        .send({ ...form, follower_count: followers })
        .expect(200);
      expect(registered.body).toMatchObject({
        platform_username: 'ada',
        follower_count: followers,
        points_calculated: points,
        current_month: new Date().toISOString().slice(0, 7),
        is_verified: false,
      });
      await verify(user.user.id, admin.token, { verified_follower_count: followers }).expect(200);
      const status = await testApp.http().get('/api/users/influence-rewards-status').set(auth(user.token)).expect(200);
      expect(status.body).toMatchObject({
        is_registered_this_month: true,
        follower_count: followers,
        verified_follower_count: followers,
        points_calculated: points,
        claimed_this_month: false,
        can_claim: true,
      });
      const before = await pointsOf(testApp, user.token);
      const claimed = await testApp
        .http()
        .post('/api/users/claim-influence-points')
        .set(auth(user.token))
        .send({})
        .expect(200);
      expect(claimed.body.points_awarded).toBe(points);
      expect(await pointsOf(testApp, user.token)).toBe(before + points);
      // A request without a body is the same as `{}`.
      const twice = await testApp.http().post('/api/users/claim-influence-points').set(auth(user.token)).expect(409);
      expect(twice.body).toMatchObject({
        code: 'ALREADY_CLAIMED',
        error: 'Influence points already claimed this month',
      });
      expect(
        (await testApp.http().get('/api/users/influence-rewards-status').set(auth(user.token))).body,
      ).toMatchObject({ claimed_this_month: true, can_claim: false });
    });

    it('two parallel monthly claims: exactly one pays', async () => {
      const admin = await signUpAdmin(testApp);
      const user = await signUp(testApp);
      await testApp.http().post('/api/users/register-influence-rewards').set(auth(user.token)).send(form).expect(200);
      await verify(user.user.id, admin.token, { verified_follower_count: 5_000 }).expect(200);
      const before = await pointsOf(testApp, user.token);
      const answers = await Promise.all(
        Array.from({ length: 6 }, () =>
          testApp.http().post('/api/users/claim-influence-points').set(auth(user.token)).send({}),
        ),
      );
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
      expect(await pointsOf(testApp, user.token)).toBe(before + 50);
    });
  });
});
