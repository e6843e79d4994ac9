import { signUp, type IdentityTestApp } from '../identity/support';
import { startLedgerApp } from '../ledger/app-support';
import { auth, completeDropApplication, eventually, pointsOf, signUpAdmin, signUpWithTier } from './support';

jest.setTimeout(120_000);

/** Master key, Instagram, influence rewards and referral on the whole app over a fresh PostgreSQL database. */
describe('rewards API', () => {
  let testApp: IdentityTestApp;

  beforeAll(async () => {
    testApp = await startLedgerApp();
  });
  afterAll(() => testApp.close());

  const status = (token: string) => testApp.http().get('/api/users/master-key-status').set(auth(token)).expect(200);

  describe('master key', () => {
    it('answers 401 without a session', async () => {
      await testApp.http().get('/api/users/master-key-status').expect(401);
      await testApp.http().post('/api/users/activate-master-key').send({}).expect(401);
    });

    it('starts inactive with the free tier requirement of 5 proof drops', async () => {
      const user = await signUpWithTier(testApp, 'free');
      const response = await status(user.token);
      expect(response.body).toEqual({
        is_activated: false,
        proof_drops_completed: 0,
        proof_drops_required: 5,
        last_activated_at: null,
      });
    });

    it.each([
      ['free', 5],
      ['premium', 2],
      ['super', 1],
    ] as const)('a %s user activates only after %i proof drops completed today', async (tier, required) => {
      const user = await signUpWithTier(testApp, tier);
      for (let index = 0; index < required - 1; index += 1)
        await completeDropApplication(testApp, user.user.id, 'proof');
      // Paid drops, and proof drops of another day, do not count.
      await completeDropApplication(testApp, user.user.id, 'paid');
      await completeDropApplication(
        testApp,
        user.user.id,
        'proof',
        new Date(Date.now() - 2 * 86_400_000).toISOString(),
      );
      await eventually(
        () => status(user.token),
        (response) => response.body.proof_drops_completed === required - 1,
      );

      const refused = await testApp
        .http()
        .post('/api/users/activate-master-key')
        .set(auth(user.token))
        .send({})
        .expect(422);
      expect(refused.body).toMatchObject({
        code: 'MASTER_KEY_NOT_READY',
        error: `Complete ${required} proof drops today to activate the Master Key (${required - 1} of ${required} done)`,
      });
      expect((await status(user.token)).body.is_activated).toBe(false);

      await completeDropApplication(testApp, user.user.id, 'proof');
      await eventually(
        () => status(user.token),
        (response) => response.body.proof_drops_completed === required,
      );
      const activated = await testApp
        .http()
        .post('/api/users/activate-master-key')
        .set(auth(user.token))
        .send({})
        .expect(200);
      expect(activated.body).toMatchObject({
        success: true,
        is_activated: true,
        proof_drops_completed: required,
        proof_drops_required: required,
      });
      expect(activated.body.valid_until).toBe(`${new Date().toISOString().slice(0, 10)}T23:59:59.999Z`);
      const after = await status(user.token);
      expect(after.body).toMatchObject({ is_activated: true, last_activated_at: activated.body.activated_at });

      // Activating again the same day keeps the first activation.
      const again = await testApp.http().post('/api/users/activate-master-key').set(auth(user.token)).expect(200);
      expect(again.body.activated_at).toBe(activated.body.activated_at);
    });
  });

  describe('master key reads its own writes', () => {
    it('right after the last proof drop completes, the status counts it and activation succeeds (no waiting for a projection)', async () => {
      for (const tier of ['free', 'premium', 'super'] as const) {
        const user = await signUpWithTier(testApp, tier);
        const required = tier === 'free' ? 5 : tier === 'premium' ? 2 : 1;
        for (let index = 0; index < required - 1; index += 1)
          await completeDropApplication(testApp, user.user.id, 'proof');
        expect((await status(user.token)).body.proof_drops_completed).toBe(required - 1);
        await completeDropApplication(testApp, user.user.id, 'proof');
        // At once: the projection polls every 250 ms and has not seen the last completion yet.
        expect((await status(user.token)).body).toMatchObject({
          proof_drops_completed: required,
          proof_drops_required: required,
          is_activated: false,
        });
        const activated = await testApp
          .http()
          .post('/api/users/activate-master-key')
          .set(auth(user.token))
          .send({})
          .expect(200);
        expect(activated.body).toMatchObject({ is_activated: true, proof_drops_completed: required });
      }
    });

    it('counts each completion once once the projection has caught up too', async () => {
      const user = await signUpWithTier(testApp, 'premium');
      await completeDropApplication(testApp, user.user.id, 'proof');
      await completeDropApplication(testApp, user.user.id, 'proof');
      await completeDropApplication(testApp, user.user.id, 'proof');
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect((await status(user.token)).body.proof_drops_completed).toBe(3);
    });
  });

  describe('Instagram', () => {
    it("refuses an empty username with 'Please enter your Instagram username'", async () => {
      const user = await signUp(testApp);
      for (const body of [{}, { instagram_username: '' }, { instagram_username: '   ' }, { instagram_username: '@' }]) {
        const response = await testApp
          .http()
          .post('/api/users/register-instagram')
          .set(auth(user.token))
          .send(body)
          .expect(400);
        expect(response.body).toMatchObject({
          code: 'VALIDATION_ERROR',
          error: 'Please enter your Instagram username',
        });
      }
    });

    it('registers, is verified by an admin, pays 500/750/1000 by tier once a month', async () => {
      const admin = await signUpAdmin(testApp);
      for (const [tier, points] of [
        ['free', 500],
        ['premium', 750],
        ['super', 1000],
      ] as const) {
        const user = await signUpWithTier(testApp, tier);
        const claimBefore = await testApp
          .http()
          .post('/api/users/claim-instagram-points')
          .set(auth(user.token))
          .send({})
          .expect(422);
        expect(claimBefore.body).toMatchObject({
          code: 'INSTAGRAM_NOT_REGISTERED',
          error: 'Please register your Instagram username first',
        });

        const registered = await testApp
          .http()
          .post('/api/users/register-instagram')
          .set(auth(user.token))
          .send({ instagram_username: '@my.handle_1' })
          .expect(200);
        expect(registered.body).toMatchObject({
          success: true,
          instagram_username: 'my.handle_1',
          is_verified: false,
          monthly_points: points,
          can_claim: false,
        });

        const unverified = await testApp
          .http()
          .post('/api/users/claim-instagram-points')
          .set(auth(user.token))
          .send({})
          .expect(422);
        expect(unverified.body).toMatchObject({ code: 'INSTAGRAM_NOT_VERIFIED' });

        // Only an administrator verifies.
        await testApp
          .http()
          .post(`/api/admin/users/${user.user.id}/verify-instagram`)
          .set(auth(user.token))
          .send({})
          .expect(403);
        const mismatch = await testApp
          .http()
          .post(`/api/admin/users/${user.user.id}/verify-instagram`)
          .set(auth(admin.token))
          .send({ instagram_username: 'someone_else' })
          .expect(409);
        expect(mismatch.body.code).toBe('INSTAGRAM_USERNAME_CHANGED');
        const verified = await testApp
          .http()
          .post(`/api/admin/users/${user.user.id}/verify-instagram`)
          .set(auth(admin.token))
          .send({ instagram_username: 'my.handle_1' })
          .expect(200);
        expect(verified.body).toMatchObject({ is_verified: true, can_claim: true });

        const before = await pointsOf(testApp, user.token);
        const claimed = await testApp
          .http()
          .post('/api/users/claim-instagram-points')
          .set(auth(user.token))
          .send({})
          .expect(200);
        expect(claimed.body).toMatchObject({
          success: true,
          points_awarded: points,
          month: new Date().toISOString().slice(0, 7),
        });
        expect(await pointsOf(testApp, user.token)).toBe(before + points);

        const twice = await testApp
          .http()
          .post('/api/users/claim-instagram-points')
          .set(auth(user.token))
          .send({})
          .expect(409);
        expect(twice.body).toMatchObject({
          code: 'ALREADY_CLAIMED',
          error: 'Instagram points already claimed this month',
        });
        expect(await pointsOf(testApp, user.token)).toBe(before + points);
      }
    });

    it('lists pending verifications to administrators only', async () => {
      const admin = await signUpAdmin(testApp);
      const user = await signUp(testApp);
      await testApp
        .http()
        .post('/api/users/register-instagram')
        .set(auth(user.token))
        .send({ instagram_username: 'pending_one' })
        .expect(200);
      await testApp.http().get('/api/admin/instagram-verifications').set(auth(user.token)).expect(403);
      const pending = await eventually(
        () => testApp.http().get('/api/admin/instagram-verifications?limit=200').set(auth(admin.token)).expect(200),
        (response) => response.body.some((entry: { user_id: string }) => entry.user_id === user.user.id),
      );
      expect(pending.body.find((entry: { user_id: string }) => entry.user_id === user.user.id)).toMatchObject({
        instagram_username: 'pending_one',
        verified_at: null,
      });
      await testApp
        .http()
        .post(`/api/admin/users/${user.user.id}/verify-instagram`)
        .set(auth(admin.token))
        .send({})
        .expect(200);
      const verified = await eventually(
        () =>
          testApp
            .http()
            .get('/api/admin/instagram-verifications?status=verified&limit=200')
            .set(auth(admin.token))
            .expect(200),
        (response) => response.body.some((entry: { user_id: string }) => entry.user_id === user.user.id),
      );
      expect(
        verified.body.find((entry: { user_id: string }) => entry.user_id === user.user.id).verified_at,
      ).not.toBeNull();
    });

    it('a different username returns to step 1 (unverified again)', async () => {
      const admin = await signUpAdmin(testApp);
      const user = await signUp(testApp);
      await testApp
        .http()
        .post('/api/users/register-instagram')
        .set(auth(user.token))
        .send({ instagram_username: 'first_name' })
        .expect(200);
      await testApp
        .http()
        .post(`/api/admin/users/${user.user.id}/verify-instagram`)
        .set(auth(admin.token))
        .send({})
        .expect(200);
      const same = await testApp
        .http()
        .post('/api/users/register-instagram')
        .set(auth(user.token))
        .send({ instagram_username: 'FIRST_NAME' })
        .expect(200);
      expect(same.body.is_verified).toBe(true);
      const other = await testApp
        .http()
        .post('/api/users/register-instagram')
        .set(auth(user.token))
        .send({ instagram_username: 'second_name' })
        .expect(200);
      expect(other.body).toMatchObject({ instagram_username: 'second_name', is_verified: false });
      await testApp.http().post('/api/users/claim-instagram-points').set(auth(user.token)).send({}).expect(422);
    });

    it('two parallel monthly claims: exactly one pays', async () => {
      const admin = await signUpAdmin(testApp);
      const user = await signUp(testApp);
      await testApp
        .http()
        .post('/api/users/register-instagram')
        .set(auth(user.token))
        .send({ instagram_username: 'racer' })
        .expect(200);
      await testApp
        .http()
        .post(`/api/admin/users/${user.user.id}/verify-instagram`)
        .set(auth(admin.token))
        .send({})
        .expect(200);
      const before = await pointsOf(testApp, user.token);
      const answers = await Promise.all(
        Array.from({ length: 6 }, () =>
          testApp.http().post('/api/users/claim-instagram-points').set(auth(user.token)).send({}),
        ),
      );
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
      expect(await pointsOf(testApp, user.token)).toBe(before + 500);
    });

    it('honours Idempotency-Key on the claim', async () => {
      const admin = await signUpAdmin(testApp);
      const user = await signUp(testApp);
      await testApp
        .http()
        .post('/api/users/register-instagram')
        .set(auth(user.token))
        .send({ instagram_username: 'idem' })
        .expect(200);
      await testApp
        .http()
        .post(`/api/admin/users/${user.user.id}/verify-instagram`)
        .set(auth(admin.token))
        .send({})
        .expect(200);
      const first = await testApp
        .http()
        .post('/api/users/claim-instagram-points')
        .set(auth(user.token))
        .set('Idempotency-Key', 'claim-1')
        .send({})
        .expect(200);
      const replay = await testApp
        .http()
        .post('/api/users/claim-instagram-points')
        .set(auth(user.token))
        .set('Idempotency-Key', 'claim-1')
        .send({})
        .expect(200);
      expect(replay.headers['idempotency-replayed']).toBe('true');
      expect(replay.body).toEqual(first.body);
    });
  });

  describe('referral', () => {
    it('upper-cases the code, pays the referrer 500 and the referred user 250, once', async () => {
      const referrer = await signUp(testApp);
      const referred = await signUp(testApp);
      const referrerBefore = await pointsOf(testApp, referrer.token);
      const referredBefore = await pointsOf(testApp, referred.token);
      const applied = await eventually(
        () =>
          testApp
            .http()
            .post('/api/users/process-referral')
            .set(auth(referred.token))
            .send({ referral_code: referrer.user.referral_code.toLowerCase() }),
        (response) => response.status !== 404,
      );
      expect(applied.status).toBe(200);
      expect(applied.body).toMatchObject({
        success: true,
        referral_code: referrer.user.referral_code,
        referred_by: referrer.user.id,
        referred_reward: 250,
        referrer_reward: 500,
      });
      expect(await pointsOf(testApp, referrer.token)).toBe(referrerBefore + 500);
      expect(await pointsOf(testApp, referred.token)).toBe(referredBefore + 250);
      const status = await testApp.http().get('/api/users/referral-status').set(auth(referred.token)).expect(200);
      expect(status.body).toEqual({
        referral_code: referred.user.referral_code,
        referred_by: referrer.user.id,
        referral_applied: true,
        referrer_reward: 500,
        referred_reward: 250,
      });
      const referrerStatus = await testApp
        .http()
        .get('/api/users/referral-status')
        .set(auth(referrer.token))
        .expect(200);
      expect(referrerStatus.body).toMatchObject({ referred_by: null, referral_applied: false });

      const another = await signUp(testApp);
      await eventually(
        () =>
          testApp
            .http()
            .post('/api/users/process-referral')
            .set(auth(referred.token))
            .send({ referral_code: another.user.referral_code }),
        (response) => response.status !== 404,
      ).then((response) => {
        expect(response.status).toBe(409);
        expect(response.body).toMatchObject({ code: 'REFERRAL_ALREADY_APPLIED', error: 'Referral Applied' });
      });
      expect(await pointsOf(testApp, referred.token)).toBe(referredBefore + 250);
    });

    it('accepts the code shown on /api/users/me immediately after sign-up, 20 times out of 20', async () => {
      for (let attempt = 0; attempt < 20; attempt += 1) {
        const referrer = await signUp(testApp);
        const code = (await testApp.http().get('/api/users/me').set(auth(referrer.token)).expect(200)).body
          .referral_code as string;
        expect(code).toBe(referrer.user.referral_code);
        const referred = await signUp(testApp);
        const applied = await testApp
          .http()
          .post('/api/users/process-referral')
          .set(auth(referred.token))
          .send({ referral_code: code });
        expect({ attempt, status: applied.status, body: applied.body }).toMatchObject({
          attempt,
          status: 200,
          body: { referred_by: referrer.user.id },
        });
      }
    });

    it('refuses the own code, unknown codes, empty and over-long codes', async () => {
      const user = await signUp(testApp);
      const own = await eventually(
        () =>
          testApp
            .http()
            .post('/api/users/process-referral')
            .set(auth(user.token))
            .send({ referral_code: user.user.referral_code }),
        (response) => response.status !== 404,
      );
      expect(own.status).toBe(422);
      expect(own.body).toMatchObject({ code: 'OWN_REFERRAL_CODE', error: 'You cannot use your own referral code' });
      const unknown = await testApp
        .http()
        .post('/api/users/process-referral')
        .set(auth(user.token))
        .send({ referral_code: 'zzzzz0' })
        .expect(404);
      expect(unknown.body.error).toBe('Invalid referral code');
      const empty = await testApp
        .http()
        .post('/api/users/process-referral')
        .set(auth(user.token))
        .send({ referral_code: ' ' })
        .expect(400);
      expect(empty.body.error).toBe('Please enter a referral code');
      const long = await testApp
        .http()
        .post('/api/users/process-referral')
        .set(auth(user.token))
        .send({ referral_code: 'ABCDEFG' })
        .expect(400);
      expect(long.body.error).toBe('Referral codes are at most 6 characters');
    });

    it('two parallel referrals of one user: exactly one pays', async () => {
      const referrerA = await signUp(testApp);
      const referrerB = await signUp(testApp);
      const referred = await signUp(testApp);
      // Wait until both codes are known, then race.
      await eventually(
        () =>
          testApp
            .http()
            .post('/api/users/process-referral')
            .set(auth(referrerA.token))
            .send({ referral_code: referrerB.user.referral_code }),
        (response) => response.status === 200,
      );
      const before = await pointsOf(testApp, referred.token);
      const answers = await Promise.all(
        [referrerA, referrerB].map((referrer) =>
          testApp
            .http()
            .post('/api/users/process-referral')
            .set(auth(referred.token))
            .send({ referral_code: referrer.user.referral_code }),
        ),
      );
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      expect(await pointsOf(testApp, referred.token)).toBe(before + 250);
    });
  });
});
