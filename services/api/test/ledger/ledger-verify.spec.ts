import { SYSTEM_ACCOUNTS, userAccount } from '../../src/modules/ledger/domain/accounts';
import { userStreamId } from '../../src/modules/ledger/domain/streams';
import { verifyLedger } from '../../src/modules/ledger/infrastructure/ledger-audit';
import { LedgerExecutor, newTransactionId } from '../../src/modules/ledger/infrastructure/ledger-executor';
import { LedgerTestContext, openLedgerTestContext } from './support';

jest.setTimeout(60_000);

describe('ledger verify', () => {
  let context: LedgerTestContext;
  let executor: LedgerExecutor;
  const now = () => new Date().toISOString();

  beforeEach(async () => {
    context = await openLedgerTestContext();
    executor = new LedgerExecutor(context.eventStore);
    for (const userId of ['ann', 'ben']) {
      await executor.execute({
        type: 'OpenUserAccounts',
        data: { userId, transactionId: newTransactionId(), now: now() },
      });
    }
    await executor.execute({
      type: 'PostTransaction',
      data: {
        transactionId: 'tip-1',
        reasonCode: 'TIP',
        description: 'Tip',
        postings: [
          {
            debitAccount: userAccount('ann'),
            creditAccount: userAccount('ben'),
            currency: 'points',
            amountMinor: 100n,
          },
        ],
        now: now(),
      },
    });
    await executor.execute({
      type: 'PlaceHold',
      data: {
        holdId: 'h1',
        userId: 'ben',
        currency: 'points',
        amountMinor: 50n,
        expiresAt: '2099-01-01T00:00:00.000Z',
        reasonCode: 'WITHDRAWAL',
        description: 'Hold',
        now: now(),
      },
    });
    await executor.execute({
      type: 'CaptureHold',
      data: {
        holdId: 'h1',
        userId: 'ben',
        amountMinor: 30n,
        creditAccount: SYSTEM_ACCOUNTS.withdrawals,
        transactionId: 'cap-1',
        reasonCode: 'WITHDRAWAL',
        description: 'Withdrawal',
        now: now(),
      },
    });
    await context.catchUp();
    const reversal = await executor.execute({
      type: 'ReverseTransaction',
      data: { originalTransactionId: 'tip-1', reversalTransactionId: 'rev-1', description: 'Refund', now: now() },
    });
    expect(reversal.kind).toBe('accepted');
    await context.catchUp();
  });
  afterEach(() => context.close());

  it('reports nothing on an untouched ledger, with per-currency zero sums', async () => {
    const report = await verifyLedger(context.eventStore);
    expect(report.findings).toEqual([]);
    expect(report.currencies.points).toEqual({ user_total: '47', system_total: '-47', sum: '0' });
    expect(report.transactions_checked).toBe(5);
  });

  it('catches a hand-tampered event through its hash chain', async () => {
    await context.database.pool.query(
      `UPDATE events SET data = jsonb_set(data, '{postings,0,amountMinor}', '"100000"')
       WHERE stream_id = $1 AND type = 'LedgerTransactionPosted' AND data->>'transactionId' = 'tip-1'`,
      [userStreamId('ben')],
    );
    const report = await verifyLedger(context.eventStore);
    expect(report.ok).toBe(false);
    expect(report.findings.map((finding) => finding.check)).toEqual(
      expect.arrayContaining(['hash_chain', 'transaction_copies']),
    );
  });

  it('catches a hand-edited projection row', async () => {
    await context.database.pool.query(
      `UPDATE ledger_balances SET balance_minor = balance_minor + 10 WHERE account_id = $1 AND currency = 'points'`,
      [userAccount('ann')],
    );
    await context.database.pool.query(
      `UPDATE ledger_transactions SET status = 'completed' WHERE transaction_id = 'tip-1'`,
    );
    const report = await verifyLedger(context.eventStore);
    expect(report.ok).toBe(false);
    const checks = report.findings.map((finding) => finding.check);
    expect(checks).toContain('projection:ledger_balances');
    expect(checks).toContain('projection:ledger_transactions');
  });

  it('reports facts that break the rules even with intact hash chains: a second resolution, an overdraft', async () => {
    const now = new Date().toISOString();
    await context.eventStore.append([
      {
        streamId: userStreamId('ben'),
        expectedVersion: 'any',
        events: [
          {
            type: 'LedgerHoldReleased',
            data: {
              holdId: 'h1',
              userId: 'ben',
              currency: 'points',
              amountMinor: '50',
              reason: 'released',
              releasedAt: now,
            },
          },
          {
            type: 'LedgerTransactionPosted',
            data: {
              transactionId: 'forged',
              reasonCode: 'ADJUSTMENT',
              description: 'Forged overdraft',
              postings: [
                {
                  debitAccount: userAccount('ben'),
                  creditAccount: SYSTEM_ACCOUNTS.fees,
                  currency: 'keys',
                  amountMinor: '5',
                },
              ],
              occurredAt: now,
              copyIndex: 0,
              copyCount: 1,
            },
          },
        ],
      },
    ]);
    await context.catchUp();
    const report = await verifyLedger(context.eventStore);
    const checks = report.findings.map((finding) => finding.check);
    expect(checks).toContain('holds');
    expect(checks).toContain('negative_balance');
    expect(checks).not.toContain('hash_chain');
  });

  it('reports the issuance per reason and currency: every credit out of system:issuance, and where it went', async () => {
    const report = await verifyLedger(context.eventStore);
    // Two openings of 25 points and 1 key; the tip, the capture and the reversal issue nothing.
    expect(report.issuance).toEqual([
      { reason_code: 'ACCOUNT_OPENING', currency: 'keys', total: '2', credits: 2, largest: '1', documented: true },
      { reason_code: 'ACCOUNT_OPENING', currency: 'points', total: '50', credits: 2, largest: '25', documented: true },
    ]);
  });

  it('flags issuance under a reason the table does not document, or of a currency the reason may not issue', async () => {
    const issue = (
      transactionId: string,
      reasonCode: 'REFERRAL_BONUS' | 'TRANSFER' | 'DROP_REWARD',
      currency: 'points' | 'gems',
      amountMinor: bigint,
    ) =>
      executor.execute({
        type: 'PostTransaction',
        data: {
          transactionId,
          reasonCode,
          description: 'Issued',
          postings: [
            { debitAccount: SYSTEM_ACCOUNTS.issuance, creditAccount: userAccount('ann'), currency, amountMinor },
          ],
          now: now(),
        },
      });
    // A referral bonus is documented: no finding.
    await issue('referral-1', 'REFERRAL_BONUS', 'points', 2_500n);
    await context.catchUp();
    expect((await verifyLedger(context.eventStore)).findings).toEqual([]);
    // A tip is a transfer between users: out of issuance it is money from nothing. Drop rewards pay gems only from a pool's escrow.
    await issue('minted-1', 'TRANSFER', 'points', 1_000n);
    await issue('minted-2', 'TRANSFER', 'points', 10n);
    await issue('minted-3', 'DROP_REWARD', 'gems', 5_000n);
    await context.catchUp();
    const report = await verifyLedger(context.eventStore);
    expect(report.ok).toBe(false);
    expect(report.findings).toEqual([
      {
        check: 'issuance',
        message:
          '0.5 gems issued in 1 credit(s) under DROP_REWARD (first: transaction minted-3): reason DROP_REWARD may not issue gems',
        stream_id: null,
      },
      {
        check: 'issuance',
        message:
          '101 points issued in 2 credit(s) under TRANSFER (first: transaction minted-1): reason TRANSFER is not in the issuance table',
        stream_id: null,
      },
    ]);
    expect(report.issuance).toEqual(
      expect.arrayContaining([
        {
          reason_code: 'REFERRAL_BONUS',
          currency: 'points',
          total: '250',
          credits: 1,
          largest: '250',
          documented: true,
        },
        { reason_code: 'TRANSFER', currency: 'points', total: '101', credits: 2, largest: '100', documented: false },
        { reason_code: 'DROP_REWARD', currency: 'gems', total: '0.5', credits: 1, largest: '0.5', documented: false },
      ]),
    );
  });

  it('refuses a second reversal of the same transaction', async () => {
    const second = await executor.execute({
      type: 'ReverseTransaction',
      data: { originalTransactionId: 'tip-1', reversalTransactionId: 'rev-2', description: 'Again', now: now() },
    });
    expect(second).toEqual({ kind: 'refused', refusal: 'TRANSACTION_MUST_NOT_BE_REVERSED_TWICE' });
    const rows = await context.database.pool.query(
      `SELECT id, status, amount_minor::text AS amount FROM ledger_transactions WHERE user_id = 'ben' ORDER BY position`,
    );
    expect(rows.rows).toEqual([
      { id: expect.stringMatching(/:points$/), status: 'completed', amount: '250' },
      { id: expect.stringMatching(/:keys$/), status: 'completed', amount: '1' },
      { id: 'tip-1:points', status: 'reversed', amount: '100' },
      // The hold of 50, captured for 30: one row, the hold's, completed with the amount spent.
      { id: 'hold:h1', status: 'completed', amount: '-30' },
      { id: 'rev-1:points', status: 'completed', amount: '-100' },
    ]);
  });
});
