import { SYSTEM_ACCOUNTS, userAccount } from '../../../src/modules/ledger/domain/accounts';
import { CREDIT_RULES } from '../../../src/modules/ledger/domain/issuance-rules';
import { ISSUANCE_BOUNDS, IssuanceBoundsCheck } from '../../../src/modules/ledger/domain/issuance-bounds';
import { demoPersonaFloor, OPENING_GRANT } from '../../../src/modules/ledger/domain/account-lifecycle';

type Credit = { to: string; currency: 'points' | 'keys' | 'gems' | 'gold' | 'usd' | 'moves'; amountMinor: bigint };

function posted(
  transactionId: string,
  reasonCode: string,
  credits: Credit[],
  occurredAt = '2026-12-05T10:00:00.000Z',
  copyIndex = 0,
) {
  return {
    transactionId,
    reasonCode,
    description: 'test',
    occurredAt,
    copyIndex,
    copyCount: 1,
    postings: credits.map((credit) => ({
      debitAccount: SYSTEM_ACCOUNTS.issuance,
      creditAccount: credit.to,
      currency: credit.currency,
      amountMinor: credit.amountMinor,
    })),
  } as Parameters<IssuanceBoundsCheck['add']>[0];
}

/** Verify's issuance bounds: each credit out of issuance against its rule, per credit and per account and period. */
describe('issuance bounds', () => {
  const alice = userAccount('alice');

  it('bounds only reasons of the issuance table, with the deciders own figures', () => {
    for (const reason of Object.keys(ISSUANCE_BOUNDS)) expect(Object.keys(CREDIT_RULES)).toContain(reason);
    expect(ISSUANCE_BOUNDS.ACCOUNT_OPENING!.perCredit).toEqual(OPENING_GRANT);
    for (const persona of ['creator', 'investor', 'advertiser'] as const) {
      for (const [currency, floor] of Object.entries(demoPersonaFloor(persona)))
        expect(ISSUANCE_BOUNDS.DEMO_FUNDING!.perCredit[currency as 'points']).toBe(floor);
    }
  });

  it('accepts credits within their bounds and reports one above its per-credit bound', () => {
    const check = new IssuanceBoundsCheck();
    expect(check.add(posted('t1', 'DEMO_FUNDING', [{ to: alice, currency: 'points', amountMinor: 50_000n }]))).toEqual(
      [],
    );
    expect(
      check.add(
        posted('t2', 'DEMO_FUNDING', [{ to: userAccount('bob'), currency: 'points', amountMinor: 5_000_000n }]),
      ),
    ).toEqual([
      'Transaction t2 issues 500000 points to user:bob under DEMO_FUNDING; the rule bounds one credit to 5000 points',
      'user:bob received 500000 points under DEMO_FUNDING on UTC day 2026-12-05 (transaction t2); the rule bounds it to 5000 points',
    ]);
  });

  it('sums an account per period and reports the credit that passes the bound once', () => {
    const check = new IssuanceBoundsCheck();
    const like = (id: string, day: string) =>
      check.add(
        posted(
          id,
          'ENGAGEMENT_REWARD',
          [{ to: alice, currency: 'points', amountMinor: 2_400n }],
          `${day}T10:00:00.000Z`,
        ),
      );
    // Ten external moves at the top multiplier (240 points each) fit a day's 2,450; the eleventh does not.
    for (let index = 1; index <= 10; index += 1) expect(like(`e${index}`, '2026-12-05')).toEqual([]);
    expect(like('e11', '2026-12-05')).toEqual([
      'user:alice received 2640 points under ENGAGEMENT_REWARD on UTC day 2026-12-05 (transaction e11); the rule bounds it to 2450 points',
    ]);
    expect(like('e12', '2026-12-05')).toEqual([]);
    expect(like('e13', '2026-12-06')).toEqual([]);
    expect(check.add(posted('o1', 'ACCOUNT_OPENING', [{ to: alice, currency: 'points', amountMinor: 250n }]))).toEqual(
      [],
    );
    expect(check.add(posted('o2', 'ACCOUNT_OPENING', [{ to: alice, currency: 'points', amountMinor: 250n }]))).toEqual([
      'user:alice received 50 points under ACCOUNT_OPENING in all (transaction o2); the rule bounds it to 25 points',
    ]);
  });

  it('counts copy 0 only and leaves unbounded reasons to the per-reason list', () => {
    const check = new IssuanceBoundsCheck();
    expect(
      check.add(
        posted('c1', 'GEM_PURCHASE', [{ to: alice, currency: 'gems', amountMinor: 10_000_000n }], undefined, 1),
      ),
    ).toEqual([]);
    expect(check.add(posted('a1', 'ADJUSTMENT', [{ to: alice, currency: 'gems', amountMinor: 10_000_000n }]))).toEqual(
      [],
    );
    expect(
      check.add(posted('g1', 'GEM_PURCHASE', [{ to: alice, currency: 'gems', amountMinor: 2_500_001n }])),
    ).toHaveLength(1);
  });
});
