import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { DATABASE_POOL } from '../../src/platform/database/database.tokens';
import { FundDemoPersonaCommand, OpenUserAccountsCommand } from '@app/contracts/ledger';
import { GetUserBalancesQuery, RunLedgerCommand } from '../../src/modules/ledger';
import { DemoPersonaTopUp } from '../../src/modules/ledger/fund-demo-persona/fund-demo-persona.command';
import { ExpireHolds } from '../../src/modules/ledger/expire-holds/expire-holds.job';
import type { Queryable } from '../../src/modules/ledger/infrastructure/ledger-audit';
import type { IdentityTestApp } from '../identity/support';
import { startLedgerApp } from './app-support';

jest.setTimeout(120_000);

/** The commands other modules send on the bus, and the ledger's scheduled jobs, in the running application. */
describe('ledger commands and jobs', () => {
  let testApp: IdentityTestApp;
  let commandBus: CommandBus;
  let queryBus: QueryBus;
  let pool: Queryable;

  beforeAll(async () => {
    testApp = await startLedgerApp();
    commandBus = testApp.app.get(CommandBus);
    queryBus = testApp.app.get(QueryBus);
    pool = testApp.app.get(DATABASE_POOL);
  });
  afterAll(() => testApp.close());

  async function eventually<T>(probe: () => Promise<T>, accept: (value: T) => boolean): Promise<T> {
    for (let attempt = 0; ; attempt += 1) {
      const value = await probe();
      if (accept(value) || attempt > 150) return value;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it('funds a demo advertiser to the floors once per UTC day; the daily job finds it again', async () => {
    // A demo sandbox is opened by its funding (a real account, opened by OpenUserAccounts, is never demo-funded).
    await commandBus.execute(new FundDemoPersonaCommand('demo-advertiser', 'advertiser'));
    await commandBus.execute(new FundDemoPersonaCommand('demo-advertiser', 'advertiser'));
    const balances = await queryBus.execute(new GetUserBalancesQuery('demo-advertiser'));
    expect(balances).toMatchObject({
      points_balance: 5000,
      keys_balance: 20,
      gems_balance: 1000,
      gold_collected: 500,
      moves_balance: 1000,
    });

    // Spend some, then the job runs: the same UTC day changes nothing (idempotent per day).
    const spent = await commandBus.execute(
      new RunLedgerCommand({
        type: 'PostTransaction',
        data: {
          transactionId: 'spend-1',
          reasonCode: 'TIER_UPGRADE',
          description: 'Upgrade',
          postings: [
            {
              debitAccount: 'user:demo-advertiser',
              creditAccount: 'system:burn',
              currency: 'points',
              amountMinor: 10_000n,
            },
          ],
          now: new Date().toISOString(),
        },
      }),
    );
    expect(spent).toEqual({ ok: true, transactionId: 'spend-1' });
    const found = await eventually(
      () =>
        pool.query<{ user_id: string }>(`SELECT user_id FROM ledger_demo_personas WHERE user_id = 'demo-advertiser'`),
      (result) => result.rows.length === 1,
    );
    expect(found.rows).toHaveLength(1);
    expect(await testApp.app.get(DemoPersonaTopUp).run(pool)).toBeGreaterThanOrEqual(1);
    expect((await queryBus.execute(new GetUserBalancesQuery('demo-advertiser'))).points_balance).toBe(4000);
  });

  it('refuses through the bus with a value, not an exception', async () => {
    const refused = await commandBus.execute(
      new RunLedgerCommand({
        type: 'PostTransaction',
        data: {
          transactionId: 'too-much',
          reasonCode: 'GOLD_PURCHASE',
          description: 'Too much',
          postings: [{ debitAccount: 'user:nobody', creditAccount: 'system:burn', currency: 'gold', amountMinor: 1n }],
          now: new Date().toISOString(),
        },
      }),
    );
    expect(refused).toEqual({ ok: false, refusal: 'BALANCE_MUST_COVER_AMOUNT' });
  });

  it('expires holds whose deadline has passed, releasing the held amount once', async () => {
    await commandBus.execute(new OpenUserAccountsCommand('holder'));
    const deadline = new Date(Date.now() + 60_000).toISOString();
    const placed = await commandBus.execute(
      new RunLedgerCommand({
        type: 'PlaceHold',
        data: {
          holdId: 'hold-1',
          userId: 'holder',
          currency: 'points',
          amountMinor: 200n,
          expiresAt: deadline,
          reasonCode: 'STAKE',
          description: 'Stake',
          now: new Date().toISOString(),
        },
      }),
    );
    expect(placed.ok).toBe(true);
    expect((await queryBus.execute(new GetUserBalancesQuery('holder'))).points_balance).toBe(5);
    await eventually(
      () => pool.query(`SELECT 1 FROM ledger_holds WHERE hold_id = 'hold-1' AND status = 'open'`),
      (result) => result.rows.length === 1,
    );
    const expireHolds = testApp.app.get(ExpireHolds);
    expect(await expireHolds.run(pool, new Date())).toBe(0);
    expect(await expireHolds.run(pool, new Date(Date.now() + 120_000))).toBe(1);
    expect((await queryBus.execute(new GetUserBalancesQuery('holder'))).points_balance).toBe(25);
    const released = await eventually(
      () => pool.query<{ status: string }>(`SELECT status FROM ledger_holds WHERE hold_id = 'hold-1'`),
      (result) => result.rows[0]?.status === 'expired',
    );
    expect(released.rows[0].status).toBe('expired');
    expect(await expireHolds.run(pool, new Date(Date.now() + 120_000))).toBe(0);
  });
});
