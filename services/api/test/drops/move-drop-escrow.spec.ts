import { DROP_MESSAGES } from '@app/contracts/drops';
import type { EventStore } from '@app/event-store';
import { EVENT_STORE } from '../../src/platform/database/database.tokens';
import { escrowAccount } from '../../src/modules/ledger';
import type { IdentityTestApp } from '../identity/support';
import { auth, balancesOf, givenFunds, givenUser, startDropsApp, waitFor, type TestUser } from './support';

jest.setTimeout(120_000);

/**
 * Issue 19 §1, over HTTP on real PostgreSQL: a move drop cannot promise keys its creator did not escrow. Before, a
 * move drop promising `key_reward_amount: 1000000` was accepted from an advertiser with 1 key and paid the applicant
 * 1,000,000 keys from `system:issuance`. Now the drop escrows reward × seats (or a named pool) at creation, pays
 * rewards out of that escrow, returns the rest on close or delete, and `ledger verify` stays clean.
 */
describe('drops API: move drops pay keys only from what their creator escrowed', () => {
  let testApp: IdentityTestApp;
  let advertiser: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    testApp = await startDropsApp();
    advertiser = await givenUser(testApp, { advertiser: 'premium' });
    admin = await givenUser(testApp, { admin: true });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  const createDrop = (user: TestUser, body: Record<string, unknown>) =>
    testApp.http().post('/api/drops').set(auth(user.token)).send(body);
  const moveDrop = (overrides: Record<string, unknown> = {}) => ({
    title: 'Share our post',
    description: 'Repost it',
    kind: 'move',
    move_cost_points: 5,
    key_reward_amount: 3,
    ...overrides,
  });
  const apply = (user: TestUser, dropId: string) =>
    testApp
      .http()
      .post(`/api/drops/${dropId}/apply`)
      .set(auth(user.token))
      .send({ application_message: 'Count me in' });
  const act = (user: TestUser, applicationId: string, action: string, body: Record<string, unknown> = {}) =>
    testApp.http().post(`/api/drop-applications/${applicationId}/${action}`).set(auth(user.token)).send(body);

  async function applicant(): Promise<TestUser> {
    const user = await givenUser(testApp);
    await givenFunds(testApp, user.user.id, 'points', '10');
    return user;
  }

  /** The keys held by the drop's escrow account, once the balances projection has caught up with the log. */
  async function escrowKeys(dropId: string, expected: number): Promise<number> {
    const read = async () => {
      const result = await testApp.app
        .get<EventStore>(EVENT_STORE)
        .withTransaction((transaction) =>
          transaction.query<{ balance_minor: string }>(
            "SELECT balance_minor::text FROM ledger_balances WHERE account_id = $1 AND currency = 'keys'",
            [escrowAccount('drop', dropId)],
          ),
        );
      return Number(result.rows[0]?.balance_minor ?? 0);
    };
    return waitFor(read, (value) => value === expected);
  }

  async function expectLedgerClean() {
    const verify = await waitFor(
      () => testApp.http().get('/api/admin/ledger/verify').set(auth(admin.token)),
      (response) => response.status === 200 && response.body.ok === true,
      20_000,
    );
    expect(verify.body.findings).toEqual([]);
  }

  it('refuses to promise keys that are not escrowed: an absurd reward (400), unlimited seats without a pool (400), a creator without the keys (422)', async () => {
    const absurd = await createDrop(advertiser, moveDrop({ key_reward_amount: 1_000_000, max_participants: 1 })).expect(
      400,
    );
    expect(absurd.body).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(absurd.body.field_errors).toContainEqual({
      field: 'key_reward_amount',
      message: 'Keys reward must be at most 1,000',
    });

    const unlimited = await createDrop(advertiser, moveDrop()).expect(400);
    expect(unlimited.body.field_errors).toContainEqual({
      field: 'key_pool_total',
      message: DROP_MESSAGES.keyPoolRequired,
    });

    // The advertiser holds the 1 opening key: 3 keys × 2 seats is more than that, and nothing moves.
    const before = await balancesOf(testApp, advertiser);
    const poor = await createDrop(advertiser, moveDrop({ max_participants: 2 })).expect(422);
    expect(poor.body).toMatchObject({ code: 'INSUFFICIENT_BALANCE', error: 'Insufficient balance' });
    expect((await balancesOf(testApp, advertiser)).keys_balance).toBe(before.keys_balance);
  });

  it('escrows reward × seats at creation, pays each reward from the escrow, and returns the rest on close', async () => {
    await givenFunds(testApp, advertiser.user.id, 'keys', '40');
    const start = await balancesOf(testApp, advertiser);
    const drop = await createDrop(advertiser, moveDrop({ max_participants: 4 })).expect(201);
    expect(drop.body).toMatchObject({ kind: 'move', key_reward_amount: 3, key_pool_total: 12, key_pool_remaining: 12 });
    expect((await balancesOf(testApp, advertiser)).keys_balance).toBe(start.keys_balance - 12);
    expect(await escrowKeys(drop.body.id, 12)).toBe(12);

    const user = await applicant();
    const application = await apply(user, drop.body.id).expect(201);
    await act(advertiser, application.body.id, 'approve').expect(200);
    await act(user, application.body.id, 'submit', { submission_type: 'text', submission_data: 'done' }).expect(200);
    const keysBefore = (await balancesOf(testApp, user)).keys_balance;
    const paid = await act(advertiser, application.body.id, 'complete', { review_score: 9 }).expect(200);
    expect(paid.body).toMatchObject({ status: 'paid', keys_earned: 3 });
    expect((await balancesOf(testApp, user)).keys_balance).toBe(keysBefore + 3);
    // Paid from the escrow, not by the creator again and not from issuance.
    expect((await balancesOf(testApp, advertiser)).keys_balance).toBe(start.keys_balance - 12);
    expect(await escrowKeys(drop.body.id, 9)).toBe(9);

    const closed = await testApp
      .http()
      .post(`/api/drops/${drop.body.id}/complete`)
      .set(auth(advertiser.token))
      .expect(200);
    expect(closed.body).toMatchObject({ key_pool_total: 12, key_pool_remaining: 0 });
    expect((await balancesOf(testApp, advertiser)).keys_balance).toBe(start.keys_balance - 3);
    expect(await escrowKeys(drop.body.id, 0)).toBe(0);
    await expectLedgerClean();
  });

  it('takes applications to an unlimited drop only while its pool covers their rewards, and returns the whole pool on delete', async () => {
    await givenFunds(testApp, advertiser.user.id, 'keys', '10');
    const start = await balancesOf(testApp, advertiser);
    const drop = await createDrop(advertiser, moveDrop({ key_reward_amount: 2, key_pool_total: 5 })).expect(201);
    expect(drop.body).toMatchObject({ max_participants: null, key_pool_total: 5 });
    expect((await balancesOf(testApp, advertiser)).keys_balance).toBe(start.keys_balance - 5);

    const first = await applicant();
    const second = await applicant();
    const third = await applicant();
    await apply(first, drop.body.id).expect(201);
    await apply(second, drop.body.id).expect(201);
    // 5 keys hold two rewards of 2: a third application could not be paid.
    const refused = await apply(third, drop.body.id).expect(422);
    expect(refused.body).toMatchObject({ code: 'DROP_POOL_EXHAUSTED', error: DROP_MESSAGES.keyPoolExhausted });

    const pointsBefore = (await balancesOf(testApp, first)).points_balance;
    await testApp.http().delete(`/api/drops/${drop.body.id}`).set(auth(advertiser.token)).expect(200);
    expect((await balancesOf(testApp, advertiser)).keys_balance).toBe(start.keys_balance);
    expect((await balancesOf(testApp, first)).points_balance).toBe(pointsBefore + 5);
    expect(await escrowKeys(drop.body.id, 0)).toBe(0);
    await expectLedgerClean();
  });

  it('answers 400 VALIDATION_ERROR for amounts that are not exact, bounded, non-negative decimals', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ move_cost_points: 1e308 }, 'move_cost_points', 'Points cost must be at most 100,000'],
      [{ move_cost_points: '12345678901234567890123' }, 'move_cost_points', 'Points cost must be at most 100,000'],
      [{ move_cost_points: 'NaN' }, 'move_cost_points', 'Points cost must be a number'],
      [{ move_cost_points: -5 }, 'move_cost_points', 'Points cost must not be negative'],
      [{ move_cost_points: 2.25 }, 'move_cost_points', 'Points cost must have at most 1 decimal'],
      [{ key_reward_amount: 1.5 }, 'key_reward_amount', 'Keys reward must be a whole number'],
      [{ key_pool_total: '1e9' }, 'key_pool_total', 'Key pool must be a number'],
      [{ max_participants: 1_000_000 }, 'max_participants', 'Max participants must be at most 100,000'],
    ];
    for (const [overrides, field, message] of cases) {
      const response = await createDrop(advertiser, moveDrop({ max_participants: 2, ...overrides })).expect(400);
      expect(response.body).toMatchObject({ code: 'VALIDATION_ERROR' });
      expect(response.body.field_errors).toContainEqual({ field, message });
    }
    const gems = await createDrop(advertiser, {
      title: 'Review',
      description: 'Review it',
      kind: 'paid',
      gem_reward_base: '10.00001',
      gem_pool_total: 1e21,
    }).expect(400);
    expect(gems.body.field_errors).toEqual(
      expect.arrayContaining([
        { field: 'gem_reward_base', message: 'Gem reward must have at most 4 decimals' },
        { field: 'gem_pool_total', message: 'Gem pool must be at most 1,000,000,000' },
      ]),
    );
  });
});
