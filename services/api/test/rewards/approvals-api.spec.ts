import { signUp, type IdentityTestApp } from '../identity/support';
import { startLedgerApp } from '../ledger/app-support';
import { auth, eventually, pointsOf, signUpAdmin } from './support';

jest.setTimeout(120_000);

type Notification = { title: string; message: string; data: Record<string, unknown> };

/**
 * Decisions of the Approvals queue on the rewards module's admin routes: reject with a reason (new), approve with a
 * note, each with an Idempotency-Key; the pending lists drop a decided item; the user's status and notifications say
 * what was decided and why.
 */
describe('rewards API: approvals (verify or reject, with a reason)', () => {
  let testApp: IdentityTestApp;

  beforeAll(async () => {
    testApp = await startLedgerApp();
  });
  afterAll(() => testApp.close());

  const post = (path: string, token: string, body: Record<string, unknown>, key?: string) => {
    const request = testApp.http().post(path).set(auth(token));
    return key ? request.set('Idempotency-Key', key).send(body) : request.send(body);
  };
  const notifications = async (token: string) =>
    (await testApp.http().get('/api/notifications').set(auth(token)).expect(200)).body.notifications as Notification[];
  const pendingInstagram = async (token: string) =>
    (
      await testApp
        .http()
        .get('/api/admin/instagram-verifications?status=pending&limit=200')
        .set(auth(token))
        .expect(200)
    ).body as Array<{ user_id: string }>;

  it('rejects a pending Instagram registration with a reason: off the pending list, the user sees the reason and a notification, and may register again', async () => {
    const admin = await signUpAdmin(testApp);
    const user = await signUp(testApp);
    await post('/api/users/register-instagram', user.token, { instagram_username: 'ada_rejected' }).expect(200);
    const status = await testApp.http().get('/api/users/instagram-status').set(auth(user.token)).expect(200);
    expect(status.body).toMatchObject({ verification_status: 'pending_review', rejection_reason: null });
    await eventually(
      () => pendingInstagram(admin.token),
      (rows) => rows.some((row) => row.user_id === user.user.id),
    );

    const reject = (token: string, body: Record<string, unknown>, key?: string) =>
      post(`/api/admin/users/${user.user.id}/reject-instagram`, token, body, key);
    await reject(user.token, { reason: 'No message arrived' }).expect(403);
    for (const body of [{}, { reason: '   ' }, { reason: 'x'.repeat(501) }]) {
      expect((await reject(admin.token, body).expect(400)).body.code).toBe('VALIDATION_ERROR');
    }
    expect(
      (await reject(admin.token, { reason: 'No message arrived', instagram_username: 'someone_else' }).expect(409)).body
        .code,
    ).toBe('INSTAGRAM_USERNAME_CHANGED');
    const nobody = await signUp(testApp);
    expect(
      (await post(`/api/admin/users/${nobody.user.id}/reject-instagram`, admin.token, { reason: 'x' }).expect(422)).body
        .code,
    ).toBe('INSTAGRAM_NOT_REGISTERED');

    const rejected = await reject(
      admin.token,
      { reason: 'No message arrived from @ada_rejected', instagram_username: '@ada_rejected' },
      'reject-1',
    ).expect(200);
    expect(rejected.body).toMatchObject({
      verification_status: 'rejected',
      rejection_reason: 'No message arrived from @ada_rejected',
      is_verified: false,
      can_claim: false,
    });
    // The same key and body replays the first answer; the same key with another body is a conflict.
    const replay = await reject(
      admin.token,
      { reason: 'No message arrived from @ada_rejected', instagram_username: '@ada_rejected' },
      'reject-1',
    ).expect(200);
    expect(replay.headers['idempotency-replayed']).toBe('true');
    await reject(admin.token, { reason: 'Another reason' }, 'reject-1').expect(409);

    await eventually(
      () => pendingInstagram(admin.token),
      (rows) => !rows.some((row) => row.user_id === user.user.id),
    );
    const rejectedList = (
      await testApp
        .http()
        .get('/api/admin/instagram-verifications?status=rejected&limit=200')
        .set(auth(admin.token))
        .expect(200)
    ).body;
    expect(rejectedList).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          user_id: user.user.id,
          rejection_reason: 'No message arrived from @ada_rejected',
          rejected_at: expect.any(String),
        }),
      ]),
    );
    const told = await eventually(
      () => notifications(user.token),
      (rows) => rows.some((row) => row.title === 'Instagram verification rejected'),
    );
    expect(told.find((row) => row.title === 'Instagram verification rejected')?.message).toBe(
      '@ada_rejected could not be verified. Reason: No message arrived from @ada_rejected You can register again.',
    );
    expect((await post('/api/users/claim-instagram-points', user.token, {}).expect(422)).body.code).toBe(
      'INSTAGRAM_NOT_VERIFIED',
    );

    // Registering the same username again asks for a new review.
    expect(
      (await post('/api/users/register-instagram', user.token, { instagram_username: 'ada_rejected' }).expect(200)).body
        .verification_status,
    ).toBe('pending_review');
    await eventually(
      () => pendingInstagram(admin.token),
      (rows) => rows.some((row) => row.user_id === user.user.id),
    );
  });

  it('verifies with a note and an Idempotency-Key: one verification, the user is notified, then claims and the balance moves', async () => {
    const admin = await signUpAdmin(testApp);
    const user = await signUp(testApp);
    await post('/api/users/register-instagram', user.token, { instagram_username: 'ada_ok' }).expect(200);
    const verify = (key: string) =>
      post(
        `/api/admin/users/${user.user.id}/verify-instagram`,
        admin.token,
        { instagram_username: 'ada_ok', reason: 'Message received' },
        key,
      );
    expect((await verify('verify-1').expect(200)).body).toMatchObject({
      verification_status: 'verified',
      is_verified: true,
      can_claim: true,
    });
    expect((await verify('verify-1').expect(200)).headers['idempotency-replayed']).toBe('true');
    // A verified account cannot then be rejected.
    expect(
      (
        await post(`/api/admin/users/${user.user.id}/reject-instagram`, admin.token, {
          reason: 'Changed my mind',
        }).expect(409)
      ).body.code,
    ).toBe('INSTAGRAM_ALREADY_VERIFIED');

    const told = await eventually(
      () => notifications(user.token),
      (rows) => rows.some((row) => row.title === 'Instagram verified'),
    );
    expect(told.filter((row) => row.title === 'Instagram verified')).toHaveLength(1);
    expect(told.find((row) => row.title === 'Instagram verified')?.message).toBe(
      '@ada_ok is verified: you can claim your monthly Instagram points. Message received',
    );
    const before = await pointsOf(testApp, user.token);
    const claimed = await post('/api/users/claim-instagram-points', user.token, {}, 'claim-1').expect(200);
    expect(await pointsOf(testApp, user.token)).toBe(before + claimed.body.points_awarded);
  });

  it('rejects an influence claim with a reason (nothing to claim, the user is told); a verification notifies the points', async () => {
    const admin = await signUpAdmin(testApp);
    const form = {
      full_name: 'Ada Lovelace',
      platform: 'tiktok',
      platform_username: 'ada_tt',
      phone_number: '+44 20 7946 0000',
      email: 'ada@example.com',
      follower_count: 5_000,
    };
    const rejectedUser = await signUp(testApp);
    await post('/api/users/register-influence-rewards', rejectedUser.token, form).expect(200);
    const reject = (body: Record<string, unknown>, key?: string) =>
      post(`/api/admin/users/${rejectedUser.user.id}/reject-influence`, admin.token, body, key);
    expect((await reject({}).expect(400)).body.code).toBe('VALIDATION_ERROR');
    expect((await reject({ reason: 'x', platform_username: 'other' }).expect(409)).body.code).toBe(
      'INFLUENCE_USERNAME_CHANGED',
    );
    await post('/api/admin/users/00000000-0000-4000-8000-000000000000/reject-influence', admin.token, {
      reason: 'x',
    }).expect(404);
    const rejected = await reject(
      { reason: 'The account shows 40 followers', platform_username: 'ada_tt' },
      'influence-reject-1',
    ).expect(200);
    expect(rejected.body).toMatchObject({
      verification_status: 'rejected',
      rejection_reason: 'The account shows 40 followers',
      can_claim: false,
    });
    expect((await post('/api/users/claim-influence-points', rejectedUser.token, {}).expect(422)).body.code).toBe(
      'INFLUENCE_NOT_VERIFIED',
    );
    const pending = async () =>
      (
        await testApp
          .http()
          .get('/api/admin/influence-verifications?status=pending&limit=200')
          .set(auth(admin.token))
          .expect(200)
      ).body as Array<{ user_id: string }>;
    await eventually(pending, (rows) => !rows.some((row) => row.user_id === rejectedUser.user.id));
    const told = await eventually(
      () => notifications(rejectedUser.token),
      (rows) => rows.some((row) => row.title === 'Influence claim rejected'),
    );
    expect(told.find((row) => row.title === 'Influence claim rejected')?.message).toMatch(
      /ada_tt was not verified\. Reason: The account shows 40 followers$/,
    );

    const verifiedUser = await signUp(testApp);
    await post('/api/users/register-influence-rewards', verifiedUser.token, form).expect(200);
    await post(
      `/api/admin/users/${verifiedUser.user.id}/verify-influence`,
      admin.token,
      { verified_follower_count: 4_321, reason: 'Checked the profile' },
      'influence-verify-1',
    ).expect(200);
    expect(
      (
        await post(`/api/admin/users/${verifiedUser.user.id}/reject-influence`, admin.token, { reason: 'x' }).expect(
          409,
        )
      ).body.code,
    ).toBe('INFLUENCE_ALREADY_VERIFIED');
    const verifiedTold = await eventually(
      () => notifications(verifiedUser.token),
      (rows) => rows.some((row) => row.title === 'Influence followers verified'),
    );
    expect(verifiedTold.find((row) => row.title === 'Influence followers verified')?.message).toMatch(
      /^4,321 followers verified for ada_tt: claim 43 points for \d{4}-\d{2}\. Reason: Checked the profile$/,
    );
  });
});
