import { DROP_MESSAGES } from '@app/contracts/drops';
import type { IdentityTestApp } from '../identity/support';
import {
  auth,
  balancesOf,
  completeProofDropsAndActivateMasterKey,
  dropVerbs,
  givenFunds,
  givenUser,
  paidDrop,
  proofDrop,
  startDropsApp,
  waitFor,
  type TestUser,
} from './support';

jest.setTimeout(120_000);

/** Drops over HTTP on real PostgreSQL: creation rules, CRUD, applying, the review machine and the money it moves. */
describe('drops API', () => {
  let testApp: IdentityTestApp;
  let premium: TestUser;

  beforeAll(async () => {
    testApp = await startDropsApp();
    premium = await givenUser(testApp, { advertiser: 'premium' });
    await givenFunds(testApp, premium.user.id, 'gems', '5000');
    // Move drops escrow their key rewards from the creator.
    await givenFunds(testApp, premium.user.id, 'keys', '100');
  });
  afterAll(async () => {
    await testApp?.close();
  });

  const { createDrop, apply, act } = dropVerbs(() => testApp);
  const activateMasterKey = (user: TestUser, count = 5) => completeProofDropsAndActivateMasterKey(testApp, user, count);

  describe('creating', () => {
    it('lets only advertisers create drops (403 with the message)', async () => {
      const user = await givenUser(testApp);
      const response = await createDrop(user, proofDrop()).expect(403);
      expect(response.body).toMatchObject({ code: 'ADVERTISERS_ONLY', error: DROP_MESSAGES.onlyAdvertisers });
    });

    it('limits free-tier advertisers to proof drops, 5 a month', async () => {
      const free = await givenUser(testApp, { advertiser: 'free' });
      await givenFunds(testApp, free.user.id, 'gems', '1000');
      const paid = await createDrop(free, paidDrop()).expect(422);
      expect(paid.body).toMatchObject({ code: 'FREE_TIER_PROOF_DROPS_ONLY', error: DROP_MESSAGES.freeTierProofOnly });
      await createDrop(
        free,
        proofDrop({
          kind: undefined,
          is_proof_drop: false,
          is_paid_drop: false,
          move_cost_points: 10,
          key_reward_amount: 1,
          max_participants: 1,
        }),
      ).expect(422);
      for (let index = 0; index < 5; index += 1) await createDrop(free, proofDrop()).expect(201);
      const sixth = await createDrop(free, proofDrop()).expect(422);
      expect(sixth.body).toMatchObject({ code: 'DROP_LIMIT_REACHED', error: DROP_MESSAGES.monthlyLimitReached(5) });
    });

    it('holds premium advertisers to 8 paid drops a week, even when they are created in parallel', async () => {
      const advertiser = await givenUser(testApp, { advertiser: 'premium' });
      await givenFunds(testApp, advertiser.user.id, 'gems', '10000');
      const responses = await Promise.all(
        Array.from({ length: 12 }, () => createDrop(advertiser, paidDrop({ gem_pool_total: 10 }))),
      );
      expect(responses.filter((response) => response.status === 201)).toHaveLength(8);
      const refused = responses.filter((response) => response.status === 422);
      expect(refused).toHaveLength(4);
      expect(refused[0].body.error).toBe(DROP_MESSAGES.weeklyLimitReached(8, 'paid'));
      expect((await balancesOf(testApp, advertiser)).gems_balance).toBe(10000 - 8 * 10);
    });

    it("escrows a paid drop's pool from the advertiser's gems, and refuses without the gems", async () => {
      const before = await balancesOf(testApp, premium);
      const created = await createDrop(premium, paidDrop()).expect(201);
      expect(created.body).toMatchObject({
        kind: 'paid',
        is_paid_drop: true,
        is_proof_drop: false,
        key_cost: 2,
        gem_reward_base: 50,
        gem_pool_total: 120,
        gem_pool_remaining: 120,
        status: 'active',
        max_participants: 5,
        current_participants: 0,
        creator_id: premium.user.id,
      });
      expect((await balancesOf(testApp, premium)).gems_balance).toBe(before.gems_balance - 120);

      const poor = await givenUser(testApp, { advertiser: 'premium' });
      const refused = await createDrop(poor, paidDrop({ gem_pool_total: 999999 })).expect(422);
      expect(refused.body).toMatchObject({ code: 'INSUFFICIENT_GEMS', error: DROP_MESSAGES.insufficientGemsForPool });
    });

    it('applies the paid defaults (1 key, 50 gems) and ignores costs that do not belong to the kind', async () => {
      const paid = await createDrop(premium, { title: 'Defaults', description: 'x', is_paid_drop: true }).expect(201);
      expect(paid.body).toMatchObject({ key_cost: 1, gem_reward_base: 50, gem_pool_total: 50 });
      const proof = await createDrop(premium, proofDrop({ key_cost: 5, gem_reward_base: 20 })).expect(201);
      expect(proof.body).toMatchObject({ kind: 'proof', key_cost: 0, gem_reward_base: 0, gem_pool_total: 0 });
    });

    it('validates per spec 2 §5 with field errors', async () => {
      const blank = await createDrop(premium, { title: ' ', description: '', kind: 'proof' }).expect(400);
      expect(blank.body.code).toBe('VALIDATION_ERROR');
      expect(blank.body.field_errors).toEqual(
        expect.arrayContaining([
          { field: 'title', message: DROP_MESSAGES.titleRequired },
          { field: 'description', message: DROP_MESSAGES.descriptionRequired },
        ]),
      );
      const keyCost = await createDrop(premium, paidDrop({ key_cost: 0 })).expect(400);
      expect(keyCost.body.field_errors).toContainEqual({ field: 'key_cost', message: DROP_MESSAGES.keyCostMin });
      const move = await createDrop(premium, { title: 't', description: 'd', kind: 'move' }).expect(400);
      expect(move.body.field_errors).toContainEqual({
        field: 'move_cost_points',
        message: DROP_MESSAGES.pointsCostMin,
      });
      const url = await createDrop(premium, proofDrop({ content_url: 'not a url' })).expect(400);
      expect(url.body.field_errors).toContainEqual({ field: 'content_url', message: DROP_MESSAGES.invalidContentUrl });
      const participants = await createDrop(premium, proofDrop({ max_participants: 0 })).expect(400);
      expect(participants.body.field_errors[0].field).toBe('max_participants');
    });
  });

  describe('reading, editing and deleting', () => {
    it('answers 404 DROP_NOT_FOUND for a missing drop and 400 for an id that is neither a UUID nor a number', async () => {
      const missing = await testApp
        .http()
        .get('/api/drops/6f1c2b9e-0000-4000-8000-000000000000')
        .set(auth(premium.token))
        .expect(404);
      expect(missing.body).toMatchObject({ code: 'DROP_NOT_FOUND', error: DROP_MESSAGES.notFound });
      await testApp.http().get('/api/drops/12345').set(auth(premium.token)).expect(404);
      const invalid = await testApp.http().get('/api/drops/not-an-id').set(auth(premium.token)).expect(400);
      expect(invalid.body).toMatchObject({ code: 'INVALID_DROP_ID', error: DROP_MESSAGES.invalidId });
      await testApp.http().get('/api/drops/some-drop').expect(401);
    });

    it('lists drops newest first with ?limit and ?type', async () => {
      const advertiser = await givenUser(testApp, { advertiser: 'super' });
      const first = await createDrop(advertiser, proofDrop({ title: 'First listed' })).expect(201);
      const second = await createDrop(advertiser, proofDrop({ title: 'Second listed' })).expect(201);
      const listed = await waitFor(
        () => testApp.http().get(`/api/drops?creator_id=${advertiser.user.id}`).set(auth(advertiser.token)),
        (response) => response.body.length === 2,
      );
      expect(listed.body.map((drop: { id: string }) => drop.id)).toEqual([second.body.id, first.body.id]);
      const limited = await testApp.http().get('/api/drops?limit=1').set(auth(advertiser.token)).expect(200);
      expect(limited.body).toHaveLength(1);
      const proofOnly = await testApp.http().get('/api/drops?type=proof').set(auth(advertiser.token)).expect(200);
      expect(proofOnly.body.every((drop: { kind: string }) => drop.kind === 'proof')).toBe(true);
      await testApp.http().get('/api/drops?limit=0').set(auth(advertiser.token)).expect(400);
    });

    it('lets only the creator edit; the type cannot change; a new pool total moves the difference', async () => {
      const created = await createDrop(premium, paidDrop({ gem_pool_total: 100 })).expect(201);
      const other = await givenUser(testApp, { advertiser: 'premium' });
      const forbidden = await testApp
        .http()
        .put(`/api/drops/${created.body.id}`)
        .set(auth(other.token))
        .send({ title: 'Mine now' })
        .expect(403);
      expect(forbidden.body.error).toBe(DROP_MESSAGES.onlyCreatorEdits);
      const typeChange = await testApp
        .http()
        .put(`/api/drops/${created.body.id}`)
        .set(auth(premium.token))
        .send({ kind: 'proof' })
        .expect(422);
      expect(typeChange.body).toMatchObject({ code: 'DROP_TYPE_IMMUTABLE', error: DROP_MESSAGES.typeCannotChange });
      const gemRewardZero = await testApp
        .http()
        .put(`/api/drops/${created.body.id}`)
        .set(auth(premium.token))
        .send({ gem_reward_base: 0 })
        .expect(400);
      expect(gemRewardZero.body.error).toBe(DROP_MESSAGES.gemRewardMin);

      const before = await balancesOf(testApp, premium);
      const edited = await testApp
        .http()
        .put(`/api/drops/${created.body.id}`)
        .set(auth(premium.token))
        .send({
          title: 'Edited title',
          difficulty: 'hard',
          deadline_at: '2099-12-31',
          gem_pool_total: 150,
          is_paid_drop: true,
        })
        .expect(200);
      expect(edited.body).toMatchObject({
        title: 'Edited title',
        difficulty: 'hard',
        deadline_at: '2099-12-31T23:59:59.999Z',
        gem_pool_total: 150,
        gem_pool_remaining: 150,
      });
      expect((await balancesOf(testApp, premium)).gems_balance).toBe(before.gems_balance - 50);
      const lowered = await testApp
        .http()
        .put(`/api/drops/${created.body.id}`)
        .set(auth(premium.token))
        .send({ gem_pool_total: 30 })
        .expect(200);
      expect(lowered.body.gem_pool_remaining).toBe(30);
      expect((await balancesOf(testApp, premium)).gems_balance).toBe(before.gems_balance + 70);
    });

    it('lets only the creator delete; the remaining pool returns; the drop is then gone', async () => {
      const before = await balancesOf(testApp, premium);
      const created = await createDrop(premium, paidDrop({ gem_pool_total: 80 })).expect(201);
      const other = await givenUser(testApp);
      const forbidden = await testApp.http().delete(`/api/drops/${created.body.id}`).set(auth(other.token)).expect(403);
      expect(forbidden.body.error).toBe(DROP_MESSAGES.onlyCreatorDeletes);
      await testApp
        .http()
        .delete(`/api/drops/${created.body.id}`)
        .set(auth(premium.token))
        .expect(200, { success: true, id: created.body.id });
      expect((await balancesOf(testApp, premium)).gems_balance).toBe(before.gems_balance);
      await testApp.http().get(`/api/drops/${created.body.id}`).set(auth(premium.token)).expect(404);
      await testApp.http().delete(`/api/drops/${created.body.id}`).set(auth(premium.token)).expect(404);
    });
    it('declines applications in flight when a drop is deleted and refunds what applying cost', async () => {
      const drop = await createDrop(premium, {
        title: 'Repost us',
        description: 'Repost',
        kind: 'move',
        move_cost_points: 10,
        key_reward_amount: 1,
        max_participants: 5,
      }).expect(201);
      const user = await givenUser(testApp);
      await givenFunds(testApp, user.user.id, 'points', '10');
      const before = await balancesOf(testApp, user);
      const application = await apply(user, drop.body.id).expect(201);
      expect((await balancesOf(testApp, user)).points_balance).toBeCloseTo(before.points_balance - 10, 5);
      const refusedClose = await testApp
        .http()
        .post(`/api/drops/${drop.body.id}/complete`)
        .set(auth(premium.token))
        .expect(422);
      expect(refusedClose.body).toMatchObject({
        code: 'APPLICATIONS_IN_FLIGHT',
        error: DROP_MESSAGES.applicationsInFlight,
      });
      await testApp.http().delete(`/api/drops/${drop.body.id}`).set(auth(premium.token)).expect(200);
      expect((await balancesOf(testApp, user)).points_balance).toBeCloseTo(before.points_balance, 5);
      const mine = await waitFor(
        () => testApp.http().get('/api/users/drop-applications').set(auth(user.token)),
        (response) => response.body[0]?.status === 'rejected',
      );
      expect(mine.body[0].id).toBe(application.body.id);
    });
  });

  describe('applying', () => {
    it('takes a proof application once per user, with the rule messages', async () => {
      const drop = await createDrop(premium, proofDrop({ max_participants: 1 })).expect(201);
      const user = await givenUser(testApp);
      const blank = await apply(user, drop.body.id, '   ').expect(400);
      expect(blank.body.error).toBe(DROP_MESSAGES.messageRequired);
      const own = await apply(premium, drop.body.id).expect(422);
      expect(own.body.error).toBe(DROP_MESSAGES.ownDrop);
      const application = await apply(user, drop.body.id).expect(201);
      expect(application.body).toMatchObject({
        drop_id: drop.body.id,
        user_id: user.user.id,
        status: 'pending',
        key_cost: 0,
        drop_kind: 'proof',
      });
      const again = await apply(user, drop.body.id).expect(409);
      expect(again.body).toMatchObject({ code: 'ALREADY_APPLIED', error: DROP_MESSAGES.alreadyApplied });
      const full = await apply(await givenUser(testApp), drop.body.id).expect(422);
      expect(full.body).toMatchObject({ code: 'DROP_FULL', error: DROP_MESSAGES.full });
      const mine = await waitFor(
        () => testApp.http().get('/api/users/drop-applications').set(auth(user.token)),
        (response) => response.body.length === 1,
      );
      expect(mine.body[0]).toMatchObject({
        id: application.body.id,
        drop_id: drop.body.id,
        drop_title: drop.body.title,
      });
      await testApp
        .http()
        .post('/api/drops/not-an-id/apply')
        .set(auth(user.token))
        .send({ application_message: 'x' })
        .expect(400);
      await testApp
        .http()
        .post('/api/drops/6f1c2b9e-0000-4000-8000-000000000000/apply')
        .set(auth(user.token))
        .send({ application_message: 'x' })
        .expect(404);
    });

    it("shows a user's own application, and each change to it, in their list right after the write", async () => {
      const drop = await createDrop(premium, proofDrop()).expect(201);
      const user = await givenUser(testApp);
      const application = await apply(user, drop.body.id).expect(201);
      const listed = async () =>
        (await testApp.http().get('/api/users/drop-applications').set(auth(user.token)).expect(200)).body;
      expect((await listed()).map((entry: { id: string }) => entry.id)).toEqual([application.body.id]);
      await act(premium, application.body.id, 'approve').expect(200);
      expect((await listed())[0].status).toBe('approved');
      await act(user, application.body.id, 'submit', { submission_type: 'text', submission_data: 'done' }).expect(200);
      expect((await listed())[0].status).toBe('submitted');
    });

    it('refuses below the follower threshold and on a closed drop', async () => {
      const user = await givenUser(testApp);
      const threshold = await createDrop(premium, proofDrop({ follower_threshold: 1000 })).expect(201);
      const refused = await apply(user, threshold.body.id).expect(422);
      expect(refused.body).toMatchObject({ code: 'FOLLOWER_THRESHOLD', error: DROP_MESSAGES.followersRequired(1000) });
      const closing = await createDrop(premium, proofDrop()).expect(201);
      const closed = await testApp
        .http()
        .post(`/api/drops/${closing.body.id}/complete`)
        .set(auth(premium.token))
        .expect(200);
      expect(closed.body.status).toBe('completed');
      const notActive = await apply(user, closing.body.id).expect(422);
      expect(notActive.body).toMatchObject({ code: 'DROP_NOT_ACTIVE', error: DROP_MESSAGES.notActive });
    });

    it("refuses a paid application without today's Master Key, then without enough keys ('Need N more keys')", async () => {
      const drop = await createDrop(premium, paidDrop({ key_cost: 30 })).expect(201);
      const user = await givenUser(testApp);
      const noKey = await apply(user, drop.body.id).expect(422);
      expect(noKey.body).toMatchObject({
        code: 'MASTER_KEY_REQUIRED',
        error: 'Master Key must be activated for today',
      });
      await activateMasterKey(user);
      const keys = (await balancesOf(testApp, user)).keys_balance;
      const short = await apply(user, drop.body.id).expect(422);
      expect(short.body).toMatchObject({ code: 'INSUFFICIENT_KEYS', error: `Need ${30 - keys} more keys` });
    });

    it('charges points for a move drop and pays its keys on completion', async () => {
      const drop = await createDrop(premium, {
        title: 'Share our post',
        description: 'Repost it',
        kind: 'move',
        move_cost_points: 25.5,
        key_reward_amount: 3,
        max_participants: 2,
      }).expect(201);
      expect(drop.body).toMatchObject({
        kind: 'move',
        move_cost_points: 25.5,
        key_reward_amount: 3,
        is_paid_drop: false,
        is_proof_drop: false,
      });
      const user = await givenUser(testApp);
      await givenFunds(testApp, user.user.id, 'points', '30');
      const before = await balancesOf(testApp, user);
      const application = await apply(user, drop.body.id).expect(201);
      expect(application.body.points_cost).toBe(25.5);
      const charged = await balancesOf(testApp, user);
      expect(charged.points_balance).toBeCloseTo(before.points_balance - 25.5, 5);
      await act(premium, application.body.id, 'approve').expect(200);
      await act(user, application.body.id, 'submit', {
        submission_type: 'url',
        submission_data: 'https://example.com/repost',
      }).expect(200);
      const paid = await act(premium, application.body.id, 'complete', { review_score: 9 }).expect(200);
      expect(paid.body).toMatchObject({ status: 'paid', keys_earned: 3, gems_earned: 0, review_score: 9 });
      expect((await balancesOf(testApp, user)).keys_balance).toBe(charged.keys_balance + 3);
      const poor = await givenUser(testApp);
      const points = (await balancesOf(testApp, poor)).points_balance;
      const refused = await apply(poor, drop.body.id).expect(422);
      expect(refused.body.error).toBe(`Need ${Number((25.5 - points).toFixed(1))} more points`);
    });

    it('gives exactly 10 of 50 parallel applicants the 10 seats', async () => {
      const drop = await createDrop(premium, proofDrop({ title: 'Ten seats', max_participants: 10 })).expect(201);
      const users = await Promise.all(Array.from({ length: 50 }, () => givenUser(testApp)));
      const responses = await Promise.all(users.map((user) => apply(user, drop.body.id)));
      expect(responses.filter((response) => response.status === 201)).toHaveLength(10);
      expect(
        responses.filter((response) => response.status === 422 && response.body.code === 'DROP_FULL'),
      ).toHaveLength(40);
      const after = await testApp.http().get(`/api/drops/${drop.body.id}`).set(auth(premium.token)).expect(200);
      expect(after.body).toMatchObject({ current_participants: 10, total_applications: 10 });
      const applications = await testApp
        .http()
        .get(`/api/drops/${drop.body.id}/applications`)
        .set(auth(premium.token))
        .expect(200);
      expect(new Set(applications.body.map((application: { user_id: string }) => application.user_id)).size).toBe(10);
    });
  });

  describe('reviewing', () => {
    it('walks pending → approved → submitted → completed → paid, paying the reward from the pool, and keeps every rule', async () => {
      const before = await balancesOf(testApp, premium);
      const drop = await createDrop(premium, paidDrop({ key_cost: 2, gem_reward_base: 50, gem_pool_total: 70 })).expect(
        201,
      );
      const user = await givenUser(testApp);
      await givenFunds(testApp, user.user.id, 'keys', '10');
      await activateMasterKey(user);
      const start = await balancesOf(testApp, user);

      const application = await apply(user, drop.body.id, 'Pick me').expect(201);
      expect(application.body).toMatchObject({ status: 'pending', key_cost: 2 });
      expect((await balancesOf(testApp, user)).keys_balance).toBe(start.keys_balance - 2);

      const stranger = await givenUser(testApp);
      const list403 = await testApp
        .http()
        .get(`/api/drops/${drop.body.id}/applications`)
        .set(auth(stranger.token))
        .expect(403);
      expect(list403.body.error).toBe(DROP_MESSAGES.onlyCreatorReviews);
      expect((await act(stranger, application.body.id, 'approve').expect(403)).body.error).toBe(
        DROP_MESSAGES.onlyCreatorReviews,
      );
      const early = await act(user, application.body.id, 'submit', {
        submission_type: 'text',
        submission_data: 'x',
      }).expect(422);
      expect(early.body.error).toBe(DROP_MESSAGES.submitOnlyApproved);
      expect((await act(premium, application.body.id, 'complete', { review_score: 5 }).expect(422)).body.error).toBe(
        DROP_MESSAGES.completeOnlySubmitted,
      );

      expect((await act(premium, application.body.id, 'approve').expect(200)).body.status).toBe('approved');
      expect((await act(premium, application.body.id, 'reject').expect(422)).body.error).toBe(
        DROP_MESSAGES.rejectOnlyPending,
      );
      expect(
        (
          await act(stranger, application.body.id, 'submit', { submission_type: 'text', submission_data: 'x' }).expect(
            403,
          )
        ).body.error,
      ).toBe(DROP_MESSAGES.onlyApplicantSubmits);
      const noData = await act(user, application.body.id, 'submit', {
        submission_type: 'text',
        submission_data: ' ',
      }).expect(400);
      expect(noData.body.error).toBe(DROP_MESSAGES.submissionDataRequired);
      const badUrl = await act(user, application.body.id, 'submit', {
        submission_type: 'url',
        submission_data: 'nope',
      }).expect(400);
      expect(badUrl.body.error).toBe(DROP_MESSAGES.invalidSubmissionUrl);
      const submitted = await act(user, application.body.id, 'submit', {
        submission_type: 'url',
        submission_data: 'https://example.com/review',
        submission_notes: 'Posted today',
      }).expect(200);
      expect(submitted.body).toMatchObject({
        status: 'submitted',
        submission_url: 'https://example.com/review',
        submission_notes: 'Posted today',
      });

      const badScore = await act(premium, application.body.id, 'complete', { review_score: 11 }).expect(400);
      expect(badScore.body.error).toBe(DROP_MESSAGES.reviewScoreRange);
      const paid = await act(premium, application.body.id, 'complete', { review_score: 8 }).expect(200);
      expect(paid.body).toMatchObject({ status: 'paid', gems_earned: 50, review_score: 8 });
      expect((await balancesOf(testApp, user)).gems_balance).toBe(start.gems_balance + 50);
      const afterPay = await testApp.http().get(`/api/drops/${drop.body.id}`).set(auth(premium.token)).expect(200);
      expect(afterPay.body).toMatchObject({ gem_pool_remaining: 20, gems_paid: 50 });

      // A second applicant gets only what is left in the pool (20), never more.
      const second = await givenUser(testApp);
      await givenFunds(testApp, second.user.id, 'keys', '5');
      await activateMasterKey(second);
      const secondStart = await balancesOf(testApp, second);
      const secondApplication = await apply(second, drop.body.id).expect(201);
      await act(premium, secondApplication.body.id, 'approve').expect(200);
      await act(second, secondApplication.body.id, 'submit', {
        submission_type: 'text',
        submission_data: 'my review',
      }).expect(200);
      expect(
        (await act(premium, secondApplication.body.id, 'complete', { review_score: 6 }).expect(200)).body.gems_earned,
      ).toBe(20);
      expect((await balancesOf(testApp, second)).gems_balance).toBe(secondStart.gems_balance + 20);

      // Rejection refunds the keys applying cost.
      const third = await givenUser(testApp);
      await givenFunds(testApp, third.user.id, 'keys', '5');
      await activateMasterKey(third);
      const thirdStart = await balancesOf(testApp, third);
      const thirdApplication = await apply(third, drop.body.id).expect(201);
      expect((await balancesOf(testApp, third)).keys_balance).toBe(thirdStart.keys_balance - 2);
      expect((await act(premium, thirdApplication.body.id, 'reject').expect(200)).body.status).toBe('rejected');
      expect((await balancesOf(testApp, third)).keys_balance).toBe(thirdStart.keys_balance);

      // The advertiser paid exactly the pool and got nothing back because the pool is empty.
      await testApp.http().post(`/api/drops/${drop.body.id}/complete`).set(auth(premium.token)).expect(200);
      expect((await balancesOf(testApp, premium)).gems_balance).toBe(before.gems_balance - 70);
      await act(premium, '6f1c2b9e-0000-4000-8000-000000000000', 'approve').expect(404);
    });

    it('moves nothing real for a demo drop', async () => {
      const before = await balancesOf(testApp, premium);
      const drop = await createDrop(premium, paidDrop({ title: 'Demo drop', key_cost: 1, gem_pool_total: 100 })).expect(
        201,
      );
      expect(drop.body.is_demo).toBe(true);
      expect((await balancesOf(testApp, premium)).gems_balance).toBe(before.gems_balance);
      const user = await givenUser(testApp);
      await givenFunds(testApp, user.user.id, 'keys', '3');
      await activateMasterKey(user);
      const start = await balancesOf(testApp, user);
      const application = await apply(user, drop.body.id).expect(201);
      await act(premium, application.body.id, 'approve').expect(200);
      await act(user, application.body.id, 'submit', { submission_type: 'text', submission_data: 'demo work' }).expect(
        200,
      );
      expect((await act(premium, application.body.id, 'complete', { review_score: 7 }).expect(200)).body).toMatchObject(
        { status: 'paid', gems_earned: 0 },
      );
      const end = await balancesOf(testApp, user);
      expect([end.keys_balance, end.gems_balance]).toEqual([start.keys_balance, start.gems_balance]);
    });

    it('answers the same key twice with one money movement, and the ledger verifies clean', async () => {
      const before = await balancesOf(testApp, premium);
      const body = paidDrop({ gem_pool_total: 33 });
      const first = await testApp
        .http()
        .post('/api/drops')
        .set(auth(premium.token))
        .set('Idempotency-Key', 'drop-create-1')
        .send(body)
        .expect(201);
      const second = await testApp
        .http()
        .post('/api/drops')
        .set(auth(premium.token))
        .set('Idempotency-Key', 'drop-create-1')
        .send(body)
        .expect(201);
      expect(second.body.id).toBe(first.body.id);
      expect(second.headers['idempotency-replayed']).toBe('true');
      expect((await balancesOf(testApp, premium)).gems_balance).toBe(before.gems_balance - 33);

      const admin = await givenUser(testApp, { admin: true });
      const verify = await waitFor(
        () => testApp.http().get('/api/admin/ledger/verify').set(auth(admin.token)),
        (response) => response.status === 200 && response.body.ok === true,
        20_000,
      );
      expect(verify.body.findings).toEqual([]);
    });
  });
});
