import type { EventStore, StoredEvent } from '@app/event-store';
import { dailyStreamId, utcDayOf } from '../../src/modules/engagement/domain/streams';
import { EVENT_STORE } from '../../src/platform/database/database.tokens';
import type { IdentityTestApp } from '../identity/support';
import { auth, givenContent, givenUser, startEngagementApp, type TestUser } from './support';

/**
 * A user's day (`engagement-daily-<user>-<day>`) grows with every rewarded action, up to ~500 a day: its events carry
 * the day's totals after them (`dailyAfter`), so a like reads the stream from the last version this process read and
 * takes the state from the last event, never reading the whole day again. Observed on the event store the application uses.
 */
describe('engagement: a user day is read from its tail', () => {
  let testApp: IdentityTestApp;
  let eventStore: EventStore;

  beforeAll(async () => {
    testApp = await startEngagementApp('engagement_tail_reads');
    eventStore = testApp.app.get<EventStore>(EVENT_STORE, { strict: false });
  }, 60_000);
  afterAll(() => testApp?.close());

  /** Likes `contentId` over HTTP and returns the answer with the events the like read of the user's day. */
  async function like(fan: TestUser, contentId: string): Promise<{ dailyPointsRemaining: number; dayEventsRead: number }> {
    // Every readStreams answer while the like runs (the store is a proxy: the own property shadows its method).
    const answers: Array<Map<string, StoredEvent[]>> = [];
    const original = eventStore.readStreams;
    const watched = eventStore as { readStreams: EventStore['readStreams'] };
    watched.readStreams = async (...args) => {
      const read = await original.apply(eventStore, args);
      answers.push(read);
      return read;
    };
    try {
      const answer = await testApp.http().post('/api/users/social-action').set(auth(fan.token)).send({ action_type: 'like', reference_id: contentId, reference_type: 'content' }).expect(200);
      const day = dailyStreamId(fan.user.id, utcDayOf(new Date().toISOString()));
      const dayEventsRead = answers.reduce((sum, read) => sum + (read.get(day)?.length ?? 0), 0);
      return { dailyPointsRemaining: answer.body.daily_points_remaining as number, dayEventsRead };
    } finally {
      delete (watched as Partial<typeof watched>).readStreams;
    }
  }

  it('twelve likes in a day: each reads two events of the day at most (the one it last read, the one appended since), and the allowance is exact', async () => {
    const owner = await givenUser(testApp);
    const fan = await givenUser(testApp);
    const items = await Promise.all(Array.from({ length: 12 }, () => givenContent(testApp, owner)));
    const likes = [];
    for (const contentId of items) likes.push(await like(fan, contentId));
    // 50 points a day, 0.1 a like at the free tier.
    expect(likes.map((entry) => entry.dailyPointsRemaining)).toEqual(Array.from({ length: 12 }, (_, index) => Number((49.9 - index * 0.1).toFixed(1))));
    // However long the day grows: read whole, the twelfth like would read eleven.
    expect(likes.map((entry) => entry.dayEventsRead)).toEqual([0, 1, ...Array.from({ length: 10 }, () => 2)]);
  }, 60_000);

  it('a day written before the totals were carried (events without dailyAfter) is folded whole, then read from its tail', async () => {
    const owner = await givenUser(testApp);
    const fan = await givenUser(testApp);
    const day = utcDayOf(new Date().toISOString());
    // Three rewarded likes of 0.1 as an earlier version recorded them: increments only.
    await eventStore.append([
      {
        streamId: dailyStreamId(fan.user.id, day),
        expectedVersion: 'no_stream',
        events: Array.from({ length: 3 }, () => ({ type: 'DailyRewardCounted', data: { userId: fan.user.id, day, pointsMinor: '1', externalMoves: 0 } })),
      },
    ]);
    const first = await like(fan, await givenContent(testApp, owner));
    const second = await like(fan, await givenContent(testApp, owner));
    expect([first.dailyPointsRemaining, second.dailyPointsRemaining]).toEqual([49.6, 49.5]);
    expect(first.dayEventsRead).toBe(3);
    expect(second.dayEventsRead).toBe(2);
  }, 60_000);
});
