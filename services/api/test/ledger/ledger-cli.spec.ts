import { PassThrough } from 'node:stream';
import { runLedgerCli } from '../../src/cli/ledger';
import { SYSTEM_ACCOUNTS, userAccount } from '../../src/modules/ledger/domain/accounts';
import { LedgerExecutor, newTransactionId } from '../../src/modules/ledger/infrastructure/ledger-executor';
import { LedgerTestContext, openLedgerTestContext } from './support';

jest.setTimeout(60_000);

function capture() {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (chunk) => (text += chunk.toString()));
  return { stream, text: () => text };
}

/** The CLI against DATABASE_URL: verify's exit codes, export's running balances, rebuild's progress and swap. */
describe('npm run ledger', () => {
  let context: LedgerTestContext;
  const savedUrl = process.env.DATABASE_URL;

  beforeAll(async () => {
    context = await openLedgerTestContext();
    process.env.DATABASE_URL = context.testDatabase.url;
    const executor = new LedgerExecutor(context.eventStore);
    const now = new Date().toISOString();
    await executor.execute({
      type: 'OpenUserAccounts',
      data: { userId: 'cli-user', transactionId: newTransactionId(), now },
    });
    await executor.execute({
      type: 'PostTransaction',
      data: {
        transactionId: 'gems-1',
        // Gems from issuance are an operator's adjustment: a drop pays its gems from the escrow of its pool.
        reasonCode: 'ADJUSTMENT',
        description: 'Drop reward, "Summer" campaign',
        postings: [
          {
            debitAccount: SYSTEM_ACCOUNTS.issuance,
            creditAccount: userAccount('cli-user'),
            currency: 'gems',
            amountMinor: 505_000n,
          },
        ],
        now,
      },
    });
    await executor.execute({
      type: 'ConvertCurrency',
      data: { userId: 'cli-user', fromCurrency: 'gems', toCurrency: 'keys', keys: 2n, transactionId: 'conv-1', now },
    });
    await context.catchUp();
  });
  afterAll(async () => {
    process.env.DATABASE_URL = savedUrl;
    await context.close();
  });

  it('verify prints the report and exits 0 on a sound ledger', async () => {
    const output = capture();
    expect(await runLedgerCli(['verify'], output.stream, capture().stream)).toBe(0);
    expect(output.text()).toContain('OK: hash chains intact');
    expect(output.text()).toMatch(/gems\s+users\s+46\.5\s+system\s+-46\.5\s+sum 0/);
    // Where the money came from: the opening bonus and the adjustment, per reason and currency.
    expect(output.text()).toContain('Issuance (credits out of system:issuance), per reason and currency:');
    expect(output.text()).toMatch(/ACCOUNT_OPENING\s+points\s+25 in\s+1 credit\(s\), largest 25\n/);
    expect(output.text()).toMatch(/ADJUSTMENT\s+gems\s+50\.5 in\s+1 credit\(s\), largest 50\.5\n/);
    expect(output.text()).not.toContain('UNDOCUMENTED');
  });

  it('verify exits 1 and names an issuance whose reason is not in the documented table', async () => {
    const executor = new LedgerExecutor(context.eventStore);
    await executor.execute({
      type: 'PostTransaction',
      data: {
        transactionId: 'minted-prediction',
        reasonCode: 'TRANSFER',
        description: 'A tip out of nothing',
        postings: [
          {
            debitAccount: SYSTEM_ACCOUNTS.issuance,
            creditAccount: userAccount('cli-user'),
            currency: 'points',
            amountMinor: 70n,
          },
        ],
        now: new Date().toISOString(),
      },
    });
    await context.catchUp();
    const output = capture();
    expect(await runLedgerCli(['verify'], output.stream, capture().stream)).toBe(1);
    expect(output.text()).toMatch(/TRANSFER\s+points\s+7 in\s+1 credit\(s\), largest 7  UNDOCUMENTED/);
    expect(output.text()).toContain(
      '[issuance] 7 points issued in 1 credit(s) under TRANSFER (first: transaction minted-prediction): reason TRANSFER is not in the issuance table',
    );
  });

  it('export prints CSV with running balances for one user', async () => {
    const output = capture();
    expect(
      await runLedgerCli(['export', '--format', 'csv', '--user', 'cli-user'], output.stream, capture().stream),
    ).toBe(0);
    const lines = output.text().trim().split('\n');
    expect(lines[0]).toBe(
      'position,recorded_at,transaction_id,reason_code,description,account_id,currency,amount,running_balance',
    );
    const gems = lines.filter((line) => line.includes(',gems,'));
    expect(gems.map((line) => line.split(',').slice(-2).join(' '))).toEqual(['50.5 50.5', '-4 46.5']);
    expect(lines.some((line) => line.includes('"Drop reward, ""Summer"" campaign"'))).toBe(true);
  });

  it('export keeps true running balances when a time range leaves earlier legs out', async () => {
    const everything = capture();
    expect(await runLedgerCli(['export', '--user', 'cli-user'], everything.stream, capture().stream)).toBe(0);
    const lines = everything
      .text()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { recorded_at: string; running_balance: string; currency: string });
    const last = lines[lines.length - 1];
    const ranged = capture();
    expect(
      await runLedgerCli(['export', '--user', 'cli-user', '--from', last.recorded_at], ranged.stream, capture().stream),
    ).toBe(0);
    const rangedLines = ranged
      .text()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { running_balance: string; currency: string });
    expect(rangedLines.at(-1)).toEqual(last);
    const future = capture();
    expect(await runLedgerCli(['export', '--from', '2999-01-01T00:00:00Z'], future.stream, capture().stream)).toBe(0);
    expect(future.text()).toBe('');
  });

  it('rebuild shows progress and swaps in a table equal to the old one', async () => {
    const before = await context.database.pool.query(
      'SELECT account_id, currency, balance_minor FROM ledger_balances ORDER BY 1, 2',
    );
    const output = capture();
    const errors = capture();
    expect(await runLedgerCli(['rebuild', 'ledger_balances'], output.stream, errors.stream)).toBe(0);
    expect(errors.text()).toMatch(/\[#+\] 100\.0% \d+\/\d+ events/);
    expect(output.text()).toContain('Rebuilt ledger_balances');
    const after = await context.database.pool.query(
      'SELECT account_id, currency, balance_minor FROM ledger_balances ORDER BY 1, 2',
    );
    expect(after.rows).toEqual(before.rows);
  });

  it('verify exits 1 and names the finding after a projection row is edited by hand', async () => {
    await context.database.pool.query(
      `UPDATE ledger_balances SET balance_minor = 1 WHERE account_id = 'system:conversion' AND currency = 'keys'`,
    );
    const output = capture();
    expect(await runLedgerCli(['verify'], output.stream, capture().stream)).toBe(1);
    expect(output.text()).toContain('[projection:ledger_balances] ledger_balances system:conversion|keys');
  });

  it('answers usage errors with exit code 2', async () => {
    expect(await runLedgerCli([], capture().stream, capture().stream)).toBe(2);
    expect(await runLedgerCli(['rebuild', 'nope'], capture().stream, capture().stream)).toBe(2);
    expect(await runLedgerCli(['export', '--from', 'never'], capture().stream, capture().stream)).toBe(2);
  });
});
