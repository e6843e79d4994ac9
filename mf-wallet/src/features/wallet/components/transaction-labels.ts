import { CURRENCIES, type Currency, REASON_CODES } from '@app/contracts/ledger';

export const CURRENCY_LABELS: Record<Currency, string> = { points: 'Points', keys: 'Keys', gems: 'Gems', gold: 'Gold', usd: 'USD', moves: 'Moves' };

export const CURRENCY_OPTIONS = CURRENCIES.map((currency) => ({ value: currency, label: CURRENCY_LABELS[currency] }));

// The ledger names a row's type after its reason code, lower case, with the spec's four names for drop rewards,
// referral bonuses, staking rewards and withdrawals (services/api ledger `transactionTypeOf`).
const SPEC_TYPE_NAMES: Partial<Record<string, string>> = {
  DROP_REWARD: 'task_payment',
  REFERRAL_BONUS: 'referral_bonus',
  STAKING_REWARD: 'staking_reward',
  WITHDRAWAL: 'withdrawal',
};

/** 'task_payment' → 'Task payment'. */
export function transactionTypeLabel(type: string): string {
  const words = type.replace(/_/g, ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export const TRANSACTION_TYPE_OPTIONS = REASON_CODES.filter((code) => code !== 'ACCOUNT_OPENING')
  .map((code) => SPEC_TYPE_NAMES[code] ?? code.toLowerCase())
  .map((type) => ({ value: type, label: transactionTypeLabel(type) }))
  .sort((left, right) => left.label.localeCompare(right.label));

export function currencyLabel(currency: string): string {
  return (CURRENCY_LABELS as Record<string, string>)[currency] ?? currency;
}
