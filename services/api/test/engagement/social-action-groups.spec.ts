import type { Pool } from 'pg';
import { statementsSentDuring } from '@app/event-store/src/testing';
import { socialActionRoute, type SocialActionResponse, type SocialActionType } from '@app/contracts/engagement';
import { EngagementCommands } from '../../src/modules/engagement/infrastructure/engagement-commands';
import { newTransactionId } from '../../src/modules/ledger';
import { DATABASE_POOL } from '../../src/platform/database/database.tokens';
import type { IdentityTestApp } from '../identity/support';
import {
  auth,
  balancesOf,
  expectLedgerVerifiesClean,
  givenContent,
  givenUser,
  startEngagementApp,
  type TestUser,
} from './support';

type Settled = { ok: SocialActionResponse } | { error: { status?: number; code?: string } };

/**
 * Quick actions are group-committed (`EngagementCommands.socialAction`): actions that arrive in the same tick are
 * decided together in one unit of work, whatever their items. Calling it directly makes the grouping certain; the
 * outcomes are read back over HTTP and from PostgreSQL.
 */
describe('social actions: group commit', () => {
  let testApp: IdentityTestApp;
  let commands: EngagementCommands;

  beforeAll(async () => {
    testApp = await startEngagementApp('engagement_groups');
    commands = testApp.app.get(EngagementCommands, { strict: false });
  }, 60_000);
  afterAll(() => testApp?.close());

  const together = (
    actions: Array<{ user: TestUser; contentId: string; action: SocialActionType; key?: string }>,
  ): Promise<Settled[]> =>
    Promise.all(
      actions.map(({ user, contentId, action, key }) =>
        commands
          .socialAction({
            contentId,
            userId: user.user.id,
            action,
            tier: 'free',
            actorIsDemo: false,
            transactionId: newTransactionId(),
            now: new Date().toISOString(),
            // The route's @IdempotencyKey scope and body, so an HTTP retry with the same key replays.
            idempotency: {
              scope: `POST ${socialActionRoute.path}:${user.user.id}`,
              key,
              body: { params: {}, body: { action_type: action, reference_id: contentId, reference_type: 'content' } },
            },
          })
          .then(
            (ok): Settled => ({ ok }),
            (error: { status?: number; code?: string }): Settled => ({ error }),
          ),
      ),
    );
  const likesOf = async (contentId: string) =>
    (
      await testApp.app
        .get<Pool>(DATABASE_POOL)
        .query<{ likes: number }>(
          'SELECT count(*)::int AS likes FROM engagement_user_content WHERE content_id = $1 AND liked_at IS NOT NULL',
          [contentId],
        )
    ).rows[0]!.likes;

  it('25 likes in one group: each paid once, the pool of 20 shares goes to the first 20 in order and never beyond', async () => {
    const owner = await givenUser(testApp);
    const contentId = await givenContent(testApp, owner); // 100 shares: an engagement pool of 20
    const fans = await Promise.all(Array.from({ length: 25 }, () => givenUser(testApp)));
    const before = await Promise.all(
      fans.slice(0, 3).map(async (fan) => (await balancesOf(testApp, fan)).points_balance),
    );
    const outcomes = await together(fans.map((user) => ({ user, contentId, action: 'like' as const })));
    const answers = outcomes.map((outcome) => ('ok' in outcome ? outcome.ok : outcome.error));
    expect(
      answers.map((answer) => ('engagement_shares_earned' in answer ? answer.engagement_shares_earned : answer.code)),
    ).toEqual([...Array.from({ length: 20 }, () => 1), 0, 0, 0, 0, 0]);
    expect(
      answers.map((answer) => ('engagement_shares_remaining' in answer ? answer.engagement_shares_remaining : -1)),
    ).toEqual([...Array.from({ length: 20 }, (_, index) => 19 - index), 0, 0, 0, 0, 0]);
    expect(answers.every((answer) => 'points_earned' in answer && answer.points_earned === 0.1)).toBe(true);
    expect(await likesOf(contentId)).toBe(25);
    for (const [position, fan] of fans.slice(0, 3).entries())
      expect((await balancesOf(testApp, fan)).points_balance).toBeCloseTo(before[position]! + 0.1, 5);
    await expectLedgerVerifiesClean(testApp);
  }, 60_000);

  it('one user twice in a group: the second like is refused, a like and a save both count', async () => {
    const owner = await givenUser(testApp);
    const contentId = await givenContent(testApp, owner);
    const [fan, other] = await Promise.all([givenUser(testApp), givenUser(testApp)]);
    const before = (await balancesOf(testApp, fan)).points_balance;
    const outcomes = await together([
      { user: fan, contentId, action: 'like' },
      { user: other, contentId, action: 'like' },
      { user: fan, contentId, action: 'like' },
      { user: fan, contentId, action: 'save' },
    ]);
    expect(outcomes.map((outcome) => ('ok' in outcome ? 200 : outcome.error.code))).toEqual([
      200,
      200,
      'ALREADY_LIKED',
      200,
    ]);
    expect(await likesOf(contentId)).toBe(2);
    const saved = await testApp.http().get('/api/users/saved-content').set(auth(fan.token)).expect(200);
    expect(JSON.stringify(saved.body)).toContain(contentId);
    expect((await balancesOf(testApp, fan)).points_balance).toBeGreaterThan(before + 0.1);
    await expectLedgerVerifiesClean(testApp);
  }, 60_000);

  it('the same Idempotency-Key twice in one group likes once; the twin replays the answer', async () => {
    const owner = await givenUser(testApp);
    const contentId = await givenContent(testApp, owner);
    const fan = await givenUser(testApp);
    const before = (await balancesOf(testApp, fan)).points_balance;
    const outcomes = await together([
      { user: fan, contentId, action: 'like', key: 'like-1' },
      { user: fan, contentId, action: 'like', key: 'like-1' },
    ]);
    expect(outcomes).toEqual([
      { ok: expect.objectContaining({ points_earned: 0.1 }) },
      { ok: expect.objectContaining({ points_earned: 0.1 }) },
    ]);
    expect(await likesOf(contentId)).toBe(1);
    expect((await balancesOf(testApp, fan)).points_balance).toBeCloseTo(before + 0.1, 5);
    const retried = await testApp
      .http()
      .post('/api/users/social-action')
      .set(auth(fan.token))
      .set('Idempotency-Key', 'like-1')
      .send({ action_type: 'like', reference_id: contentId, reference_type: 'content' })
      .expect(200);
    expect(retried.headers['idempotency-replayed']).toBe('true');
  }, 60_000);

  it('one group across items: a user liking three items at once is paid three times on one day, a missing item is refused alone', async () => {
    const owner = await givenUser(testApp);
    const items = [
      await givenContent(testApp, owner),
      await givenContent(testApp, owner),
      await givenContent(testApp, owner),
    ];
    const [fan, other] = await Promise.all([givenUser(testApp), givenUser(testApp)]);
    const before = (await balancesOf(testApp, fan)).points_balance;
    const outcomes = await together([
      ...items.map((contentId) => ({ user: fan, contentId, action: 'like' as const })),
      { user: other, contentId: 'no-such-item', action: 'like' },
      { user: other, contentId: items[1]!, action: 'like' },
      { user: fan, contentId: items[2]!, action: 'like' },
    ]);
    expect(outcomes.map((outcome) => ('ok' in outcome ? 200 : outcome.error.code))).toEqual([
      200,
      200,
      200,
      'CONTENT_NOT_FOUND',
      200,
      'ALREADY_LIKED',
    ]);
    // The day's allowance is the user's across items: each like sees the ones before it in the group.
    expect(outcomes.slice(0, 3).map((outcome) => ('ok' in outcome ? outcome.ok.daily_points_remaining : null))).toEqual(
      [49.9, 49.8, 49.7],
    );
    // Each item's pool gives its own first share.
    expect(outcomes.map((outcome) => ('ok' in outcome ? outcome.ok.engagement_shares_remaining : null))).toEqual([
      19,
      19,
      19,
      null,
      18,
      null,
    ]);
    expect(await Promise.all(items.map(likesOf))).toEqual([1, 2, 1]);
    // One unit of work: every like of the group was committed by one transaction.
    const written = await testApp.app
      .get<Pool>(DATABASE_POOL)
      .query<{ transactions: number }>(
        `SELECT count(DISTINCT transaction_id)::int AS transactions FROM events WHERE type = 'SocialActionRecorded' AND stream_id = ANY($1::text[])`,
        [
          [
            ...items.map((contentId) => `engagement-${contentId}-${fan.user.id}`),
            `engagement-${items[1]}-${other.user.id}`,
          ],
        ],
      );
    expect(written.rows[0]!.transactions).toBe(1);
    expect((await balancesOf(testApp, fan)).points_balance).toBeCloseTo(before + 0.3, 5);
    await expectLedgerVerifiesClean(testApp);
  }, 60_000);

  it("a group's events, its users' points, its streams and its inline rows go in one append statement (the streams are claimed with the events), with no savepoint, and no NOTIFY follows", async () => {
    const owner = await givenUser(testApp);
    const contentId = await givenContent(testApp, owner);
    const fans = await Promise.all(Array.from({ length: 5 }, () => givenUser(testApp)));
    // Every fan has acted once in this process already, so the heads of their streams are known here.
    await together(fans.map((user) => ({ user, contentId, action: 'save' as const })));
    const { result: outcomes, sent } = await statementsSentDuring(async () => {
      const settled = await together(fans.map((user) => ({ user, contentId, action: 'like' as const })));
      // The event store would send its NOTIFY on the next timer turn after the commit: give it the time.
      await new Promise((resolve) => setTimeout(resolve, 100));
      return settled;
    });
    expect(outcomes.every((outcome) => 'ok' in outcome)).toBe(true);
    const writes = sent.filter((text) => /INSERT INTO (events|streams)/.test(text));
    expect(writes).toHaveLength(1);
    expect(writes[0]).toContain('INSERT INTO events');
    // The inline rows (who liked what, the users' days) are written beside the events, by that same statement.
    expect(sent.filter((text) => /(INSERT INTO|UPDATE) engagement_(user_content|daily_rewards)/.test(text))).toEqual(
      writes,
    );
    // Nobody in the application LISTENs to the log: an append is followed by no NOTIFY statement. And no savepoint:
    // a group the ledger refuses part of is rerun whole (the market's group-commit spec).
    expect(sent.filter((text) => /pg_notify|SAVEPOINT/i.test(text))).toEqual([]);
    expect(await likesOf(contentId)).toBe(5);
    await expectLedgerVerifiesClean(testApp);
  }, 60_000);

  it('a key refused with 409 in a group is released, not kept: the same key may be used again', async () => {
    const owner = await givenUser(testApp);
    const [first, second] = [await givenContent(testApp, owner), await givenContent(testApp, owner)];
    const fan = await givenUser(testApp);
    const keys = async (key: string) =>
      (
        await testApp.app
          .get<Pool>(DATABASE_POOL)
          .query<{ n: number }>('SELECT count(*)::int AS n FROM idempotency_keys WHERE idempotency_key = $1', [key])
      ).rows[0]!.n;
    expect(await together([{ user: fan, contentId: first, action: 'like', key: 'released-1' }])).toEqual([
      { ok: expect.objectContaining({ success: true }) },
    ]);
    const refused = await together([
      { user: fan, contentId: first, action: 'like', key: 'released-2' },
      { user: fan, contentId: second, action: 'like', key: 'released-3' },
    ]);
    expect(refused).toEqual([
      { error: expect.objectContaining({ status: 409, code: 'ALREADY_LIKED' }) },
      { ok: expect.objectContaining({ success: true }) },
    ]);
    expect([await keys('released-1'), await keys('released-2'), await keys('released-3')]).toEqual([1, 0, 1]);
    // Released: the key now carries another request (were it kept, a different body under it would be refused).
    const other = await givenContent(testApp, owner);
    expect(await together([{ user: fan, contentId: other, action: 'like', key: 'released-2' }])).toEqual([
      { ok: expect.objectContaining({ success: true }) },
    ]);
  }, 60_000);

  it('60 users liking one item at once over HTTP, twice: counted exactly once each', async () => {
    const owner = await givenUser(testApp);
    const contentId = await givenContent(testApp, owner);
    const fans = await Promise.all(Array.from({ length: 60 }, () => givenUser(testApp)));
    const like = (fan: TestUser) =>
      testApp
        .http()
        .post('/api/users/social-action')
        .set(auth(fan.token))
        .send({ action_type: 'like', reference_id: contentId, reference_type: 'content' });
    const first = await Promise.all(fans.map(like));
    const second = await Promise.all(fans.map(like));
    expect(first.map((response) => response.status)).toEqual(fans.map(() => 200));
    expect(second.map((response) => response.status)).toEqual(fans.map(() => 409));
    expect(await likesOf(contentId)).toBe(60);
    expect(first.filter((response) => response.body.engagement_shares_earned === 1)).toHaveLength(20);
    await expectLedgerVerifiesClean(testApp);
  }, 90_000);
});
