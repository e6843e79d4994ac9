import { Logger } from '@nestjs/common';
import { DROP_CATEGORIES, DROP_DIFFICULTIES } from '@app/contracts/drops';
import { leaderboardProjection } from '../../src/modules/leaderboard/projections/leaderboard.projection';
import { notificationId } from '../../src/modules/notifications/projections/notification-rules';
import { notificationsProjection } from '../../src/modules/notifications/projections/notifications.projection';
import { platformStatsProjection } from '../../src/modules/platform-stats/projections/platform-stats.projection';
import { progressCountersProjection } from '../../src/modules/progress/projections/progress-counters.projection';
import type { Projection } from '../../src/platform/projections/projection';
import { ProjectionRunner } from '../../src/platform/projections/projection-runner';
import { silentLogger } from './support/example-projection';
import { openTestStore, settledHead, type TestStore } from './support/test-store';

jest.setTimeout(120_000);

/** The ledger's own projections have their own specs (and fold a duplicate copy by batch, unlike these). */
const PROJECTIONS: Projection[] = [
  leaderboardProjection,
  notificationsProjection,
  platformStatsProjection,
  progressCountersProjection,
];
const TODAY = '2026-03-16T10:00:00.000Z';
const LAST_MONTH = '2026-02-20T10:00:00.000Z';

type Posting = { debitAccount: string; creditAccount: string; currency: string; amountMinor: string };
type Appended = { streamId: string; type: string; data: unknown };

const posted = (
  userId: string,
  transactionId: string,
  reasonCode: string,
  postings: Posting[],
  extra: Record<string, unknown> = {},
): Appended => ({
  streamId: `ledger-account-${userId}`,
  type: 'LedgerTransactionPosted',
  data: {
    transactionId,
    reasonCode,
    description: `tx ${transactionId}`,
    postings,
    occurredAt: TODAY,
    copyIndex: 0,
    copyCount: 1,
    ...extra,
  },
});
const paid = (userId: string, currency: string, amountMinor: string): Posting => ({
  debitAccount: 'system:issuance',
  creditAccount: `user:${userId}`,
  currency,
  amountMinor,
});
const spent = (userId: string, currency: string, amountMinor: string): Posting => ({
  debitAccount: `user:${userId}`,
  creditAccount: 'system:burn',
  currency,
  amountMinor,
});

const registered = (userId: string, username: string): Appended => ({
  streamId: `user-${userId}`,
  type: 'UserRegistered',
  data: {
    userId,
    email: `${userId}@example.com`,
    username,
    displayName: null,
    userType: 'user',
    tier: 'free',
    referralCode: 'ABC123',
    passwordHash: null,
    method: 'password',
    demoPersona: null,
    emailConfirmed: true,
    registeredAt: TODAY,
  },
});
const profile = (userId: string, changes: Record<string, unknown>): Appended => ({
  streamId: `user-${userId}`,
  type: 'ProfileUpdated',
  data: { userId, changes, updatedAt: TODAY },
});
const details = {
  title: 'Film a reel',
  description: 'D',
  category: DROP_CATEGORIES[0],
  difficulty: DROP_DIFFICULTIES[0],
  platform: null,
  contentUrl: null,
  previewImage: null,
  requirements: null,
  deliverables: null,
  timeCommitment: null,
  deadlineAt: '2027-01-01T00:00:00.000Z',
  maxParticipants: null,
  followerThreshold: 0,
};
const terms = { keyCostMinor: '0', gemRewardBaseMinor: '0', moveCostPointsMinor: '0', keyRewardAmountMinor: '0' };
const dropCreated = (dropId: string, creatorId: string): Appended => ({
  streamId: `drop-${dropId}`,
  type: 'DropCreated',
  data: {
    dropId,
    creatorId,
    creatorName: creatorId,
    creatorAvatar: null,
    kind: 'proof',
    details,
    terms,
    gemPoolTotalMinor: '0',
    isDemo: false,
    poolTransactionId: null,
    createdAt: TODAY,
  },
});
const applied = (applicationId: string, dropId: string, applicantUserId: string): Appended => ({
  streamId: `drop-${dropId}`,
  type: 'DropApplicationReceived',
  data: {
    applicationId,
    dropId,
    applicantUserId,
    applicantName: applicantUserId,
    message: 'me',
    costCurrency: null,
    costMinor: '0',
    costTransactionId: null,
    appliedAt: TODAY,
  },
});
const xp = (userId: string, amount: number, sourceId: string): Appended => ({
  streamId: `progress-${userId}`,
  type: 'ExperienceAwarded',
  data: { userId, baseAmount: amount, multiplier: 1, amount, source: 'test', sourceId, awardedAt: TODAY },
});

