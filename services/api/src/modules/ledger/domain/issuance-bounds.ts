import { formatMinor, minorUnitsPerUnit, type Currency } from '@app/contracts/ledger';
import { SYSTEM_ACCOUNTS } from './accounts';
import type { LedgerEvent } from './events';
import type { CreditReason } from './issuance-rules';

type PostedTransaction = Extract<LedgerEvent, { type: 'LedgerTransactionPosted' }>['data'];

/** The window an account's issuance under one reason is summed over: its whole life, a UTC day or a calendar month. */
export type BoundPeriod = 'ever' | 'utc_day' | 'calendar_month';

/**
 * The numeric bounds of the ledger README's issuance table ("Where credits come from"), for `ledger verify` to hold
 * every credit out of `system:issuance` against: at most `perCredit` to one account in one transaction and, where the
 * table caps it, at most `perAccount.max` to one account within one period. Reasons whose cap is relative to state
 * verify cannot see from the postings alone (a drop's key multiplier bonus, a stake's multiplier) or that the table
 * leaves open (ADJUSTMENT) have no entry here; they are still listed per reason. The deciders enforce the exact
 * rules; these are the widest values any of them can produce, so a credit above one was not made by them.
 */
export interface IssuanceBound {
  perCredit: Partial<Record<Currency, bigint>>;
  perAccount?: { period: BoundPeriod; max: Partial<Record<Currency, bigint>> };
}

function units(amounts: Partial<Record<Currency, number>>): Partial<Record<Currency, bigint>> {
  const minor: Partial<Record<Currency, bigint>> = {};
  for (const [currency, amount] of Object.entries(amounts) as [Currency, number][])
    minor[currency] = BigInt(amount) * minorUnitsPerUnit(currency);
  return minor;
}

/** Demo floors of every persona (advertisers' moves, investors' dollars): a top-up never passes them. */
const DEMO_FLOOR = units({ points: 5_000, keys: 20, gems: 1_000, gold: 500, moves: 1_000, usd: 1_000 });

export const ISSUANCE_BOUNDS: Partial<Record<CreditReason, IssuanceBound>> = {
  ACCOUNT_OPENING: {
    perCredit: units({ points: 25, keys: 1 }),
    perAccount: { period: 'ever', max: units({ points: 25, keys: 1 }) },
  },
  // A top-up fills a sandbox up to its floor, once per UTC day: never more than the floor in a day.
  DEMO_FUNDING: { perCredit: DEMO_FLOOR, perAccount: { period: 'utc_day', max: DEMO_FLOOR } },
  // 250 to the referred user, 500 to the referrer (per referred account, so a referrer's total is open).
  REFERRAL_BONUS: { perCredit: units({ points: 500 }) },
  // Instagram at most 1,000 and influence at most 10,000, each once per calendar month.
  SOCIAL_ACTION_REWARD: {
    perCredit: units({ points: 10_000 }),
    perAccount: { period: 'calendar_month', max: units({ points: 11_000 }) },
  },
  ACHIEVEMENT_REWARD: { perCredit: units({ gold: 50 }) },
  // The largest credit is an external repost at the top multiplier: 120 × 2 points and ceil(240 / 20) keys; a day
  // holds at most 50 points of quick actions plus 10 external moves.
  ENGAGEMENT_REWARD: {
    perCredit: units({ points: 240, keys: 12 }),
    perAccount: { period: 'utc_day', max: units({ points: 50 + 10 * 240, keys: 10 * 12 }) },
  },
  GEM_PURCHASE: { perCredit: units({ gems: 250 }) },
  USD_TOP_UP: { perCredit: units({ usd: 1_000 }) },
  MOVES_PURCHASE: { perCredit: units({ moves: 1_000 }) },
  MOVES_ALLOWANCE: { perCredit: units({ moves: 500 }) },
};

function periodKey(period: BoundPeriod, occurredAt: string): string {
  if (period === 'ever') return 'ever';
  return period === 'utc_day' ? occurredAt.slice(0, 10) : occurredAt.slice(0, 7);
}

const PERIOD_WORDS: Record<BoundPeriod, string> = { ever: 'in all', utc_day: 'on UTC day', calendar_month: 'in month' };

/**
 * Holds each issuance against `ISSUANCE_BOUNDS`, in log order. Fed each `LedgerTransactionPosted` copy; only copy 0
 * counts (every copy holds the same postings). Pure: returns the findings' messages of the transaction it is given.
 */
export class IssuanceBoundsCheck {
  private readonly accountTotals = new Map<string, bigint>();

  add(transaction: PostedTransaction): string[] {
    if (transaction.copyIndex !== 0) return [];
    const bound = (ISSUANCE_BOUNDS as Record<string, IssuanceBound | undefined>)[transaction.reasonCode];
    if (!bound) return [];
    const credits = new Map<string, { account: string; currency: Currency; amountMinor: bigint }>();
    for (const posting of transaction.postings) {
      if (posting.debitAccount !== SYSTEM_ACCOUNTS.issuance) continue;
      const key = `${posting.creditAccount}|${posting.currency}`;
      const credit = credits.get(key) ?? {
        account: posting.creditAccount,
        currency: posting.currency,
        amountMinor: 0n,
      };
      credit.amountMinor += posting.amountMinor;
      credits.set(key, credit);
    }
    const findings: string[] = [];
    for (const { account, currency, amountMinor } of credits.values()) {
      const amount = `${formatMinor(amountMinor, currency)} ${currency}`;
      const perCredit = bound.perCredit[currency];
      if (perCredit !== undefined && amountMinor > perCredit) {
        findings.push(
          `Transaction ${transaction.transactionId} issues ${amount} to ${account} under ${transaction.reasonCode}; ` +
            `the rule bounds one credit to ${formatMinor(perCredit, currency)} ${currency}`,
        );
      }
      const perAccount = bound.perAccount?.max[currency];
      if (!bound.perAccount || perAccount === undefined) continue;
      const period = periodKey(bound.perAccount.period, transaction.occurredAt);
      const totalKey = `${transaction.reasonCode}|${account}|${currency}|${period}`;
      const before = this.accountTotals.get(totalKey) ?? 0n;
      const after = before + amountMinor;
      this.accountTotals.set(totalKey, after);
      // Reported once, when the total first passes the bound.
      if (before <= perAccount && after > perAccount) {
        const when =
          bound.perAccount.period === 'ever' ? PERIOD_WORDS.ever : `${PERIOD_WORDS[bound.perAccount.period]} ${period}`;
        findings.push(
          `${account} received ${formatMinor(after, currency)} ${currency} under ${transaction.reasonCode} ${when} ` +
            `(transaction ${transaction.transactionId}); ` +
            `the rule bounds it to ${formatMinor(perAccount, currency)} ${currency}`,
        );
      }
    }
    return findings;
  }
}
