import type { EventStore } from '@app/event-store';
import { EVENT_STORE } from '../../src/platform/database/database.tokens';
import {
  CampaignsModule,
  ContentModule,
  DropsModule,
  IdentityModule,
  LedgerModule,
  ProgressModule,
  RewardsModule,
  SearchModule,
  SubscriptionsModule,
  TelemetryModule,
} from '../../src/modules/context-modules';
import { CreditMovesAllowanceCommand } from '@app/contracts/subscriptions';
import { verifyLedger } from '../../src/modules/ledger/infrastructure/ledger-audit';
import { TelemetryStore } from '../../src/modules/telemetry/infrastructure/telemetry-store';
import { contentForm } from '../content/support';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { MovesSpentQuery } from '../../src/modules/advertisers';
import { parseDecimalToMinor } from '@app/contracts/ledger';
import { RunLedgerCommand, SYSTEM_ACCOUNTS, newTransactionId, userAccount } from '../../src/modules/ledger';
import { auth, balancesOf, givenUser, proofDrop, type TestUser } from '../drops/support';
import { startAppWithModules, type IdentityTestApp } from '../identity/support';
import { campaignDraft, today } from './support';

const draft = campaignDraft;

describe('campaigns API', () => {
  let testApp: IdentityTestApp;
  const http = () => testApp.http();
  const movesOf = async (user: TestUser) =>
    ((await balancesOf(testApp, user)) as unknown as { moves_balance: number }).moves_balance;
  const create = (user: TestUser, body: Record<string, unknown> = draft()) =>
    http().post('/api/campaigns').set(auth(user.token)).send(body);
  const setStatus = (user: TestUser, id: string, status: string) =>
    http().post(`/api/campaigns/${id}/status`).set(auth(user.token)).send({ status });

  /** Moves in (or, negative, out to `system:burn`) through a real ledger transaction (`ADJUSTMENT`, the ledger's reason for operators and tests). */
  async function givenMoves(userId: string, amount: string): Promise<void> {
    const minor = parseDecimalToMinor(amount.replace('-', ''), 'moves')!;
    const [from, to] = amount.startsWith('-')
      ? [userAccount(userId), SYSTEM_ACCOUNTS.burn]
      : [SYSTEM_ACCOUNTS.issuance, userAccount(userId)];
    const result = await testApp.app.get(CommandBus).execute(
      new RunLedgerCommand({
        type: 'PostTransaction',
        data: {
          transactionId: newTransactionId(),
          reasonCode: 'ADJUSTMENT',
          description: 'Test moves',
          postings: [{ debitAccount: from, creditAccount: to, currency: 'moves', amountMinor: minor }],
          now: new Date().toISOString(),
        },
      }),
    );
    if (!result.ok) throw new Error(`Funding refused: ${result.refusal}`);
  }

  /**
   * A premium advertiser holding exactly `moves` moves: the week's allowance (200, credited once as a campaign's
   * creation would) topped up or taken down to `moves` through real ledger transactions.
   */
  async function advertiserWith(moves: string): Promise<TestUser> {
    const user = await givenUser(testApp, { advertiser: 'premium' });
    const allowance = await testApp.app.get(CommandBus).execute(new CreditMovesAllowanceCommand(user.user.id));
    expect(allowance).toMatchObject({ moves: 200, credited: true, creditedNow: true });
    const difference = Number(moves) - 200;
    if (difference !== 0) await givenMoves(user.user.id, difference.toFixed(2));
    return user;
  }

  beforeAll(async () => {
    testApp = await startAppWithModules('campaigns_api', [
      IdentityModule,
      LedgerModule,
      RewardsModule,
      ProgressModule,
      SearchModule,
      DropsModule,
      ContentModule,
      TelemetryModule,
      SubscriptionsModule,
      CampaignsModule,
    ]);
  });
  afterAll(() => testApp?.close());

  describe('POST /api/campaigns/calculate-move-cost', () => {
    it('answers the formula for the scope', async () => {
      const user = await givenUser(testApp);
      const response = await http()
        .post('/api/campaigns/calculate-move-cost')
        .set(auth(user.token))
        .send({
          campaignType: 'standard',
          duration: 10,
          audienceSize: 2000,
          locations: ['US'],
          interests: [],
          isPremium: false,
        })
        .expect(200);
      expect(response.body).toEqual({
        totalCost: 71.88,
        baseCost: 50,
        durationModifier: 1.25,
        audienceModifier: 1.15,
        premiumModifier: 1,
      });
      const defaults = await http()
        .post('/api/campaigns/calculate-move-cost')
        .set(auth(user.token))
        .send({ campaignType: 'premium', audienceSize: 1000, isPremium: true })
        .expect(200);
      expect(defaults.body.totalCost).toBe(150);
    });

    it('refuses bad input with field errors and needs a login', async () => {
      const user = await givenUser(testApp);
      const bad = await http()
        .post('/api/campaigns/calculate-move-cost')
        .set(auth(user.token))
        .send({ campaignType: 'mega', audienceSize: 50 })
        .expect(400);
      expect(bad.body.code).toBe('VALIDATION_ERROR');
      expect(bad.body.field_errors.map((error: { field: string }) => error.field).sort()).toEqual([
        'audienceSize',
        'campaignType',
      ]);
      await http()
        .post('/api/campaigns/calculate-move-cost')
        .send({ campaignType: 'proof', audienceSize: 100 })
        .expect(401);
    });
  });

  describe('POST /api/campaigns', () => {
    it('spends exactly the calculated cost from the moves balance into the campaign escrow', async () => {
      const advertiser = await advertiserWith('200');
      const body = draft({
        endDate: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10),
        audienceSize: 2000,
        locations: ['US'],
      });
      const quote = await http()
        .post('/api/campaigns/calculate-move-cost')
        .set(auth(advertiser.token))
        .send({
          campaignType: 'standard',
          duration: 10,
          audienceSize: 2000,
          locations: ['US'],
          interests: [],
          isPremium: false,
        })
        .expect(200);
      const response = await create(advertiser, { ...body, userId: advertiser.user.id, duration: 10 }).expect(201);
      expect(response.body.movesSpent).toBe(quote.body.totalCost);
      expect(response.body.campaign).toMatchObject({
        name: 'Winter launch',
        status: 'draft',
        spent: 71.88,
        budget: 1000,
        dailyBudget: 100,
        durationDays: 10,
        impressions: 0,
        clicks: 0,
        ctr: 0,
        cpc: null,
      });
      expect(await movesOf(advertiser)).toBe(128.12);
    });

    it("credits the tier's moves allowance of the period before the first spend (a new advertiser can create at once)", async () => {
      const fresh = await givenUser(testApp, { advertiser: 'premium' });
      expect(await movesOf(fresh)).toBe(0);
      const response = await create(fresh).expect(201);
      expect(await movesOf(fresh)).toBeCloseTo(200 - response.body.movesSpent, 2);
      // Once per period: a second campaign draws on what is left, no second allowance.
      const second = await create(fresh).expect(201);
      expect(await movesOf(fresh)).toBeCloseTo(200 - response.body.movesSpent - second.body.movesSpent, 2);
    });

    it("refuses with the spec's text when moves are short, and spends nothing", async () => {
      const advertiser = await advertiserWith('49.99');
      const response = await create(advertiser).expect(422);
      expect(response.body).toMatchObject({
        code: 'INSUFFICIENT_MOVES',
        error: 'You do not have enough moves to create this campaign. Please reduce the scope or purchase more moves.',
      });
      expect(await movesOf(advertiser)).toBe(49.99);
      expect((await http().get('/api/campaigns').set(auth(advertiser.token)).expect(200)).body.campaigns).toEqual([]);
    });

    it('never lets parallel creations spend more than the balance', async () => {
      const advertiser = await advertiserWith('120');
      const results = await Promise.all(Array.from({ length: 5 }, () => create(advertiser)));
      expect(results.map((result) => result.status).sort()).toEqual([201, 201, 422, 422, 422]);
      expect(await movesOf(advertiser)).toBe(20);
    });

    it('spends once for one Idempotency-Key, however often the request is sent', async () => {
      const advertiser = await advertiserWith('200');
      const send = () => create(advertiser).set('Idempotency-Key', 'create-once-1');
      const [first, second] = await Promise.all([send(), send()]);
      const third = await send();
      const statuses = [first.status, second.status, third.status];
      expect(statuses.filter((status) => status === 201).length).toBeGreaterThanOrEqual(1);
      for (const response of [first, second, third].filter((r) => r.status === 201))
        expect(response.body.campaign.id).toBe(third.body.campaign.id);
      expect(await movesOf(advertiser)).toBe(150);
      expect((await http().get('/api/campaigns').set(auth(advertiser.token)).expect(200)).body.campaigns).toHaveLength(
        1,
      );
    });

    it('validates the draft (spec 3 §5) with field errors', async () => {
      const advertiser = await advertiserWith('100');
      const response = await create(
        advertiser,
        draft({
          name: ' ',
          audienceSize: 150,
          budget: 0.5,
          dailyBudget: 1.001,
          bidStrategy: 'bid_cap',
          bidAmount: null,
          targetCtr: 200,
          endDate: '2000-01-01',
        }),
      ).expect(400);
      const fields = response.body.field_errors.map((error: { field: string }) => error.field).sort();
      expect(fields).toEqual(['audienceSize', 'bidAmount', 'budget', 'dailyBudget', 'endDate', 'name', 'targetCtr']);
      const past = await create(advertiser, draft({ startDate: '2020-01-01' })).expect(400);
      expect(past.body.error).toBe('Start date cannot be in the past');
      expect(await movesOf(advertiser)).toBe(100);
    });

    it('is for advertisers only (403) and needs a login (401)', async () => {
      const regular = await givenUser(testApp);
      await givenMoves(regular.user.id, '100');
      const response = await create(regular).expect(403);
      expect(response.body.code).toBe('ADVERTISER_REQUIRED');
      await http().get('/api/campaigns').set(auth(regular.token)).expect(403);
      await http().post('/api/campaigns').send(draft()).expect(401);
      expect(await movesOf(regular)).toBe(100);
    });
  });

  describe('reading, editing, status and delete', () => {
    it('lists only my campaigns, newest first, and shows one to its owner only', async () => {
      const owner = await advertiserWith('200');
      const other = await advertiserWith('100');
      const first = (await create(owner, draft({ name: 'First' })).expect(201)).body.campaign.id;
      const second = (await create(owner, draft({ name: 'Second', campaignType: 'proof' })).expect(201)).body.campaign
        .id;
      await create(other, draft({ name: 'Theirs' })).expect(201);
      const list = await http().get('/api/campaigns').set(auth(owner.token)).expect(200);
      expect(list.body.campaigns.map((campaign: { id: string }) => campaign.id)).toEqual([second, first]);
      const detail = await http().get(`/api/campaigns/${first}`).set(auth(owner.token)).expect(200);
      expect(detail.body).toMatchObject({
        id: first,
        name: 'First',
        content: [],
        platforms: [],
        daily: [],
        telemetryAvailable: true,
      });
      await http().get(`/api/campaigns/${first}`).set(auth(other.token)).expect(403);
      await http().get('/api/campaigns/00000000-0000-4000-8000-000000000000').set(auth(owner.token)).expect(404);
      await http().get('/api/campaigns/not-a-uuid').set(auth(owner.token)).expect(404);
    });

    it('edits the editable fields (owner only), validated', async () => {
      const owner = await advertiserWith('100');
      const other = await advertiserWith('0');
      const id = (await create(owner).expect(201)).body.campaign.id;
      const edited = {
        name: 'Renamed',
        objective: 'traffic',
        description: 'New text',
        budget: 2500.5,
        dailyBudget: 250,
        bidStrategy: 'cost_cap',
        bidAmount: 1.25,
        targetCtr: 3.5,
        targetCpc: 0.75,
      };
      const response = await http().put(`/api/campaigns/${id}`).set(auth(owner.token)).send(edited).expect(200);
      expect(response.body).toMatchObject({ ...edited, spent: 50, status: 'draft' });
      await http().put(`/api/campaigns/${id}`).set(auth(other.token)).send(edited).expect(403);
      const bad = await http()
        .put(`/api/campaigns/${id}`)
        .set(auth(owner.token))
        .send({ ...edited, name: '', bidAmount: null })
        .expect(400);
      expect(bad.body.field_errors.map((error: { field: string }) => error.field).sort()).toEqual([
        'bidAmount',
        'name',
      ]);
      expect(await movesOf(owner)).toBe(50);
    });

    it('allows only draft → active, active ⇄ paused, active|paused → completed', async () => {
      const owner = await advertiserWith('100');
      const id = (await create(owner).expect(201)).body.campaign.id;
      const refused = await setStatus(owner, id, 'paused').expect(409);
      expect(refused.body).toMatchObject({
        code: 'INVALID_STATUS_TRANSITION',
        error: 'A campaign cannot go from draft to paused',
      });
      expect((await setStatus(owner, id, 'active').expect(200)).body).toMatchObject({
        status: 'active',
        startedAt: expect.any(String),
      });
      await setStatus(owner, id, 'draft').expect(409);
      expect((await setStatus(owner, id, 'paused').expect(200)).body.status).toBe('paused');
      expect((await setStatus(owner, id, 'active').expect(200)).body.status).toBe('active');
      expect((await setStatus(owner, id, 'completed').expect(200)).body).toMatchObject({
        status: 'completed',
        completedAt: expect.any(String),
      });
      await setStatus(owner, id, 'active').expect(409);
      await http()
        .put(`/api/campaigns/${id}`)
        .set(auth(owner.token))
        .send({ name: 'Late', budget: 10, dailyBudget: 1 })
        .expect(409);
      await setStatus(owner, id, 'archived').expect(400);
      expect(await movesOf(owner)).toBe(50);
    });

    it('lets only one of two parallel activations through, and burns the escrow once', async () => {
      const owner = await advertiserWith('100');
      const id = (await create(owner).expect(201)).body.campaign.id;
      const results = await Promise.all([setStatus(owner, id, 'active'), setStatus(owner, id, 'active')]);
      expect(results.map((result) => result.status).sort()).toEqual([200, 409]);
      const removed = await http().delete(`/api/campaigns/${id}`).set(auth(owner.token)).expect(200);
      expect(removed.body.movesRefunded).toBe(0);
      expect(await movesOf(owner)).toBe(50);
    });

    it('refunds a draft on delete and an activated campaign nothing; owner only', async () => {
      const owner = await advertiserWith('100');
      const other = await advertiserWith('0');
      const drafted = (await create(owner).expect(201)).body.campaign.id;
      await http().delete(`/api/campaigns/${drafted}`).set(auth(other.token)).expect(403);
      const refunded = await http().delete(`/api/campaigns/${drafted}`).set(auth(owner.token)).expect(200);
      expect(refunded.body).toEqual({ success: true, id: drafted, movesRefunded: 50 });
      expect(await movesOf(owner)).toBe(100);
      await http().get(`/api/campaigns/${drafted}`).set(auth(owner.token)).expect(404);
      await http().delete(`/api/campaigns/${drafted}`).set(auth(owner.token)).expect(404);

      const activated = (await create(owner).expect(201)).body.campaign.id;
      await setStatus(owner, activated, 'active').expect(200);
      const kept = await http().delete(`/api/campaigns/${activated}`).set(auth(owner.token)).expect(200);
      expect(kept.body.movesRefunded).toBe(0);
      expect(await movesOf(owner)).toBe(50);
    });
  });

  describe('content, drops and figures', () => {
    it('adds content and own drops, counts their telemetry from the day they joined', async () => {
      const owner = await advertiserWith('100');
      const creator = await givenUser(testApp);
      const contentId = (await http().post('/api/content').set(auth(creator.token)).send(contentForm()).expect(201))
        .body.contentId as string;
      const id = (await create(owner).expect(201)).body.campaign.id;

      await http()
        .post(`/api/campaigns/${id}/content`)
        .set(auth(owner.token))
        .send({ contentId: 'missing' })
        .expect(404);
      const withContent = await http()
        .post(`/api/campaigns/${id}/content`)
        .set(auth(owner.token))
        .send({ contentId })
        .expect(200);
      expect(withContent.body.content).toEqual([
        expect.objectContaining({
          id: contentId,
          title: 'Morning routine',
          status: 'live',
          platform: 'tiktok',
          impressions: 0,
          spent: 0,
          budget: 50,
        }),
      ]);
      await http().post(`/api/campaigns/${id}/content`).set(auth(owner.token)).send({ contentId }).expect(409);

      const theirDrop = (
        await http()
          .post('/api/drops')
          .set(auth((await givenUser(testApp, { advertiser: 'super' })).token))
          .send(proofDrop())
          .expect(201)
      ).body.id;
      await http().post(`/api/campaigns/${id}/drops`).set(auth(owner.token)).send({ dropId: theirDrop }).expect(404);
      const myDrop = (await http().post('/api/drops').set(auth(owner.token)).send(proofDrop()).expect(201)).body.id;
      expect(
        (await http().post(`/api/campaigns/${id}/drops`).set(auth(owner.token)).send({ dropId: myDrop }).expect(200))
          .body,
      ).toMatchObject({ drops: 1, dropIds: [myDrop] });

      const now = new Date().toISOString();
      const event = (eventType: string, target_type: string, target_id: string) => ({
        receivedAt: now,
        sessionId: 's',
        userId: null,
        eventType,
        payload: { target_type, target_id },
      });
      await testApp.app
        .get(TelemetryStore)
        .storeBatch(`campaign-test-${id}`, [
          event('impression', 'content', contentId),
          event('impression', 'content', contentId),
          event('impression', 'content', contentId),
          event('impression', 'drop', myDrop),
          event('click', 'content', contentId),
          event('impression', 'content', 'not-in-campaign'),
        ]);
      const detail = (await http().get(`/api/campaigns/${id}`).set(auth(owner.token)).expect(200)).body;
      expect(detail).toMatchObject({ impressions: 4, clicks: 1, ctr: 25, cpc: 50 });
      // Spent of budget: the campaign's 50 moves are this one item's budget; its click is the campaign's only one.
      expect(detail.content[0]).toMatchObject({ impressions: 3, clicks: 1, ctr: 33.33, spent: 50, budget: 50 });
      expect(detail.platforms).toEqual([
        { platform: 'tiktok', items: 1, impressions: 3, clicks: 1, averageCtr: 33.33 },
      ]);
      expect(detail.daily).toEqual([{ day: today(), impressions: 4, clicks: 1 }]);
      const listed = (await http().get('/api/campaigns').set(auth(owner.token)).expect(200)).body.campaigns[0];
      expect(listed).toMatchObject({ id, impressions: 4, clicks: 1 });

      const removed = await http()
        .delete(`/api/campaigns/${id}/content/${contentId}`)
        .set(auth(owner.token))
        .expect(200);
      expect(removed.body).toMatchObject({ content: [], impressions: 1 });
      await http().delete(`/api/campaigns/${id}/content/${contentId}`).set(auth(owner.token)).expect(404);
      await http().delete(`/api/campaigns/${id}/drops/${myDrop}`).set(auth(owner.token)).expect(200);
    });
  });

  it("answers the dashboard's moves used: this period's campaigns, net of draft refunds", async () => {
    const owner = await advertiserWith('300');
    const spentIn = (from: Date, to: Date) =>
      testApp.app.get(QueryBus).execute<MovesSpentQuery, number>(new MovesSpentQuery(owner.user.id, from, to));
    const from = new Date(Date.now() - 60_000);
    const to = new Date(Date.now() + 60_000);
    await create(owner, draft({ locations: ['US'] })).expect(201);
    const activated = (await create(owner, draft({ campaignType: 'proof' })).expect(201)).body.campaign.id;
    const refunded = (await create(owner).expect(201)).body.campaign.id;
    await setStatus(owner, activated, 'active').expect(200);
    await http().delete(`/api/campaigns/${activated}`).set(auth(owner.token)).expect(200);
    await http().delete(`/api/campaigns/${refunded}`).set(auth(owner.token)).expect(200);
    expect(await spentIn(from, to)).toBe(62.5);
    expect(await spentIn(new Date(0), from)).toBe(0);
  });

  it('leaves a ledger that verifies', async () => {
    const report = await verifyLedger(testApp.app.get<EventStore>(EVENT_STORE));
    expect(report.findings).toEqual([]);
  });
});