// Followers count once an administrator verified them (a declared count is only a claim).
const influence = (userId: string, followerCount: number): Appended => ({
  streamId: `influence-${userId}`,
  type: 'InfluenceFollowersVerified',
  data: {
    userId,
    month: '2026-03',
    platform: 'instagram',
    platformUsername: userId,
    declaredFollowerCount: followerCount,
    verifiedFollowerCount: followerCount,
    monthlyPointsMinor: '0',
    verifiedBy: 'admin:a',
    verifiedAt: TODAY,
  },
});
const content = (creatorId: string): Appended => ({
  streamId: `content-${creatorId}`,
  type: 'ContentCreated',
  data: { creatorId },
});

/** Several events per key in one batch: the rows an event at a time would write, and what they must be. */
const LOG: Appended[] = [
  registered('alice', 'alice'),
  registered('bob', 'bob'),
  // Unreadable: skipped with a log (though the progress counters only need its user id).
  { streamId: 'user-broken', type: 'UserRegistered', data: { userId: 'broken' } },
  profile('alice', { displayName: 'Alice A', avatarUrl: 'a.png' }),
  profile('ghost', { displayName: 'Nobody' }), // no row: changes nothing
  profile('alice', { username: 'alice2' }),
  posted('alice', 't1', 'DROP_REWARD', [paid('alice', 'points', '1000')]),
  posted('alice', 't2', 'DROP_REWARD', [paid('alice', 'points', '2500'), paid('alice', 'gems', '70')]),
  posted('alice', 't1', 'DROP_REWARD', [paid('alice', 'points', '1000')]), // a duplicate copy: counted once by platform stats
  posted('alice', 't3', 'REFERRAL_BONUS', [paid('alice', 'points', '500')], { occurredAt: LAST_MONTH }),
  posted('alice', 't4', 'DROP_APPLICATION', [spent('alice', 'keys', '3'), spent('alice', 'points', '6000')]),
  posted('alice', 't5', 'DROP_APPLICATION', [spent('alice', 'points', '5000')]), // 11,000 minor spent: Big Spender
  posted('alice', 't6', 'REVERSAL', [spent('alice', 'points', '2500'), spent('alice', 'gems', '70')], {
    reversesTransactionId: 't2',
  }),
  posted('alice', 't2', 'DROP_REWARD', [paid('alice', 'points', '2500'), paid('alice', 'gems', '70')]), // after its reversal
  posted('bob', 't7', 'DROP_REWARD', [paid('bob', 'gold', '9')]),
  { streamId: 'ledger-account-bob', type: 'LedgerTransactionPosted', data: { nonsense: true } }, // unreadable
  dropCreated('d1', 'carol'),
  applied('a1', 'd1', 'bob'),
  {
    streamId: 'drop-d1',
    type: 'DropApplicationApproved',
    data: { applicationId: 'a1', dropId: 'd1', approvedAt: TODAY },
  },
  applied('a2', 'd9', 'alice'), // a drop this projection never saw: no notification to its creator
  {
    streamId: 'drop-d9',
    type: 'DropApplicationRejected',
    data: { applicationId: 'a2', dropId: 'd9', refundMinor: '0', refundTransactionId: null, rejectedAt: TODAY },
  },
  {
    streamId: 'drop-d1',
    type: 'DropClosed',
    data: { dropId: 'd1', poolReturnedMinor: '0', poolTransactionId: null, closedAt: TODAY },
  },
  xp('alice', 3000, 's1'),
  xp('alice', 2500, 's2'), // 5,500 XP: level 5
  influence('bob', 50),
  content('bob'),
  influence('bob', 120), // a counter that is set: 100 followers crossed here
  content('bob'),
  influence('bob', 80), // set back below: nothing to notify
];

