import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type pg from 'pg';
import {
  AppendAlongsideConflictError,
  type EventStore,
  type StoredEvent,
  type TransactionHandle,
} from '@app/event-store';
import { contentPoolStreamId, userContentStreamId, utcDayOf } from '../../src/modules/engagement/domain/streams';
import type { EngagementEvent } from '@app/contracts/engagement';
import { statementsSentDuring } from '@app/event-store/src/testing';
import {
  DailyRewardsConflictError,
  dailyRewardsKey,
  readDailyRewards,
  saveDailyRewards,
} from '../../src/modules/engagement/infrastructure/daily-rewards';
import { socialActionRowsAlongside } from '../../src/modules/engagement/infrastructure/inline-read-model';
import { DATABASE_POOL, EVENT_STORE } from '../../src/platform/database/database.tokens';
import type { IdentityTestApp } from '../identity/support';
import { auth, givenContent, givenUser, startEngagementApp, type TestUser } from './support';

/**
 * A user's UTC day (quick-action points capped at 50, external moves counted) is an inline row decided on and written
 * with the action's events, not a stream with an event per rewarded action. The item's pool stays a stream, read from
 * its tail. Observed on the database and event store the application uses.
 */
describe('engagement: the user day as a row, the pool from its tail', () => {
  let testApp: IdentityTestApp;
  let eventStore: EventStore;
  let pool: pg.Pool;

  beforeAll(async () => {
    testApp = await startEngagementApp('engagement_daily_rewards');
    eventStore = testApp.app.get<EventStore>(EVENT_STORE, { strict: false });
    pool = testApp.app.get<pg.Pool>(DATABASE_POOL, { strict: false });
  }, 60_000);
  afterAll(() => testApp?.close());

  const today = () => utcDayOf(new Date().toISOString());
  const asHandle = (on: pg.Pool): TransactionHandle => ({
    query: async (text, params) => on.query(text, params) as never,
  });
  const dayRow = async (userId: string) =>
    (
      await pool.query(
        'SELECT points_minor::int AS points_minor, external_moves FROM engagement_daily_rewards WHERE user_id = $1 AND day = $2',
        [userId, today()],
      )
    ).rows[0];

  /** Likes `contentId` over HTTP; the answer and the events each read of the event store returned meanwhile. */
  async function like(
    fan: TestUser,
    contentId: string,
  ): Promise<{ dailyPointsRemaining: number; read: Array<Map<string, StoredEvent[]>> }> {
    const read: Array<Map<string, StoredEvent[]>> = [];
    const original = eventStore.readStreams;
    const watched = eventStore as { readStreams: EventStore['readStreams'] };
    watched.readStreams = async (...args) => {
      const answer = await original.apply(eventStore, args);
      read.push(answer);
      return answer;
    };
    try {
      const answer = await testApp
        .http()
        .post('/api/users/social-action')
        .set(auth(fan.token))
        .send({ action_type: 'like', reference_id: contentId, reference_type: 'content' })
        .expect(200);
      return { dailyPointsRemaining: answer.body.daily_points_remaining as number, read };
    } finally {
      delete (watched as Partial<typeof watched>).readStreams;
    }
  }

  it('twelve likes in a day: the allowance is exact, the row holds the day, and no event of the day is recorded', async () => {
    const owner = await givenUser(testApp);
    const fan = await givenUser(testApp);
    const items = await Promise.all(Array.from({ length: 12 }, () => givenContent(testApp, owner)));
    const likes = [];
    for (const contentId of items) likes.push(await like(fan, contentId));
    // 50 points a day, 0.1 a like at the free tier.
    expect(likes.map((entry) => entry.dailyPointsRemaining)).toEqual(
      Array.from({ length: 12 }, (_, index) => Number((49.9 - index * 0.1).toFixed(1))),
    );
    expect(await dayRow(fan.user.id)).toEqual({ points_minor: 12, external_moves: 0 });
    const dayEvents = await pool.query(
      "SELECT count(*)::int AS count FROM events WHERE type = 'DailyRewardCounted' AND data->>'userId' = $1",
      [fan.user.id],
    );
    expect(dayEvents.rows[0].count).toBe(0);
  }, 60_000);

  it("twelve fans like one item: each like reads two of the pool's events at most (the one it last read, the one appended since)", async () => {
    const owner = await givenUser(testApp);
    const contentId = await givenContent(testApp, owner);
    const fans = await Promise.all(Array.from({ length: 12 }, () => givenUser(testApp)));
    const poolEventsRead = [];
    for (const fan of fans) {
      const { read } = await like(fan, contentId);
      poolEventsRead.push(
        read.reduce((sum, answer) => sum + (answer.get(contentPoolStreamId(contentId))?.length ?? 0), 0),
      );
    }
    // However long the pool grows: read whole, the twelfth like would read eleven.
    expect(poolEventsRead).toEqual([0, 1, ...Array.from({ length: 10 }, () => 2)]);
  }, 60_000);

  it('a day another process wrote after this one read it is not written over: the write conflicts, as an append would', async () => {
    const fan = await givenUser(testApp);
    const other = await givenUser(testApp);
    await pool.query(
      'INSERT INTO engagement_daily_rewards (user_id, day, points_minor, external_moves) VALUES ($1, $2, 10, 1)',
      [fan.user.id, today()],
    );
    const attempt = eventStore.withTransaction(async (transaction) => {
      const days = await readDailyRewards(transaction, [
        { userId: fan.user.id, day: today() },
        { userId: other.user.id, day: today() },
      ]);
      const read = days.get(dailyRewardsKey(fan.user.id, today()))!;
      expect(read).toMatchObject({ stored: true, state: { pointsMinor: 10n, externalMoves: 1 } });
      // Meanwhile, another process: one more like of this user.
      await pool.query('UPDATE engagement_daily_rewards SET points_minor = 11 WHERE user_id = $1 AND day = $2', [
        fan.user.id,
        today(),
      ]);
      await saveDailyRewards(transaction, [
        { read, after: { pointsMinor: 20n, externalMoves: 1 } },
        { read: days.get(dailyRewardsKey(other.user.id, today()))!, after: { pointsMinor: 1n, externalMoves: 0 } },
      ]);
    });
    await expect(attempt).rejects.toBeInstanceOf(DailyRewardsConflictError);
    expect(await dayRow(fan.user.id)).toEqual({ points_minor: 11, external_moves: 1 });
    expect(await dayRow(other.user.id)).toBeUndefined();

    // A day first written by another process between this one's read (no row) and its write: the insert conflicts too.
    const racing = eventStore.withTransaction(async (transaction) => {
      const read = (await readDailyRewards(transaction, [{ userId: other.user.id, day: today() }])).get(
        dailyRewardsKey(other.user.id, today()),
      )!;
      expect(read.stored).toBe(false);
      await pool.query(
        'INSERT INTO engagement_daily_rewards (user_id, day, points_minor, external_moves) VALUES ($1, $2, 1, 0)',
        [other.user.id, today()],
      );
      await saveDailyRewards(transaction, [{ read, after: { pointsMinor: 5n, externalMoves: 0 } }]);
    });
    await expect(racing).rejects.toBeInstanceOf(DailyRewardsConflictError);
    expect(await dayRow(other.user.id)).toEqual({ points_minor: 1, external_moves: 0 });
  }, 60_000);

  it("a group's inline rows and its days are written beside its append, in its one statement, which conflicts as a whole when a day moved meanwhile", async () => {
    const owner = await givenUser(testApp);
    const [first, second] = await Promise.all([givenUser(testApp), givenUser(testApp)]);
    const [one, two] = await Promise.all([givenContent(testApp, owner), givenContent(testApp, owner)]);
    const liked = (contentId: string, userId: string) => ({
      type: 'SocialActionRecorded' as const,
      data: {
        contentId,
        userId,
        actionType: 'like' as const,
        pointsMinor: '1',
        engagementShares: 1,
        transactionId: null,
        at: new Date().toISOString(),
      },
    });
    const likedBy = async (contentId: string) =>
      (
        await pool.query('SELECT user_id FROM engagement_user_content WHERE content_id = $1 ORDER BY user_id', [
          contentId,
        ])
      ).rows.map((row) => row.user_id);
    const events = [liked(one, first.user.id), liked(two, second.user.id)];
    const streams = events.map((event) => ({
      streamId: userContentStreamId(event.data.contentId, event.data.userId),
      expectedVersion: 'no_stream' as const,
      events: [event],
    }));
    const group = async (moveMeanwhile: boolean) => {
      const days = await readDailyRewards(
        asHandle(pool),
        [first, second].map((fan) => ({ userId: fan.user.id, day: today() })),
      );
      if (moveMeanwhile)
        await pool.query(
          'INSERT INTO engagement_daily_rewards (user_id, day, points_minor, external_moves) VALUES ($1, $2, 7, 0)',
          [second.user.id, today()],
        );
      const alongside = socialActionRowsAlongside(
        events,
        [...days.values()].map((read) => ({
          read,
          after: { pointsMinor: read.state.pointsMinor + 1n, externalMoves: 0 },
        })),
      );
      return statementsSentDuring(() => eventStore.append(streams, { alongside }));
    };

    // Another process wrote the second user's day after this group read it: nothing of the group is kept.
    await expect(group(true)).rejects.toBeInstanceOf(AppendAlongsideConflictError);
    expect([await likedBy(one), await likedBy(two)]).toEqual([[], []]);
    expect(await Promise.all(streams.map((stream) => eventStore.streamVersion(stream.streamId)))).toEqual([0n, 0n]);
    expect(await dayRow(first.user.id)).toBeUndefined();
    expect(await dayRow(second.user.id)).toEqual({ points_minor: 7, external_moves: 0 });

    // Only this group's writes: the test app's projection runners may send their own statements meanwhile.
    const sent = (await group(false)).sent.filter((text) =>
      /engagement_user_content|engagement_daily_rewards|INSERT INTO events/.test(text),
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatch(/engagement_user_content[\s\S]*engagement_daily_rewards[\s\S]*INSERT INTO events/);
    expect([await likedBy(one), await likedBy(two)]).toEqual([[first.user.id], [second.user.id]]);
    expect(await Promise.all(streams.map((stream) => eventStore.streamVersion(stream.streamId)))).toEqual([1n, 1n]);
    expect([await dayRow(first.user.id), await dayRow(second.user.id)]).toEqual([
      { points_minor: 1, external_moves: 0 },
      { points_minor: 8, external_moves: 0 },
    ]);
  }, 60_000);

  it('a row a group touches twice (a like and a save of one item by one user) is one upsert, as the events leave it in turn', () => {
    const event = (actionType: 'like' | 'save', at: string, engagementShares: number): EngagementEvent => ({
      type: 'SocialActionRecorded',
      data: {
        contentId: 'item',
        userId: 'fan',
        actionType,
        pointsMinor: '1',
        engagementShares,
        transactionId: null,
        at,
      },
    });
    const [upsert] = socialActionRowsAlongside([
      event('like', '2026-11-28T08:00:00.000Z', 1),
      event('save', '2026-11-28T08:00:01.000Z', 0),
      event('like', '2026-11-28T08:00:02.000Z', 1),
    ]);
    expect(upsert!.params).toHaveLength(1);
    expect(JSON.parse(upsert!.params[0] as string)).toEqual([
      ['item', 'fan', '2026-11-28T08:00:00.000Z', '2026-11-28T08:00:01.000Z', 2],
    ]);
  });

  it('days recorded as streams before the row are summed into rows by the migration, and caps keep counting them', async () => {
    const owner = await givenUser(testApp);
    const fan = await givenUser(testApp);
    const day = today();
    // Three rewarded likes and one external move as the earlier version recorded them, with and without carried totals.
    await eventStore.append([
      {
        streamId: `engagement-daily-${fan.user.id}-${day}`,
        expectedVersion: 'no_stream',
        events: [
          { type: 'DailyRewardCounted', data: { userId: fan.user.id, day, pointsMinor: '1', externalMoves: 0 } },
          {
            type: 'DailyRewardCounted',
            data: {
              userId: fan.user.id,
              day,
              pointsMinor: '1',
              externalMoves: 0,
              dailyAfter: { pointsMinor: '2', externalMoves: 0 },
            },
          },
          {
            type: 'DailyRewardCounted',
            data: {
              userId: fan.user.id,
              day,
              pointsMinor: '0',
              externalMoves: 1,
              dailyAfter: { pointsMinor: '2', externalMoves: 1 },
            },
          },
          {
            type: 'DailyRewardCounted',
            data: {
              userId: fan.user.id,
              day,
              pointsMinor: '1',
              externalMoves: 0,
              dailyAfter: { pointsMinor: '3', externalMoves: 1 },
            },
          },
        ],
      },
    ]);
    // The migration as the database runs it, on a database whose rows predate it.
    const migration = readFileSync(
      join(__dirname, '../../src/modules/engagement/migrations/1764800000000_engagement-daily-rewards-row.sql'),
      'utf8',
    );
    await pool.query('DROP TABLE engagement_daily_rewards');
    await pool.query(migration);
    expect(await dayRow(fan.user.id)).toEqual({ points_minor: 3, external_moves: 1 });
    const { dailyPointsRemaining } = await like(fan, await givenContent(testApp, owner));
    expect(dailyPointsRemaining).toBe(49.6);
  }, 60_000);
});
