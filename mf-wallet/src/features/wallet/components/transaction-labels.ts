import { CURRENCIES, type Currency, TRANSACTION_TYPES, type TransactionResponse } from '@app/contracts/ledger';

export const CURRENCY_LABELS: Record<Currency, string> = {
  points: 'Points',
  keys: 'Keys',
  gems: 'Gems',
  gold: 'Gold',
  usd: 'USD',
  moves: 'Moves',
};

export const CURRENCY_OPTIONS = CURRENCIES.map((currency) => ({ value: currency, label: CURRENCY_LABELS[currency] }));

export function currencyLabel(currency: string): string {
  return (CURRENCY_LABELS as Record<string, string>)[currency] ?? currency;
}

// The wallet's ONE mapping of ledger transaction types to what it shows. The types themselves (reason code in lower
// case, or the spec's names such as task_payment and withdrawal) come from the contracts' `transactionTypeOf`, the
// function the ledger's projection writes them with: nothing here repeats that table.

/** 'task_payment' → 'Task payment'. */
export function transactionTypeLabel(type: string): string {
  const words = type.replace(/_/g, ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

let transactionTypeOptionsSorted: { value: string; label: string }[] | undefined;

/**
 * The type filter's options: every type a row can have except the account opening grant. Sorted on first use (the
 * Transactions tab), not when the wallet loads: the first localeCompare of a page sets up the browser's collator,
 * which cost the wallet's first screen a long task.
 */
export function transactionTypeOptions(): { value: string; label: string }[] {
  transactionTypeOptionsSorted ??= TRANSACTION_TYPES.filter((type) => type !== 'account_opening')
    .map((type) => ({ value: type, label: transactionTypeLabel(type) }))
    .sort((left, right) => left.label.localeCompare(right.label));
  return transactionTypeOptionsSorted;
}

export type StatusTone = 'warning' | 'success' | 'danger' | 'neutral';

const STATUS_TONES: Record<TransactionResponse['status'], StatusTone> = {
  pending: 'warning',
  completed: 'success',
  captured: 'success',
  reversed: 'danger',
  released: 'neutral',
  expired: 'neutral',
};

/**
 * A withdrawal is one row (its hold): pending while the payout runs, then completed (paid out) or released / expired
 * (the payout failed and the amount came back). Spec 3 §7 names these pending → processed | failed.
 */
const WITHDRAWAL_STATUSES: Partial<Record<TransactionResponse['status'], { label: string; tone: StatusTone }>> = {
  pending: { label: 'pending', tone: 'warning' },
  completed: { label: 'processed', tone: 'success' },
  released: { label: 'failed', tone: 'danger' },
  expired: { label: 'failed', tone: 'danger' },
};

/** The status a row shows, and its badge tone. */
export function transactionStatus(row: Pick<TransactionResponse, 'transaction_type' | 'status'>): {
  label: string;
  tone: StatusTone;
} {
  if (row.transaction_type === 'withdrawal') {
    const status = WITHDRAWAL_STATUSES[row.status];
    if (status) return status;
  }
  return { label: row.status, tone: STATUS_TONES[row.status] ?? 'success' };
}