async function runAll(store: TestStore, batchSize: number): Promise<void> {
  for (const projection of PROJECTIONS) {
    const runner = new ProjectionRunner(projection, store.eventStore, store.database.pool, {
      ownerId: `batch-${batchSize}`,
      pollIntervalMs: 10,
      leaseDurationMs: 30_000,
      batchSize,
      logger: silentLogger,
    });
    await runner.initialize();
    await runner.catchUp();
  }
}

/** Every row of every table of the projections, in a stable order. */
async function dump(store: TestStore): Promise<Record<string, unknown[]>> {
  const tables: Record<string, unknown[]> = {};
  for (const table of PROJECTIONS.flatMap((projection) => projection.tableNames)) {
    // updated_at says when a row was written, which differs between runs by design.
    const rows = await store.database.pool.query(
      `SELECT (to_jsonb(t) - 'updated_at')::text AS row FROM ${table} t ORDER BY 1`,
    );
    tables[table] = rows.rows.map((row: { row: string }) => JSON.parse(row.row));
  }
  return tables;
}

async function reset(store: TestStore): Promise<void> {
  for (const projection of PROJECTIONS) {
    for (const table of projection.tableNames) await store.database.pool.query(`DROP TABLE IF EXISTS ${table}`);
    await store.database.pool.query('DELETE FROM projection_checkpoints WHERE name = $1', [projection.name]);
    await store.database.pool.query('DELETE FROM projection_leases WHERE name = $1', [projection.name]);
  }
}

