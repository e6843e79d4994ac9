import fc from 'fast-check';
import { CURRENCIES } from '@app/contracts/ledger';
import { SYSTEM_ACCOUNTS, userAccount } from '../../src/modules/ledger/domain/accounts';
import type { LedgerCommand } from '../../src/modules/ledger/domain/decision';
import { availableBalance } from '../../src/modules/ledger/domain/user-ledger';
import { verifyLedger } from '../../src/modules/ledger/infrastructure/ledger-audit';
import { LedgerExecutor, newTransactionId } from '../../src/modules/ledger/infrastructure/ledger-executor';
import { LedgerTestContext, openLedgerTestContext } from './support';

jest.setTimeout(180_000);

type Operation =
  | { kind: 'transfer'; from: number; to: number; amount: number }
  | { kind: 'hold'; user: number; amount: number }
  | { kind: 'capture'; hold: number; amount: number }
  | { kind: 'release'; hold: number }
  | { kind: 'reverse'; transaction: number };

const operation: fc.Arbitrary<Operation> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('transfer' as const),
      from: fc.nat(3),
      to: fc.nat(3),
      amount: fc.integer({ min: 1, max: 400 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('hold' as const),
      user: fc.nat(3),
      amount: fc.integer({ min: 1, max: 300 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('capture' as const),
      hold: fc.nat(10),
      amount: fc.integer({ min: 1, max: 300 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('release' as const), hold: fc.nat(10) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('reverse' as const), transaction: fc.nat(20) }) },
);

/**
 * Random operations run concurrently through several executors (standing for several API processes) against one
 * real PostgreSQL: afterwards verify finds nothing (hash chains, zero sums, no user below zero, projections equal a
 * fresh fold), and a fresh fold of each stream equals what the executors hold in their caches (replay equals live).
 */
describe('ledger under concurrency on PostgreSQL', () => {
  let context: LedgerTestContext;
  let run = 0;

  beforeAll(async () => {
    context = await openLedgerTestContext(16);
  });
  afterAll(() => context.close());

  it('keeps every invariant whatever interleaving the database chooses', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 10, maxLength: 60 }), async (operations) => {
        run += 1;
        const users = [0, 1, 2, 3].map((index) => `r${run}u${index}`);
        const executors = [0, 1, 2].map(() => new LedgerExecutor(context.eventStore));
        const seed = executors[0];
        for (const userId of users) {
          await seed.execute({
            type: 'PostTransaction',
            data: {
              transactionId: newTransactionId(),
              reasonCode: 'ADJUSTMENT',
              description: 'seed',
              postings: [
                {
                  debitAccount: SYSTEM_ACCOUNTS.issuance,
                  creditAccount: userAccount(userId),
                  currency: 'gems',
                  amountMinor: 1_000n,
                },
              ],
              now: new Date().toISOString(),
            },
          });
        }
        const holds: { holdId: string; userId: string }[] = [];
        const transactions: string[] = [];
        await context.catchUp();
        await Promise.all(
          operations.map(async (step, index) => {
            const executor = executors[index % executors.length];
            const now = new Date().toISOString();
            let command: LedgerCommand | null = null;
            if (step.kind === 'transfer' && step.from !== step.to) {
              const transactionId = newTransactionId();
              transactions.push(transactionId);
              command = {
                type: 'PostTransaction',
                data: {
                  transactionId,
                  reasonCode: 'TRANSFER',
                  description: 'transfer',
                  postings: [
                    {
                      debitAccount: userAccount(users[step.from]),
                      creditAccount: userAccount(users[step.to]),
                      currency: 'gems',
                      amountMinor: BigInt(step.amount),
                    },
                    {
                      debitAccount: userAccount(users[step.from]),
                      creditAccount: SYSTEM_ACCOUNTS.fees,
                      currency: 'gems',
                      amountMinor: 1n,
                    },
                  ],
                  now,
                },
              };
            } else if (step.kind === 'hold') {
              const holdId = newTransactionId();
              holds.push({ holdId, userId: users[step.user] });
              command = {
                type: 'PlaceHold',
                data: {
                  holdId,
                  userId: users[step.user],
                  currency: 'gems',
                  amountMinor: BigInt(step.amount),
                  expiresAt: '2099-01-01T00:00:00.000Z',
                  reasonCode: 'STAKE',
                  description: 'hold',
                  now,
                },
              };
            } else if ((step.kind === 'capture' || step.kind === 'release') && holds[step.hold]) {
              const { holdId, userId } = holds[step.hold];
              command =
                step.kind === 'release'
                  ? { type: 'ReleaseHold', data: { holdId, userId, now } }
                  : {
                      type: 'CaptureHold',
                      data: {
                        holdId,
                        userId,
                        amountMinor: BigInt(step.amount),
                        creditAccount: 'escrow:stake:pool',
                        transactionId: newTransactionId(),
                        reasonCode: 'STAKE',
                        description: 'capture',
                        now,
                      },
                    };
            } else if (step.kind === 'reverse' && transactions[step.transaction]) {
              command = {
                type: 'ReverseTransaction',
                data: {
                  originalTransactionId: transactions[step.transaction],
                  reversalTransactionId: newTransactionId(),
                  description: 'reverse',
                  now,
                },
              };
            }
            if (command) await executor.execute(command);
          }),
        );
        await context.catchUp();
        const report = await verifyLedger(context.eventStore);
        expect(report.findings).toEqual([]);
        for (const userId of users) {
          const fresh = (await new LedgerExecutor(context.eventStore).load(userId)).state;
          for (const currency of CURRENCIES) expect(availableBalance(fresh, currency)).toBeGreaterThanOrEqual(0n);
          for (const executor of executors) {
            const live = (await executor.load(userId)).state;
            expect(live.balances).toEqual(fresh.balances);
            expect(live.held).toEqual(fresh.held);
          }
        }
      }),
      { numRuns: 8 },
    );
  });
});
