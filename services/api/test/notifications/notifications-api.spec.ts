import { randomUUID } from 'node:crypto';
import type { EventStore } from '@app/event-store';
import { EVENT_STORE } from '../../src/platform/database/database.tokens';
import { ProjectionsService } from '../../src/platform/projections/projections.service';
import { signUp, type IdentityTestApp } from '../identity/support';
import { startLedgerApp } from '../ledger/app-support';
import { auth, eventually, signUpAdmin } from '../rewards/support';
import { SYSTEM_ACCOUNTS, userAccount } from '../../src/modules/ledger';
import { postTransaction } from '../ledger/multi-user-transactions';

jest.setTimeout(120_000);

type NotificationBody = {
  id: string;
  type: string;
  title: string;
  message: string;
  read: boolean;
  data: Record<string, unknown>;
  actionUrl: string | null;
  timestamp: string;
};

/** Notifications as a projection of events, with read state persisted per user. */
describe('notifications API', () => {
  let testApp: IdentityTestApp;

  beforeAll(async () => {
    testApp = await startLedgerApp();
  });
  afterAll(() => testApp.close());

  const list = (token: string) => testApp.http().get('/api/notifications').set(auth(token)).expect(200);
  const titles = (response: { body: { notifications: NotificationBody[] } }) =>
    response.body.notifications.map((entry) => entry.title);

  it('answers 401 without a session', async () => {
    await testApp.http().get('/api/notifications').expect(401);
    await testApp.http().post('/api/notifications/read-all').expect(401);
  });

  it('notifies a new user that First Steps is claimable, and both sides of a referral', async () => {
    const referrer = await signUp(testApp);
    const referred = await signUp(testApp);
    const first = await eventually(
      () => list(referrer.token),
      (response) => titles(response).includes('Achievement unlocked: First Steps'),
    );
    expect(first.body.notifications[0]).toMatchObject({
      type: 'achievement',
      read: false,
      data: { achievement_id: 'first-steps', gold_reward: 5, xp_reward: 100 },
      actionUrl: '/profile?tab=achievements',
    });
    expect(first.body.unread_count).toBe(1);

    await eventually(
      () =>
        testApp
          .http()
          .post('/api/users/process-referral')
          .set(auth(referred.token))
          .send({ referral_code: referrer.user.referral_code }),
      (response) => response.status === 200,
    );
    const referrerView = await eventually(
      () => list(referrer.token),
      (response) => response.body.notifications.length === 3,
    );
    expect(titles(referrerView)).toEqual(expect.arrayContaining(['Your referral code was used', 'Reward received']));
    const reward = referrerView.body.notifications.find((entry: NotificationBody) => entry.type === 'reward');
    expect(reward.message).toBe(`+500 points · Referral bonus (code ${referrer.user.referral_code})`);
    expect(referrerView.body.unread_count).toBe(3);
    const referredView = await eventually(
      () => list(referred.token),
      (response) => titles(response).includes('Reward received'),
    );
    expect(
      referredView.body.notifications.find((entry: NotificationBody) => entry.type === 'reward').message,
    ).toContain('+250 points');
  });

  it('marks one read, then all read; the unread count persists per user', async () => {
    const user = await signUp(testApp);
    const other = await signUp(testApp);
    await eventually(
      () =>
        testApp
          .http()
          .post('/api/users/process-referral')
          .set(auth(other.token))
          .send({ referral_code: user.user.referral_code }),
      (response) => response.status === 200,
    );
    const before = await eventually(
      () => list(user.token),
      (response) => response.body.unread_count === 3,
    );
    const [newest] = before.body.notifications as NotificationBody[];

    const marked = await testApp.http().post(`/api/notifications/${newest.id}/read`).set(auth(user.token)).expect(200);
    expect(marked.body).toEqual({ success: true, unread_count: 2 });
    await testApp.http().post(`/api/notifications/${newest.id}/read`).set(auth(user.token)).expect(200);
    expect(
      (await testApp.http().get('/api/notifications/unread-count').set(auth(user.token)).expect(200)).body,
    ).toEqual({ unread_count: 2 });
    const after = await list(user.token);
    expect(after.body.notifications.find((entry: NotificationBody) => entry.id === newest.id).read).toBe(true);
    const unreadOnly = await testApp
      .http()
      .get('/api/notifications?unread_only=true')
      .set(auth(user.token))
      .expect(200);
    expect(unreadOnly.body.notifications).toHaveLength(2);

    // Someone else's notification and unknown ids are not found.
    const othersList = await eventually(
      () => list(other.token),
      (response) => response.body.notifications.length > 0,
    );
    await testApp
      .http()
      .post(`/api/notifications/${othersList.body.notifications[0].id}/read`)
      .set(auth(user.token))
      .expect(404);
    const unknown = await testApp.http().post('/api/notifications/nope/read').set(auth(user.token)).expect(404);
    expect(unknown.body.error).toBe('Notification not found');

    const all = await testApp.http().post('/api/notifications/read-all').set(auth(user.token)).expect(200);
    expect(all.body).toEqual({ success: true, unread_count: 0 });
    expect((await list(user.token)).body.notifications.every((entry: NotificationBody) => entry.read)).toBe(true);
    // The other user's count is untouched.
    expect((await list(other.token)).body.unread_count).toBeGreaterThan(0);
  });

  it('tells the drop creator about an application and the applicant about its approval or rejection', async () => {
    const creator = await signUp(testApp);
    const applicant = await signUp(testApp);
    const eventStore = testApp.app.get<EventStore>(EVENT_STORE);
    const dropId = randomUUID();
    const approvedId = randomUUID();
    const rejectedId = randomUUID();
    const now = new Date().toISOString();
    const details = {
      title: 'Clip my video',
      description: 'd',
      category: 'content_clipping',
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
    };
    const received = (applicationId: string) => ({
      type: 'DropApplicationReceived',
      data: {
        applicationId,
        dropId,
        applicantUserId: applicant.user.id,
        applicantName: applicant.username,
        message: 'hi',
        costCurrency: null,
        costMinor: '0',
        costTransactionId: null,
        appliedAt: now,
      },
    });
    await eventStore.append([
      {
        streamId: `test-drop-${dropId}`,
        expectedVersion: 'no_stream',
        events: [
          {
            type: 'DropCreated',
            data: {
              dropId,
              creatorId: creator.user.id,
              creatorName: creator.username,
              creatorAvatar: null,
              kind: 'proof',
              details,
              terms: {
                keyCostMinor: '0',
                gemRewardBaseMinor: '0',
                moveCostPointsMinor: '0',
                keyRewardAmountMinor: '0',
              },
              gemPoolTotalMinor: '0',
              isDemo: false,
              poolTransactionId: null,
              createdAt: now,
            },
          },
          received(approvedId),
          received(rejectedId),
          { type: 'DropApplicationApproved', data: { applicationId: approvedId, dropId, approvedAt: now } },
          {
            type: 'DropApplicationRejected',
            data: { applicationId: rejectedId, dropId, refundMinor: '0', refundTransactionId: null, rejectedAt: now },
          },
        ],
      },
    ]);
    const creatorView = await eventually(
      () => list(creator.token),
      (response) => titles(response).filter((title) => title === 'New application').length === 2,
    );
    expect(
      creatorView.body.notifications.find((entry: NotificationBody) => entry.title === 'New application'),
    ).toMatchObject({
      type: 'social',
      message: `${applicant.username} applied to "Clip my video"`,
      actionUrl: `/task/${dropId}`,
    });
    const applicantView = await eventually(
      () => list(applicant.token),
      (response) => titles(response).includes('Application rejected'),
    );
    expect(titles(applicantView)).toEqual(expect.arrayContaining(['Application approved', 'Application rejected']));
  });

  it('one "Reward received" per user per transaction, though each involved user\'s stream holds a copy', async () => {
    const alice = await signUp(testApp);
    const bob = await signUp(testApp);
    // One drop completion paying both users; then bob tips alice (a reward to her, nothing received by him).
    const drop = await postTransaction(
      testApp,
      'DROP_REWARD',
      [
        {
          debitAccount: SYSTEM_ACCOUNTS.issuance,
          creditAccount: userAccount(alice.user.id),
          currency: 'points',
          amountMinor: 5_000n,
        },
        {
          debitAccount: SYSTEM_ACCOUNTS.issuance,
          creditAccount: userAccount(bob.user.id),
          currency: 'points',
          amountMinor: 2_500n,
        },
        {
          debitAccount: SYSTEM_ACCOUNTS.issuance,
          creditAccount: userAccount(bob.user.id),
          currency: 'gems',
          amountMinor: 10_000n,
        },
      ],
      'Drop completed',
    );
    const tip = await postTransaction(
      testApp,
      'TIP',
      [
        {
          debitAccount: userAccount(bob.user.id),
          creditAccount: userAccount(alice.user.id),
          currency: 'points',
          amountMinor: 100n,
        },
      ],
      'Tip',
    );
    const rewards = (response: { body: { notifications: NotificationBody[] } }) =>
      response.body.notifications.filter((entry) => entry.type === 'reward');
    const aliceView = await eventually(
      () => list(alice.token),
      (response) => rewards(response).some((entry) => entry.data.transaction_id === tip),
    );
    expect(
      rewards(aliceView)
        .map((entry) => [entry.data.transaction_id, entry.message, entry.data.amounts])
        .sort(),
    ).toEqual(
      [
        [drop, '+500 points · Drop completed', { points: 500 }],
        [tip, '+10 points · Tip', { points: 10 }],
      ].sort(),
    );
    // The tip is the last thing projected: once alice has it, bob's notifications are complete too.
    const bobRewards = rewards(await list(bob.token));
    expect(bobRewards.map((entry) => [entry.data.transaction_id, entry.data.amounts])).toEqual([
      [drop, { points: 250, gems: 1 }],
    ]);
  });

  it('a counter set twice (verified followers 800, then 900) unlocks Social Butterfly once', async () => {
    const user = await signUp(testApp);
    const admin = await signUpAdmin(testApp);
    const influence = {
      full_name: 'Ada',
      platform: 'instagram',
      platform_username: 'ada',
      phone_number: '+1 555 0100',
      email: 'ada@example.com',
      follower_count: 1_000,
    };
    await testApp
      .http()
      .post('/api/users/register-influence-rewards')
      .set(auth(user.token))
      .send(influence)
      .expect(200);
    const verify = (count: number) =>
      testApp
        .http()
        .post(`/api/admin/users/${user.user.id}/verify-influence`)
        .set(auth(admin.token))
        .send({ verified_follower_count: count })
        .expect(200);
    const unlocked = (response: { body: { notifications: NotificationBody[] } }) =>
      titles(response).filter((title) => title === 'Achievement unlocked: Social Butterfly');
    await verify(800);
    await eventually(
      () => list(user.token),
      (response) => unlocked(response).length === 1,
    );
    await verify(900);
    // Posted after the second verification: once its notification is there, the verification was projected too.
    const marker = await postTransaction(
      testApp,
      'DROP_REWARD',
      [
        {
          debitAccount: SYSTEM_ACCOUNTS.issuance,
          creditAccount: userAccount(user.user.id),
          currency: 'points',
          amountMinor: 100n,
        },
      ],
      'Marker',
    );
    const after = await eventually(
      () => list(user.token),
      (response) => response.body.notifications.some((entry: NotificationBody) => entry.data.transaction_id === marker),
    );
    expect(unlocked(after)).toHaveLength(1);
  });

  it('a rebuild from the log keeps notifications and read state', async () => {
    const user = await signUp(testApp);
    const before = await eventually(
      () => list(user.token),
      (response) => response.body.notifications.length > 0,
    );
    await testApp
      .http()
      .post(`/api/notifications/${before.body.notifications[0].id}/read`)
      .set(auth(user.token))
      .expect(200);
    const read = await list(user.token);
    await testApp.app.get(ProjectionsService).rebuildProjection('notifications');
    expect((await list(user.token)).body).toEqual(read.body);
  });
});
