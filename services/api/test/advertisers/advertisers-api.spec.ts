import { deflateSync } from 'node:zlib';
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import {
  ADVERTISER_MESSAGES,
  AdvertiserDashboardSchema,
  BecomeAdvertiserResponseSchema,
  SuggestedContentResponseSchema,
} from '@app/contracts/advertisers';
import {
  AdvertisersModule,
  ContentModule,
  DropsModule,
  IdentityModule,
  LedgerModule,
  RewardsModule,
  TelemetryModule,
} from '../../src/modules/context-modules';
import { TelemetryStore } from '../../src/modules/telemetry/infrastructure/telemetry-store';
import { DATABASE_POOL } from '../../src/platform/database/database.tokens';
import { contentForm, engagementEvents, recordEngagement } from '../content/support';
import { auth, dropVerbs, givenFunds, givenUser, paidDrop, proofDrop, type TestUser } from '../drops/support';
import { signUp, startAppWithModules, type IdentityTestApp } from '../identity/support';

/** A real 1×1 PNG. */
function tinyPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    return Buffer.concat([length, Buffer.from(type), data, Buffer.alloc(4)]);
  };
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0])),
    chunk('IDAT', deflateSync(Buffer.from([0, 255, 0, 0]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('advertisers API (become an advertiser, brand profile, dashboard, suggested content)', () => {
  let testApp: IdentityTestApp;
  const { createDrop, apply } = dropVerbs(() => testApp);

  beforeAll(async () => {
    testApp = await startAppWithModules('advertisers_api', [
      IdentityModule,
      LedgerModule,
      RewardsModule,
      DropsModule,
      ContentModule,
      TelemetryModule,
      AdvertisersModule,
    ]);
  });
  afterAll(() => testApp.close());

  const http = () => testApp.http();

  describe('POST /api/users/become-advertiser', () => {
    it('needs a session', async () => {
      const response = await http().post('/api/users/become-advertiser').expect(401);
      expect(response.body).toMatchObject({ code: 'UNAUTHORIZED', error: expect.any(String) });
    });

    it('makes the caller an advertiser (tier unchanged), records it once, and the same token now opens the dashboard', async () => {
      const user = await signUp(testApp);
      await http().get('/api/advertisers/dashboard').set(auth(user.token)).expect(403);
      const response = await http().post('/api/users/become-advertiser').set(auth(user.token)).expect(200);
      const body = BecomeAdvertiserResponseSchema.parse(response.body);
      expect(body).toMatchObject({
        token: user.token,
        message: ADVERTISER_MESSAGES.becameAdvertiser,
        user: { id: user.user.id, user_type: 'advertiser', user_tier: 'free' },
      });

      const again = await http().post('/api/users/become-advertiser').set(auth(user.token)).expect(200);
      expect(again.body).toMatchObject({
        message: ADVERTISER_MESSAGES.alreadyAdvertiser,
        user: { user_type: 'advertiser' },
      });
      const events = await testApp.app
        .get<pg.Pool>(DATABASE_POOL)
        .query(`SELECT count(*)::int AS count FROM events WHERE stream_id LIKE $1 AND type = 'UserTypeChanged'`, [
          `%${user.user.id}%`,
        ]);
      expect(events.rows[0].count).toBe(1);

      const profile = await http().get('/api/auth/profile').set(auth(user.token)).expect(200);
      expect(JSON.stringify(profile.body)).toContain('"user_type":"advertiser"');
      await http().get('/api/advertisers/dashboard').set(auth(user.token)).expect(200);
    });

    it('keeps a premium tier', async () => {
      const user = await givenUser(testApp, { advertiser: 'premium' });
      const response = await http().post('/api/users/become-advertiser').set(auth(user.token)).expect(200);
      expect(response.body.user).toMatchObject({ user_type: 'advertiser', user_tier: 'premium' });
    });
  });

  describe('brand profile', () => {
    let advertiser: TestUser;
    beforeAll(async () => {
      advertiser = await givenUser(testApp, { advertiser: 'free' });
    });

    it('is refused to non-advertisers (403) and needs a session (401)', async () => {
      const creator = await signUp(testApp);
      const refused = await http()
        .put('/api/users/brand-profile')
        .set(auth(creator.token))
        .send({ brand_name: 'Mine' })
        .expect(403);
      expect(refused.body).toMatchObject({ code: 'ADVERTISERS_ONLY', error: ADVERTISER_MESSAGES.advertisersOnly });
      await http().put('/api/users/brand-profile').send({ brand_name: 'Mine' }).expect(401);
    });

    it.each([
      [{}, 'brand_name', ADVERTISER_MESSAGES.brandNameRequired],
      [{ brand_name: '   ' }, 'brand_name', ADVERTISER_MESSAGES.brandNameRequired],
      [{ brand_name: 'Acme', brand_website: 'not a url' }, 'brand_website', ADVERTISER_MESSAGES.brandWebsiteInvalid],
      [
        { brand_name: 'Acme', brand_website: 'javascript:alert(1)' },
        'brand_website',
        ADVERTISER_MESSAGES.brandWebsiteInvalid,
      ],
      [{ brand_name: 'Acme', brand_email: 'nobody' }, 'brand_email', ADVERTISER_MESSAGES.brandEmailInvalid],
      [{ brand_name: 'Acme', brand_logo_url: '/etc/passwd' }, 'brand_logo_url', ADVERTISER_MESSAGES.brandLogoInvalid],
      [{ brand_name: 'x'.repeat(121) }, 'brand_name', 'Brand name must be at most 120 characters'],
    ])('refuses %j with 400 on %s and changes nothing', async (body, field, message) => {
      const response = await http().put('/api/users/brand-profile').set(auth(advertiser.token)).send(body).expect(400);
      expect(response.body).toMatchObject({
        code: 'VALIDATION_ERROR',
        error: message,
        field_errors: [{ field, message }],
      });
      const read = await http().get('/api/users/brand-profile').set(auth(advertiser.token)).expect(200);
      expect(read.body.data.brand_name).toBeNull();
    });

    it('saves the brand with an uploaded logo, reads it back, and a repeat save records nothing new', async () => {
      const upload = await http()
        .post('/api/upload/image')
        .set(auth(advertiser.token))
        .attach('image', tinyPng(), 'logo.png')
        .expect(201);
      const body = {
        brand_name: '  Acme Labs ',
        brand_description: 'We make things',
        brand_website: 'https://acme.test',
        brand_email: 'hello@acme.test',
        brand_phone: '+1 (555) 010-0000',
        brand_logo_url: upload.body.url,
      };
      const saved = await http().put('/api/users/brand-profile').set(auth(advertiser.token)).send(body).expect(200);
      expect(saved.body).toMatchObject({
        status: 'success',
        message: ADVERTISER_MESSAGES.brandSaved,
        data: { ...body, brand_name: 'Acme Labs', updated_at: expect.any(String) },
      });
      await http().put('/api/users/brand-profile').set(auth(advertiser.token)).send(body).expect(200);
      const read = await http().get('/api/users/brand-profile').set(auth(advertiser.token)).expect(200);
      expect(read.body.data).toEqual(saved.body.data);
      const events = await testApp.app
        .get<pg.Pool>(DATABASE_POOL)
        .query(`SELECT count(*)::int AS count FROM events WHERE stream_id = $1`, [
          `advertiser-brand-${advertiser.user.id}`,
        ]);
      expect(events.rows[0].count).toBe(1);
      // Empty optional fields clear them.
      const cleared = await http()
        .put('/api/users/brand-profile')
        .set(auth(advertiser.token))
        .send({ brand_name: 'Acme Labs', brand_website: '', brand_logo_url: '' })
        .expect(200);
      expect(cleared.body.data).toMatchObject({ brand_website: null, brand_logo_url: null, brand_description: null });
    });

    it('records each of three racing saves and keeps the row equal to the last one in the log', async () => {
      const racer = await givenUser(testApp, { advertiser: 'premium' });
      const saves = await Promise.all(
        ['First', 'Second', 'Third'].map((name) =>
          http().put('/api/users/brand-profile').set(auth(racer.token)).send({ brand_name: name }),
        ),
      );
      expect(saves.map((response) => response.status)).toEqual([200, 200, 200]);
      const pool = testApp.app.get<pg.Pool>(DATABASE_POOL);
      const events = await pool.query(
        `SELECT data->>'brandName' AS name FROM events WHERE stream_id = $1 ORDER BY stream_version`,
        [`advertiser-brand-${racer.user.id}`],
      );
      expect(events.rows).toHaveLength(3);
      const read = await http().get('/api/users/brand-profile').set(auth(racer.token)).expect(200);
      expect(read.body.data.brand_name).toBe(events.rows.at(-1).name);
    });

    it('refuses a logo that is not an image (415) or over 5 MB (413)', async () => {
      const text = await http()
        .post('/api/upload/image')
        .set(auth(advertiser.token))
        .attach('image', Buffer.from('hello'), { filename: 'logo.png', contentType: 'image/png' })
        .expect(415);
      expect(text.body.code).toBe('NOT_AN_IMAGE');
      const big = Buffer.concat([tinyPng(), Buffer.alloc(5 * 1024 * 1024)]);
      const tooBig = await http()
        .post('/api/upload/image')
        .set(auth(advertiser.token))
        .attach('image', big, 'logo.png')
        .expect(413);
      expect(tooBig.body.code).toBe('IMAGE_TOO_LARGE');
    });
  });

  describe('GET /api/advertisers/dashboard', () => {
    it('is 401 without a session and 403 ADVERTISERS_ONLY for others', async () => {
      await http().get('/api/advertisers/dashboard').expect(401);
      const creator = await signUp(testApp);
      const response = await http().get('/api/advertisers/dashboard').set(auth(creator.token)).expect(403);
      expect(response.body).toMatchObject({ code: 'ADVERTISERS_ONLY', error: ADVERTISER_MESSAGES.advertisersOnly });
    });

    it('shows an empty dashboard for a new advertiser', async () => {
      const advertiser = await givenUser(testApp, { advertiser: 'free' });
      const response = await http().get('/api/advertisers/dashboard').set(auth(advertiser.token)).expect(200);
      const { data } = AdvertiserDashboardSchema.parse(response.body);
      expect(data.drops).toEqual([]);
      expect(data.analytics).toMatchObject({
        drops_created: 0,
        total_participants: 0,
        gems_spent: '0',
        impressions: 0,
        engagement_rate: 0,
      });
      expect(data.monthly_inventory).toMatchObject({
        period: 'month',
        moves_used: 0,
        moves_allowance: 50,
        proof_drops_used: 0,
        proof_drops_limit: 5,
      });
      expect(data.daily).toHaveLength(30);
      expect(data.brand.brand_name).toBeNull();
    });

    it('counts real drops, applications, escrowed gems and tracked impressions and clicks', async () => {
      const advertiser = await givenUser(testApp, { advertiser: 'premium' });
      await givenFunds(testApp, advertiser.user.id, 'gems', '1000');
      const proof = await createDrop(advertiser, proofDrop()).expect(201);
      const paid = await createDrop(advertiser, paidDrop({ gem_pool_total: 120.5 })).expect(201);
      const applicants = [await signUp(testApp), await signUp(testApp)];
      for (const applicant of applicants) await apply(applicant, proof.body.id).expect(201);
      // Someone else's drop and telemetry count nowhere here.
      const other = await givenUser(testApp, { advertiser: 'premium' });
      const otherDrop = await createDrop(other, proofDrop()).expect(201);

      const now = new Date().toISOString();
      const track = (eventType: string, targetId: string) => ({
        receivedAt: now,
        sessionId: 's',
        userId: null,
        eventType,
        payload: { target_type: 'drop', target_id: targetId },
      });
      await testApp.app
        .get(TelemetryStore)
        .storeBatch(randomUUID(), [
          ...Array.from({ length: 8 }, () => track('impression', proof.body.id)),
          track('impression', paid.body.id),
          track('impression', paid.body.id),
          track('click', proof.body.id),
          track('view', proof.body.id),
          track('impression', otherDrop.body.id),
        ]);

      const response = await http().get('/api/advertisers/dashboard').set(auth(advertiser.token)).expect(200);
      const { data } = AdvertiserDashboardSchema.parse(response.body);
      expect(data.user_tier).toBe('premium');
      expect(data.analytics).toMatchObject({
        drops_created: 2,
        total_participants: 2,
        gems_spent: '120.5',
        impressions: 10,
        engagement_rate: 10,
      });
      expect(data.monthly_inventory).toMatchObject({
        period: 'week',
        proof_drops_used: 1,
        proof_drops_limit: 15,
        paid_drops_used: 1,
        paid_drops_limit: 8,
        moves_allowance: 200,
      });
      expect(data.drops.map((drop) => drop.id)).toEqual([paid.body.id, proof.body.id]);
      expect(data.drops[1]).toMatchObject({ drop_type: 'proof', total_applications: 2, impressions: 8, clicks: 1 });
      expect(data.drops[0]).toMatchObject({
        drop_type: 'paid',
        is_paid_drop: true,
        gem_pool_total: '120.5',
        impressions: 2,
        clicks: 0,
      });
      const today = data.daily.at(-1)!;
      expect(today).toMatchObject({
        day: now.slice(0, 10),
        drops_created: 2,
        gems_spent: '120.5',
        impressions: 10,
        clicks: 1,
      });
    });

    it('shows the free tier at its limit, which the drops context enforces (the 6th proof drop of the month is refused)', async () => {
      const advertiser = await givenUser(testApp, { advertiser: 'free' });
      for (let index = 0; index < 5; index += 1)
        await createDrop(advertiser, proofDrop({ title: `Proof ${index}` })).expect(201);
      const refused = await createDrop(advertiser, proofDrop({ title: 'One too many' }));
      expect(refused.status).toBeGreaterThanOrEqual(400);
      expect(refused.status).toBeLessThan(500);
      const paidRefused = await createDrop(advertiser, paidDrop());
      expect(paidRefused.status).toBeGreaterThanOrEqual(400);
      expect(paidRefused.status).toBeLessThan(500);
      const response = await http().get('/api/advertisers/dashboard').set(auth(advertiser.token)).expect(200);
      expect(response.body.data.monthly_inventory).toMatchObject({
        period: 'month',
        proof_drops_used: 5,
        proof_drops_limit: 5,
        paid_drops_used: 0,
        paid_drops_limit: 0,
      });
      expect(response.body.data.analytics.drops_created).toBe(5);
    });

    it('shows the brand saved by the advertiser', async () => {
      const advertiser = await givenUser(testApp, { advertiser: 'super' });
      await http()
        .put('/api/users/brand-profile')
        .set(auth(advertiser.token))
        .send({ brand_name: 'Brandy' })
        .expect(200);
      const response = await http().get('/api/advertisers/dashboard').set(auth(advertiser.token)).expect(200);
      expect(response.body.data.brand.brand_name).toBe('Brandy');
      expect(response.body.data.monthly_inventory).toMatchObject({
        moves_allowance: 500,
        proof_drops_limit: 25,
        paid_drops_limit: 15,
      });
    });
  });

  describe('demo personas', () => {
    it("a demo advertiser's dashboard shows its own seeded sandbox drops; a demo creator may become an advertiser", async () => {
      const demo = await http().post('/api/auth/demo/advertiser').expect(200);
      const deadline = Date.now() + 10_000;
      let drops: Array<{ title: string }> = [];
      while (drops.length < 2 && Date.now() < deadline) {
        drops = (await http().get('/api/advertisers/dashboard').set(auth(demo.body.token)).expect(200)).body.data.drops;
        if (drops.length < 2) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(drops.map((drop) => drop.title).every((title) => title.startsWith('Demo drop'))).toBe(true);
      expect(drops).toHaveLength(2);

      const creator = await http().post('/api/auth/demo/creator').expect(200);
      const converted = await http().post('/api/users/become-advertiser').set(auth(creator.body.token)).expect(200);
      expect(converted.body.user).toMatchObject({ user_type: 'advertiser', is_demo: true });
      // The creator's sandbox sees no other visitor's drops on its dashboard.
      const dashboard = await http().get('/api/advertisers/dashboard').set(auth(creator.body.token)).expect(200);
      expect(dashboard.body.data.drops).toEqual([]);
    });
  });

  describe('GET /api/advertisers/suggested-content', () => {
    it('is 403 for non-advertisers', async () => {
      const creator = await signUp(testApp);
      const response = await http().get('/api/advertisers/suggested-content').set(auth(creator.token)).expect(403);
      expect(response.body.code).toBe('ADVERTISERS_ONLY');
    });

    it('suggests at most 6 items by recorded engagement, each with a package, and not the advertiser’s own', async () => {
      const creator = await signUp(testApp);
      const advertiser = await givenUser(testApp, { advertiser: 'free' });
      const ids: string[] = [];
      for (let index = 0; index < 8; index += 1) {
        const created = await http()
          .post('/api/content')
          .set(auth(creator.token))
          .send(contentForm({ title: `Item ${index}`, platform_url: `https://www.tiktok.com/@c/video/${index}` }))
          .expect(201);
        ids.push(created.body.contentId);
      }
      const own = await http()
        .post('/api/content')
        .set(auth(advertiser.token))
        .send(contentForm({ title: 'Own', platform_url: 'https://www.tiktok.com/@a/video/own' }))
        .expect(201);
      const ownId: string = own.body.contentId;
      // Item i gets i + 1 likes (the newest the most), the advertiser's own item the most of all.
      const likes = ids.flatMap((id, index) =>
        Array.from({ length: index + 1 }, () => engagementEvents.action(id, randomUUID(), 'like')),
      );
      await recordEngagement(testApp, [
        ...likes,
        ...Array.from({ length: 30 }, () => engagementEvents.action(ownId, randomUUID(), 'like')),
      ]);

      const expected = [ids[7], ids[6], ids[5], ids[4], ids[3], ids[2]];
      const deadline = Date.now() + 10_000;
      let body = SuggestedContentResponseSchema.parse(
        (await http().get('/api/advertisers/suggested-content').set(auth(advertiser.token)).expect(200)).body,
      );
      while (body.data.map((item) => item.id).join() !== expected.join() && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        body = SuggestedContentResponseSchema.parse(
          (await http().get('/api/advertisers/suggested-content').set(auth(advertiser.token)).expect(200)).body,
        );
      }
      expect(body.data.map((item) => item.id)).toEqual(expected);
      expect(body.data[0]).toMatchObject({
        title: 'Item 7',
        total_engagement: 8,
        is_trending: false,
        roi_potential: 'low',
        suggested_package: { id: 'quick-boost', gems: 25, hours: 1 },
      });
    });
  });
});
