import { randomUUID } from 'node:crypto';
import type { EventStore } from '@app/event-store';
import { EVENT_STORE } from '../../src/platform/database/database.tokens';
import { signUp, type IdentityTestApp } from '../identity/support';
import { startLedgerApp } from '../ledger/app-support';
import { auth, eventually, grant } from '../rewards/support';

jest.setTimeout(120_000);

/** Search over users and drops, ranked, on the whole app over a fresh PostgreSQL database. */
describe('search API', () => {
  let testApp: IdentityTestApp;
  const tag = `zq${Date.now().toString(36).slice(-4)}`;

  beforeAll(async () => {
    testApp = await startLedgerApp();
  });
  afterAll(() => testApp.close());

  const search = (token: string, q: string, extra = '') =>
    testApp
      .http()
      .get(`/api/search?q=${encodeURIComponent(q)}${extra}`)
      .set(auth(token));

  it('needs a session and at least 2 characters', async () => {
    const user = await signUp(testApp);
    await testApp.http().get('/api/search?q=ab').expect(401);
    for (const q of ['', 'a', ' a ']) {
      const response = await search(user.token, q).expect(400);
      expect(response.body.error).toBe('Search needs at least 2 characters');
    }
    await testApp.http().get('/api/search').set(auth(user.token)).expect(400);
  });

  it('ranks users exact, then prefix, then word start, then anywhere; a Profile Boost ranks first', async () => {
    const searcher = await signUp(testApp);
    const exact = await signUp(testApp, { username: tag });
    const prefix = await signUp(testApp, { username: `${tag}_fan` });
    const word = await signUp(testApp, { username: `the_${tag}` });
    const anywhere = await signUp(testApp, { username: `x${tag}y` });
    const response = await eventually(
      () => search(searcher.token, tag.toUpperCase()).expect(200),
      (answer) => answer.body.users.length === 4,
    );
    expect(response.body.users.map((user: { id: string }) => user.id)).toEqual([
      exact.user.id,
      prefix.user.id,
      word.user.id,
      anywhere.user.id,
    ]);
    expect(response.body.users[0]).toMatchObject({
      username: tag,
      level: 0,
      user_tier: 'free',
      follower_count: 0,
      user_type: 'user',
    });
    expect(response.body).toMatchObject({ query: tag.toUpperCase(), content: [], drops: [], total: 4 });

    await grant(testApp, anywhere.user.id, 'gold', 250n);
    await testApp
      .http()
      .post('/api/users/gold-purchase')
      .set(auth(anywhere.token))
      .send({ item_name: 'Profile Boost' })
      .expect(200);
    const boosted = await eventually(
      () => search(searcher.token, tag).expect(200),
      (answer) => answer.body.users[0]?.id === anywhere.user.id,
    );
    expect(boosted.body.users[0].id).toBe(anywhere.user.id);
    const onlyUsers = await search(searcher.token, tag, '&type=drops').expect(200);
    expect(onlyUsers.body.users).toEqual([]);
  });

  it('finds drops by title, then description, from the drops events', async () => {
    const searcher = await signUp(testApp);
    const eventStore = testApp.app.get<EventStore>(EVENT_STORE);
    const now = new Date().toISOString();
    const drop = (title: string, description: string, kind: 'proof' | 'paid') => {
      const dropId = randomUUID();
      return {
        dropId,
        append: eventStore.append([
          {
            streamId: `test-drop-${dropId}`,
            expectedVersion: 'no_stream',
            events: [
              {
                type: 'DropCreated',
                data: {
                  dropId,
                  creatorId: searcher.user.id,
                  creatorName: 'Brand Co',
                  creatorAvatar: null,
                  kind,
                  details: {
                    title,
                    description,
                    category: 'reviews',
                    difficulty: 'easy',
                    platform: null,
                    contentUrl: null,
                    previewImage: null,
                    requirements: null,
                    deliverables: null,
                    timeCommitment: null,
                    deadlineAt: null,
                    maxParticipants: null,
                    followerThreshold: 0,
                  },
                  terms: {
                    keyCostMinor: kind === 'paid' ? '2' : '0',
                    gemRewardBaseMinor: '505000',
                    moveCostPointsMinor: '0',
                    keyRewardAmountMinor: '0',
                  },
                  gemPoolTotalMinor: '0',
                  isDemo: false,
                  poolTransactionId: null,
                  createdAt: now,
                },
              },
            ],
          },
        ]),
      };
    };
    const byTitle = drop(`${tag} review sprint`, 'Write a review', 'paid');
    const byDescription = drop('Another drop', `mention ${tag} in a post`, 'proof');
    await Promise.all([byTitle.append, byDescription.append]);
    const response = await eventually(
      () => search(searcher.token, tag).expect(200),
      (answer) => answer.body.drops.length === 2,
    );
    expect(response.body.drops.map((entry: { id: string }) => entry.id)).toEqual([
      byTitle.dropId,
      byDescription.dropId,
    ]);
    expect(response.body.drops[0]).toMatchObject({
      drop_type: 'paid_content',
      gem_reward_base: 50.5,
      key_cost: 2,
      status: 'active',
      creator_name: 'Brand Co',
      current_participants: 0,
    });
    expect(response.body.drops[1].drop_type).toBe('reviews');
  });
});
