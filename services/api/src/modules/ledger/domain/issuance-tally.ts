import type { Currency } from '@app/contracts/ledger';
import { SYSTEM_ACCOUNTS } from './accounts';
import type { LedgerEvent } from './events';
import { undocumentedIssuance } from './issuance-rules';

type PostedTransaction = Extract<LedgerEvent, { type: 'LedgerTransactionPosted' }>['data'];

export interface IssuanceTotal {
  reasonCode: string;
  currency: Currency;
  totalMinor: bigint;
  credits: number;
  largestMinor: bigint;
  /** Why this reason may not issue this currency (see `CREDIT_RULES`), or null when documented. */
  undocumented: string | null;
  /** The first transaction of an undocumented pair, for the finding. */
  firstTransactionId: string;
}

export interface IssuanceDay {
  day: string;
  reasonCode: string;
  currency: Currency;
  totalMinor: bigint;
  credits: number;
}

export interface IssuanceReceiver {
  accountId: string;
  currency: Currency;
  totalMinor: bigint;
  credits: number;
}

/**
 * Credits out of `system:issuance`, per reason and currency, per UTC day and per receiving account: where new money
 * came from. Fed each `LedgerTransactionPosted` copy; only copy 0 counts (every copy holds the same postings), so a
 * referral paying two users is counted once. Pure: the audit and the admin report feed it events they read.
 */
export class IssuanceTally {
  private readonly totals = new Map<string, IssuanceTotal>();
  private readonly days = new Map<string, IssuanceDay>();
  private readonly receivers = new Map<string, IssuanceReceiver>();

  add(transaction: PostedTransaction, day: string): void {
    if (transaction.copyIndex !== 0) return;
    for (const posting of transaction.postings) {
      if (posting.debitAccount !== SYSTEM_ACCOUNTS.issuance) continue;
      const { reasonCode } = transaction;
      const { currency, amountMinor, creditAccount } = posting;
      const totalKey = `${reasonCode}|${currency}`;
      const total = this.totals.get(totalKey) ?? {
        reasonCode,
        currency,
        totalMinor: 0n,
        credits: 0,
        largestMinor: 0n,
        undocumented: undocumentedIssuance(reasonCode, currency),
        firstTransactionId: transaction.transactionId,
      };
      total.totalMinor += amountMinor;
      total.credits += 1;
      if (amountMinor > total.largestMinor) total.largestMinor = amountMinor;
      this.totals.set(totalKey, total);
      const dayKey = `${day}|${totalKey}`;
      const perDay = this.days.get(dayKey) ?? { day, reasonCode, currency, totalMinor: 0n, credits: 0 };
      perDay.totalMinor += amountMinor;
      perDay.credits += 1;
      this.days.set(dayKey, perDay);
      const receiverKey = `${creditAccount}|${currency}`;
      const receiver = this.receivers.get(receiverKey) ?? {
        accountId: creditAccount,
        currency,
        totalMinor: 0n,
        credits: 0,
      };
      receiver.totalMinor += amountMinor;
      receiver.credits += 1;
      this.receivers.set(receiverKey, receiver);
    }
  }

  /** Per reason and currency, reasons in alphabetical order. */
  byReason(): IssuanceTotal[] {
    return [...this.totals.values()].sort(
      (left, right) => left.reasonCode.localeCompare(right.reasonCode) || left.currency.localeCompare(right.currency),
    );
  }

  /** Per UTC day, reason and currency, oldest day first. */
  byDay(): IssuanceDay[] {
    return [...this.days.values()].sort(
      (left, right) =>
        left.day.localeCompare(right.day) ||
        left.reasonCode.localeCompare(right.reasonCode) ||
        left.currency.localeCompare(right.currency),
    );
  }

  /** The accounts that received the most, per currency (at most `limit` each), largest first. */
  topReceivers(limit: number): IssuanceReceiver[] {
    const byCurrency = new Map<Currency, IssuanceReceiver[]>();
    for (const receiver of this.receivers.values())
      byCurrency.set(receiver.currency, [...(byCurrency.get(receiver.currency) ?? []), receiver]);
    return [...byCurrency.keys()].sort().flatMap((currency) =>
      byCurrency
        .get(currency)!
        .sort((left, right) =>
          left.totalMinor === right.totalMinor
            ? left.accountId.localeCompare(right.accountId)
            : left.totalMinor > right.totalMinor
              ? -1
              : 1,
        )
        .slice(0, limit),
    );
  }
}
