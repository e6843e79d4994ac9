import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REASON_CODES } from '@app/contracts/ledger';
import { SYSTEM_ACCOUNTS, userAccount } from '../../src/modules/ledger/domain/accounts';
import { CREDIT_RULES, undocumentedIssuance } from '../../src/modules/ledger/domain/issuance-rules';
import { IssuanceTally } from '../../src/modules/ledger/domain/issuance-tally';

/** The rule table of the ledger README and `CREDIT_RULES` say the same; the tally counts each issuance once. */
describe('issuance rules', () => {
  const readme = readFileSync(join(__dirname, '../../src/modules/ledger/README.md'), 'utf8');
  const section = readme.slice(
    readme.indexOf('## No value from nothing'),
    readme.indexOf('## Using it from another module'),
  );
  const rows = section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => ({ reason: /^\| `([A-Z_]+)`/.exec(line)![1], issues: /\(issues\b/.test(line.split('|')[2]) }));

  it('documents every reason of CREDIT_RULES in the README, and only those, with the same right to issue', () => {
    expect(rows.map((row) => row.reason).sort()).toEqual(Object.keys(CREDIT_RULES).sort());
    for (const row of rows) {
      expect({ reason: row.reason, issues: row.issues }).toEqual({
        reason: row.reason,
        issues: CREDIT_RULES[row.reason as keyof typeof CREDIT_RULES].issuanceCurrencies.length > 0,
      });
    }
    for (const reason of Object.keys(CREDIT_RULES)) expect(REASON_CODES).toContain(reason);
  });

  it('allows issuance only under documented reasons and currencies', () => {
    expect(undocumentedIssuance('ACCOUNT_OPENING', 'points')).toBeNull();
    expect(undocumentedIssuance('ACCOUNT_OPENING', 'gems')).toBe('reason ACCOUNT_OPENING may not issue gems');
    expect(undocumentedIssuance('SOCIAL_ACTION_REWARD', 'points')).toBeNull();
    expect(undocumentedIssuance('CONVERSION', 'keys')).toBe('reason CONVERSION may not issue keys');
    expect(undocumentedIssuance('TIP', 'points')).toBe('reason TIP may not issue points');
    expect(undocumentedIssuance('TRANSFER', 'points')).toBe('reason TRANSFER is not in the issuance table');
  });

  it('counts copy 0 only, per reason and currency, per day and per receiver', () => {
    const tally = new IssuanceTally();
    const referral = {
      transactionId: 't1',
      reasonCode: 'REFERRAL_BONUS' as const,
      description: 'Referral',
      occurredAt: '2026-03-01T10:00:00.000Z',
      copyCount: 2,
      postings: [
        {
          debitAccount: SYSTEM_ACCOUNTS.issuance,
          creditAccount: userAccount('ann'),
          currency: 'points' as const,
          amountMinor: 2_500n,
        },
        {
          debitAccount: SYSTEM_ACCOUNTS.issuance,
          creditAccount: userAccount('ben'),
          currency: 'points' as const,
          amountMinor: 5_000n,
        },
      ],
    };
    tally.add({ ...referral, copyIndex: 0 }, '2026-03-01');
    tally.add({ ...referral, copyIndex: 1 }, '2026-03-01');
    tally.add(
      {
        transactionId: 't2',
        reasonCode: 'TIP',
        description: 'Tip',
        occurredAt: '2026-03-02T10:00:00.000Z',
        copyIndex: 0,
        copyCount: 2,
        postings: [
          {
            debitAccount: userAccount('ann'),
            creditAccount: userAccount('ben'),
            currency: 'points',
            amountMinor: 100n,
          },
        ],
      },
      '2026-03-02',
    );
    expect(tally.byReason()).toEqual([
      {
        reasonCode: 'REFERRAL_BONUS',
        currency: 'points',
        totalMinor: 7_500n,
        credits: 2,
        largestMinor: 5_000n,
        undocumented: null,
        firstTransactionId: 't1',
      },
    ]);
    expect(tally.byDay()).toEqual([
      { day: '2026-03-01', reasonCode: 'REFERRAL_BONUS', currency: 'points', totalMinor: 7_500n, credits: 2 },
    ]);
    expect(tally.topReceivers(1)).toEqual([
      { accountId: userAccount('ben'), currency: 'points', totalMinor: 5_000n, credits: 1 },
    ]);
  });
});
