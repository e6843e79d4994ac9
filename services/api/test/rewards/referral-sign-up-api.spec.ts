import {
  AdvertisersModule,
  GrowthModule,
  IdentityModule,
  LedgerModule,
  RewardsModule,
} from '../../src/modules/context-modules';
import { givenFunds, givenUser } from '../drops/support';
import { expectLedgerVerified } from '../growth/support';
import { newUser, signUp, startAppWithModules, type IdentityTestApp } from '../identity/support';
import { auth, pointsOf } from './support';

jest.setTimeout(120_000);

/** Referral through sign-up (`/auth?ref=CODE`), no loops, and the rest of `/api/users/me`, on the whole app. */
describe('referral at sign-up, referral loops and /api/users/me', () => {
  let testApp: IdentityTestApp;
  const http = () => testApp.http();

  beforeAll(async () => {
    testApp = await startAppWithModules('referral_api', [
      IdentityModule,
      LedgerModule,
      RewardsModule,
      GrowthModule,
      AdvertisersModule,
    ]);
  });
  afterAll(() => testApp.close());

  /** A sign-up through the form's request, with the link's code (lower case, as someone may type it). */
  async function signUpReferredBy(code: string) {
    const body = { ...newUser(), referral_code: code.toLowerCase() };
    const response = await http().post('/api/auth/signup').send(body).expect(201);
    return {
      token: response.body.token as string,
      user: response.body.user as { id: string; referral_code: string; referred_by: string | null },
      referral: response.body.referral,
    };
  }

  it('applies the code when the account is created: referrer +500 points, new user +250, said in the answer', async () => {
    const referrer = await signUp(testApp);
    const before = await pointsOf(testApp, referrer.token);
    const friend = await signUpReferredBy(referrer.user.referral_code);
    expect(friend.referral).toEqual({
      applied: true,
      referral_code: referrer.user.referral_code,
      referred_by: referrer.user.id,
      referred_reward: 250,
      referrer_reward: 500,
    });
    expect(friend.user.referred_by).toBe(referrer.user.id);
    expect(await pointsOf(testApp, referrer.token)).toBe(before + 500);
    // 25 points opening the account, 250 for the referral.
    expect(await pointsOf(testApp, friend.token)).toBe(275);
    const status = await http().get('/api/users/referral-status').set(auth(friend.token)).expect(200);
    expect(status.body).toMatchObject({ referral_applied: true, referred_by: referrer.user.id });
    // Applying another code afterwards is the spec's 'Referral Applied'.
    const again = await http()
      .post('/api/users/process-referral')
      .set(auth(friend.token))
      .send({ referral_code: (await signUp(testApp)).user.referral_code })
      .expect(409);
    expect(again.body.code).toBe('REFERRAL_ALREADY_APPLIED');
  });

  it('refuses a code that belongs to nobody before creating anything, on the referral_code field', async () => {
    const body = { ...newUser(), referral_code: 'ZZZZ00' };
    const refused = await http().post('/api/auth/signup').send(body).expect(404);
    expect(refused.body).toEqual({
      error: 'Invalid referral code',
      code: 'REFERRAL_CODE_NOT_FOUND',
      field_errors: [{ field: 'referral_code', message: 'Invalid referral code' }],
    });
    await http().post('/api/auth/signin').send({ email: body.email, password: body.password }).expect(401);
    const tooLong = await http()
      .post('/api/auth/signup')
      .send({ ...newUser(), referral_code: 'ABCDEFG' })
      .expect(400);
    expect(tooLong.body.field_errors).toEqual([
      { field: 'referral_code', message: 'Referral codes are at most 6 characters' },
    ]);
    // A blank code is no code.
    const blank = await http()
      .post('/api/auth/signup')
      .send({ ...newUser(), referral_code: '  ' })
      .expect(201);
    expect(blank.body.referral).toBeUndefined();
  });

  it("refuses the direct loop: A referred B, then A applies B's code (422 REFERRAL_LOOP, nothing issued)", async () => {
    const ann = await signUp(testApp);
    const bob = await signUpReferredBy(ann.user.referral_code);
    expect(bob.referral.applied).toBe(true);
    const [annBefore, bobBefore] = [await pointsOf(testApp, ann.token), await pointsOf(testApp, bob.token)];
    const refused = await http()
      .post('/api/users/process-referral')
      .set(auth(ann.token))
      .send({ referral_code: bob.user.referral_code })
      .expect(422);
    expect(refused.body).toEqual({
      error: "This code's owner was referred by you, directly or through friends: referrals cannot go in a circle",
      code: 'REFERRAL_LOOP',
    });
    expect(await pointsOf(testApp, ann.token)).toBe(annBefore);
    expect(await pointsOf(testApp, bob.token)).toBe(bobBefore);
    const status = await http().get('/api/users/referral-status').set(auth(ann.token)).expect(200);
    expect(status.body).toMatchObject({ referral_applied: false, referred_by: null });
  });

  it("refuses a 3-cycle: A referred B, B referred C, then A applies C's code (nothing issued, ledger verify OK)", async () => {
    const ann = await signUp(testApp);
    const bob = await signUpReferredBy(ann.user.referral_code);
    const cat = await signUpReferredBy(bob.user.referral_code);
    expect(cat.referral).toMatchObject({ applied: true, referred_by: bob.user.id });
    const before = await Promise.all([ann, bob, cat].map((user) => pointsOf(testApp, user.token)));
    const refused = await http()
      .post('/api/users/process-referral')
      .set(auth(ann.token))
      .send({ referral_code: cat.user.referral_code })
      .expect(422);
    expect(refused.body.code).toBe('REFERRAL_LOOP');
    expect(await Promise.all([ann, bob, cat].map((user) => pointsOf(testApp, user.token)))).toEqual(before);
    // A code outside the chain is still fine for A.
    const stranger = await signUp(testApp);
    await http()
      .post('/api/users/process-referral')
      .set(auth(ann.token))
      .send({ referral_code: stranger.user.referral_code })
      .expect(200);
    await expectLedgerVerified(testApp);
  });

  it("two people applying each other's codes at the same moment: exactly one is paid", async () => {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const [ann, bob] = [await signUp(testApp), await signUp(testApp)];
      const answers = await Promise.all([
        http().post('/api/users/process-referral').set(auth(ann.token)).send({ referral_code: bob.user.referral_code }),
        http().post('/api/users/process-referral').set(auth(bob.token)).send({ referral_code: ann.user.referral_code }),
      ]);
      expect({ attempt, statuses: answers.map((answer) => answer.status).sort() }).toEqual({
        attempt,
        statuses: [200, 422],
      });
      expect((await pointsOf(testApp, ann.token)) + (await pointsOf(testApp, bob.token))).toBe(25 + 25 + 750);
    }
  });

  it('/api/users/me carries following_count, promogem_balance (staked gems), last_activity_date and the brand fields', async () => {
    const user = await givenUser(testApp, { advertiser: 'free' });
    const fresh = await http().get('/api/users/me').set(auth(user.token)).expect(200);
    expect(fresh.body).toMatchObject({
      following_count: null,
      promogem_balance: 0,
      last_activity_date: null,
      brand_name: null,
      brand_description: null,
      brand_website: null,
      brand_email: null,
      brand_phone: null,
      brand_logo_url: null,
    });

    await givenFunds(testApp, user.user.id, 'gems', '300');
    await http()
      .post('/api/growth/staking')
      .set(auth(user.token))
      .send({ channel_id: 'steady-growth', amount: 120 })
      .expect(201);
    await http()
      .put('/api/users/brand-profile')
      .set(auth(user.token))
      .send({
        brand_name: 'Acme Rockets',
        brand_description: 'Rockets',
        brand_website: 'https://acme.example',
        brand_email: 'hello@acme.example',
        brand_phone: '+1 555 0100',
      })
      .expect(200);
    const after = await http().get('/api/users/me').set(auth(user.token)).expect(200);
    expect(after.body).toMatchObject({
      following_count: null,
      promogem_balance: 120,
      gems_balance: 180,
      last_activity_date: new Date().toISOString().slice(0, 10),
      brand_name: 'Acme Rockets',
      brand_description: 'Rockets',
      brand_website: 'https://acme.example',
      brand_email: 'hello@acme.example',
      brand_phone: '+1 555 0100',
      brand_logo_url: null,
    });
  });
});