describe('set-based projections', () => {
  let store: TestStore;
  let oneByOne: Record<string, unknown[]>;

  beforeAll(async () => {
    // The unreadable events are logged by design; keep the output readable.
    Logger.overrideLogger(false);
    store = await openTestStore('api_batching');
    for (const event of LOG)
      await store.eventStore.append([
        { streamId: event.streamId, expectedVersion: 'any', events: [{ type: event.type, data: event.data }] },
      ]);
    await settledHead(store);
    await runAll(store, 1);
    oneByOne = await dump(store);
  });
  afterAll(() => store.close());

  it('an event at a time gives the expected rows', async () => {
    const query = async (sql: string) => (await store.database.pool.query(sql)).rows;
    expect(
      await query(
        `SELECT period, period_key, user_id, points_minor::text, gems_minor::text, keys_minor::text, gold_minor::text FROM leaderboard_totals ORDER BY 1, 2, 3`,
      ),
    ).toEqual([
      {
        period: 'daily',
        period_key: '2026-02-20',
        user_id: 'alice',
        points_minor: '500',
        gems_minor: '0',
        keys_minor: '0',
        gold_minor: '0',
      },
      // 1000 + 2500 + 1000 (the duplicate copy counts here) + 2500 points, 70 + 70 gems; the reversal is no earning.
      {
        period: 'daily',
        period_key: '2026-03-16',
        user_id: 'alice',
        points_minor: '7000',
        gems_minor: '140',
        keys_minor: '3',
        gold_minor: '0',
      },
      {
        period: 'daily',
        period_key: '2026-03-16',
        user_id: 'bob',
        points_minor: '0',
        gems_minor: '0',
        keys_minor: '0',
        gold_minor: '9',
      },
      {
        period: 'monthly',
        period_key: '2026-02',
        user_id: 'alice',
        points_minor: '500',
        gems_minor: '0',
        keys_minor: '0',
        gold_minor: '0',
      },
      {
        period: 'monthly',
        period_key: '2026-03',
        user_id: 'alice',
        points_minor: '7000',
        gems_minor: '140',
        keys_minor: '3',
        gold_minor: '0',
      },
      {
        period: 'monthly',
        period_key: '2026-03',
        user_id: 'bob',
        points_minor: '0',
        gems_minor: '0',
        keys_minor: '0',
        gold_minor: '9',
      },
      {
        period: 'weekly',
        period_key: '2026-02-16',
        user_id: 'alice',
        points_minor: '500',
        gems_minor: '0',
        keys_minor: '0',
        gold_minor: '0',
      },
      {
        period: 'weekly',
        period_key: '2026-03-16',
        user_id: 'alice',
        points_minor: '7000',
        gems_minor: '140',
        keys_minor: '3',
        gold_minor: '0',
      },
      {
        period: 'weekly',
        period_key: '2026-03-16',
        user_id: 'bob',
        points_minor: '0',
        gems_minor: '0',
        keys_minor: '0',
        gold_minor: '9',
      },
    ]);
    expect(await query('SELECT * FROM leaderboard_users ORDER BY user_id')).toEqual([
      { user_id: 'alice', username: 'alice2', display_name: 'Alice A', avatar_url: 'a.png', is_demo: false },
      { user_id: 'bob', username: 'bob', display_name: null, avatar_url: null, is_demo: false },
    ]);
    expect(await query('SELECT user_id, counter, value::text FROM progress_counters ORDER BY 1, 2')).toEqual([
      { user_id: 'alice', counter: 'account_created', value: '1' },
      { user_id: 'alice', counter: 'points_spent', value: '11000' },
      { user_id: 'bob', counter: 'account_created', value: '1' },
      { user_id: 'bob', counter: 'content_created', value: '2' },
      { user_id: 'bob', counter: 'follower_count', value: '80' },
      { user_id: 'broken', counter: 'account_created', value: '1' },
    ]);
    expect(await query('SELECT user_id, counter, value::text FROM notification_progress ORDER BY 1, 2')).toEqual([
      { user_id: 'alice', counter: 'account_created', value: '1' },
      { user_id: 'alice', counter: 'points_spent', value: '11000' },
      { user_id: 'alice', counter: 'xp', value: '5500' },
      { user_id: 'bob', counter: 'account_created', value: '1' },
      { user_id: 'bob', counter: 'content_created', value: '2' },
      { user_id: 'bob', counter: 'follower_count', value: '80' },
      { user_id: 'broken', counter: 'account_created', value: '1' },
    ]);
    // t1 once (its copy is a duplicate), t2 taken back out then paid again by its later copy, t3.
    expect(await query('SELECT counter, amount::text FROM platform_stats_counters ORDER BY 1')).toEqual([
      { counter: 'gems_paid_out_minor', amount: '70' },
      { counter: 'members', amount: '2' },
      { counter: 'points_paid_out_minor', amount: '4000' },
    ]);
    expect(
      await query(
        'SELECT transaction_id, user_id, points_minor::text, gems_minor::text FROM platform_stats_rewards ORDER BY 1',
      ),
    ).toEqual([
      { transaction_id: 't1', user_id: 'alice', points_minor: '1000', gems_minor: '0' },
      { transaction_id: 't2', user_id: 'alice', points_minor: '2500', gems_minor: '70' },
      { transaction_id: 't3', user_id: 'alice', points_minor: '500', gems_minor: '0' },
    ]);
    expect(
      await query(
        `SELECT drop_id, open, deadline_at = '2027-01-01T00:00:00Z' AS deadline_kept FROM platform_stats_drops`,
      ),
    ).toEqual([{ drop_id: 'd1', open: false, deadline_kept: true }]);

    const rows = await query(
      'SELECT id, user_id, type, title, message FROM notifications ORDER BY user_id, title, message',
    );
    // Each verification tells its user (keyed by the event's id, which the store assigns: compared without it).
    const verified = rows.filter((row) => row.title === 'Influence followers verified');
    expect(verified.map((row) => [row.user_id, row.message])).toEqual([
      ['bob', '120 followers verified for bob: claim 0 points for 2026-03.'],
      ['bob', '50 followers verified for bob: claim 0 points for 2026-03.'],
      ['bob', '80 followers verified for bob: claim 0 points for 2026-03.'],
    ]);
    const notifications = rows.filter((row) => row.title !== 'Influence followers verified');
    expect(notifications).toEqual([
      {
        id: notificationId('achievement:alice:big-spender'),
        user_id: 'alice',
        type: 'achievement',
        title: 'Achievement unlocked: Big Spender',
        message: 'Claim 20 gold and 400 XP',
      },
      {
        id: notificationId('achievement:alice:first-steps'),
        user_id: 'alice',
        type: 'achievement',
        title: 'Achievement unlocked: First Steps',
        message: 'Claim 5 gold and 100 XP',
      },
      {
        id: notificationId('achievement:alice:level-up'),
        user_id: 'alice',
        type: 'achievement',
        title: 'Achievement unlocked: Level Up',
        message: 'Claim 15 gold and 300 XP',
      },
      {
        id: notificationId('application-rejected:a2'),
        user_id: 'alice',
        type: 'warning',
        title: 'Application rejected',
        message: 'Your application to a drop was not accepted',
      },
      {
        id: notificationId('reward:t1:alice'),
        user_id: 'alice',
        type: 'reward',
        title: 'Reward received',
        message: '+100 points · tx t1',
      },
      {
        id: notificationId('reward:t2:alice'),
        user_id: 'alice',
        type: 'reward',
        title: 'Reward received',
        message: '+250 points, +0.007 gems · tx t2',
      },
      {
        id: notificationId('reward:t3:alice'),
        user_id: 'alice',
        type: 'reward',
        title: 'Reward received',
        message: '+50 points · tx t3',
      },
      {
        id: notificationId('achievement:bob:content-creator'),
        user_id: 'bob',
        type: 'achievement',
        title: 'Achievement unlocked: Content Creator',
        message: 'Claim 10 gold and 200 XP',
      },
      {
        id: notificationId('achievement:bob:first-steps'),
        user_id: 'bob',
        type: 'achievement',
        title: 'Achievement unlocked: First Steps',
        message: 'Claim 5 gold and 100 XP',
      },
      {
        id: notificationId('achievement:bob:social-butterfly'),
        user_id: 'bob',
        type: 'achievement',
        title: 'Achievement unlocked: Social Butterfly',
        message: 'Claim 25 gold and 500 XP',
      },
      {
        id: notificationId('application-approved:a1'),
        user_id: 'bob',
        type: 'system',
        title: 'Application approved',
        message: 'Your application to "Film a reel" was approved: submit your work',
      },
      {
        id: notificationId('reward:t7:bob'),
        user_id: 'bob',
        type: 'reward',
        title: 'Reward received',
        message: '+9 gold · tx t7',
      },
      {
        id: notificationId('achievement:broken:first-steps'),
        user_id: 'broken',
        type: 'achievement',
        title: 'Achievement unlocked: First Steps',
        message: 'Claim 5 gold and 100 XP',
      },
      {
        id: notificationId('application-received:a1'),
        user_id: 'carol',
        type: 'social',
        title: 'New application',
        message: 'bob applied to "Film a reel"',
      },
    ]);
  });

  it.each([500, 7, 2])('batches of %i events write exactly the same rows as one event at a time', async (batchSize) => {
    await reset(store);
    await runAll(store, batchSize);
    expect(await dump(store)).toEqual(oneByOne);
  });
});
