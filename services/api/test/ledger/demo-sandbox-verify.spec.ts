import { escrowAccount, userAccount } from '../../src/modules/ledger/domain/accounts';
import { userStreamId } from '../../src/modules/ledger/domain/streams';
import { verifyLedger } from '../../src/modules/ledger/infrastructure/ledger-audit';
import { LedgerExecutor, newTransactionId } from '../../src/modules/ledger/infrastructure/ledger-executor';
import { LedgerTestContext, openLedgerTestContext } from './support';

jest.setTimeout(60_000);

/**
 * `ledger verify` reports any transaction that moves value between a demo sandbox and a real account. The decider
 * refuses such a transaction, so the test writes it straight into the log, as a bug or a hand edit would.
 */
describe('ledger verify: demo isolation', () => {
  let context: LedgerTestContext;
  let executor: LedgerExecutor;
  const now = () => new Date().toISOString();

  beforeEach(async () => {
    context = await openLedgerTestContext();
    executor = new LedgerExecutor(context.eventStore);
    await executor.execute({
      type: 'FundDemoPersona',
      data: { userId: 'demo', persona: 'advertiser', transactionId: newTransactionId(), now: now() },
    });
    await executor.execute({
      type: 'OpenUserAccounts',
      data: { userId: 'real', transactionId: newTransactionId(), now: now() },
    });
    await context.catchUp();
  });
  afterEach(() => context.close());

  const copy = (
    transactionId: string,
    postings: { debitAccount: string; creditAccount: string; currency: string; amountMinor: string }[],
    copyIndex: number,
    copyCount: number,
  ) => ({
    type: 'LedgerTransactionPosted',
    data: {
      transactionId,
      reasonCode: 'TRANSFER',
      description: 'Forged',
      postings,
      occurredAt: now(),
      copyIndex,
      copyCount,
    },
  });

  it('finds nothing when sandboxes and real accounts stay apart', async () => {
    const report = await verifyLedger(context.eventStore);
    expect(report.findings).toEqual([]);
  });

  it('flags a transaction between a sandbox and a real account that the decider would have refused', async () => {
    const refused = await executor.execute({
      type: 'PostTransaction',
      data: {
        transactionId: 'mix',
        reasonCode: 'TRANSFER',
        description: 'x',
        postings: [
          {
            debitAccount: userAccount('demo'),
            creditAccount: userAccount('real'),
            currency: 'gems',
            amountMinor: 100n,
          },
        ],
        now: now(),
      },
    });
    expect(refused).toEqual({ kind: 'refused', refusal: 'TRANSACTION_MUST_NOT_MIX_DEMO_AND_REAL_ACCOUNTS' });
    const postings = [
      { debitAccount: userAccount('demo'), creditAccount: userAccount('real'), currency: 'gems', amountMinor: '100' },
    ];
    await context.eventStore.append([
      { streamId: userStreamId('demo'), expectedVersion: 'any', events: [copy('forged-mix', postings, 0, 2)] },
      { streamId: userStreamId('real'), expectedVersion: 'any', events: [copy('forged-mix', postings, 1, 2)] },
    ]);
    const report = await verifyLedger(context.eventStore);
    const isolation = report.findings.filter((finding) => finding.check === 'demo_isolation');
    expect(isolation).toHaveLength(1);
    expect(isolation[0].message).toContain('forged-mix');
  });

  it('flags an escrow filled by a sandbox and paid out to a real account', async () => {
    const escrow = escrowAccount('drop', 'demo-drop');
    const filled = await executor.execute({
      type: 'PostTransaction',
      data: {
        transactionId: 'pool',
        reasonCode: 'DROP_POOL_ESCROW',
        description: 'pool',
        postings: [{ debitAccount: userAccount('demo'), creditAccount: escrow, currency: 'gems', amountMinor: 500n }],
        now: now(),
      },
    });
    expect(filled.kind).toBe('accepted');
    // The ledger cannot tell whose escrow this is, so the drops context refuses such an application; verify still sees it.
    const paid = await executor.execute({
      type: 'PostTransaction',
      data: {
        transactionId: 'payout',
        reasonCode: 'DROP_REWARD',
        description: 'reward',
        postings: [{ debitAccount: escrow, creditAccount: userAccount('real'), currency: 'gems', amountMinor: 500n }],
        now: now(),
      },
    });
    expect(paid.kind).toBe('accepted');
    const report = await verifyLedger(context.eventStore);
    expect(report.findings.map((finding) => [finding.check, finding.message.includes(escrow)])).toContainEqual([
      'demo_isolation',
      true,
    ]);
  });
});
