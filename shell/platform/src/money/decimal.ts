import { CURRENCY_SCALES, type Currency, formatMinor, parseDecimalToMinor } from '@app/contracts/ledger';
import type { DecimalInput } from '../format/format';

/**
 * Exact arithmetic on amounts as the API sends them (JSON numbers or decimal text at the currency's scale), on the
 * ledger's own rules (`@app/contracts/ledger` currency.ts): parsed into bigint minor units, added there, and written
 * back as decimal text. No amount goes through a binary float on the way.
 */
export type { Currency };

/** The widest scale of any currency (gems and usd, 4 places): every balance the API shows fits it. */
const widestCurrency: Currency = (Object.keys(CURRENCY_SCALES) as Currency[]).reduce((widest, currency) =>
  CURRENCY_SCALES[currency] > CURRENCY_SCALES[widest] ? currency : widest,
);

/**
 * Minor units of `currency` in `value`; throws when it is not a decimal or has more places than the currency's scale.
 */
export function toMinor(value: DecimalInput, currency: Currency): bigint {
  const minor = parseDecimalToMinor(typeof value === 'bigint' ? value.toString() : value, currency);
  if (minor === null) throw new Error(`Not a ${currency} amount: ${String(value)}`);
  return minor;
}

/** Minor units as exact decimal text (5001n points → "500.1"). */
export function fromMinor(amountMinor: bigint, currency: Currency): string {
  return formatMinor(amountMinor, currency);
}

/** `values` added exactly, as decimal text of `currency`. */
export function sumAmounts(values: readonly DecimalInput[], currency: Currency): string {
  return fromMinor(
    values.reduce<bigint>((total, value) => total + toMinor(value, currency), 0n),
    currency,
  );
}

/** `left − right` exactly, as decimal text of `currency`. */
export function subtractAmounts(left: DecimalInput, right: DecimalInput, currency: Currency): string {
  return fromMinor(toMinor(left, currency) - toMinor(right, currency), currency);
}

/** True when `balance` is at least `cost` (exact comparison: 499.9 points do not cover 500). */
export function covers(balance: DecimalInput, cost: DecimalInput, currency: Currency): boolean {
  return toMinor(balance, currency) >= toMinor(cost, currency);
}

/**
 * Exact sum of amounts of different currencies (the wallet button's total of points, keys, gems and gold), at the
 * widest scale; throws on text that is not a decimal or has more places than any currency holds.
 */
export function sumDecimals(values: readonly DecimalInput[]): string {
  return sumAmounts(values, widestCurrency);
}

/** Points a dollar is worth (spec 1 §9: 1,000 points = $1). */
export const POINTS_PER_DOLLAR = 1000n;

/** What `points` are worth in dollars, exactly, as usd decimal text ("1500" → "1.5", "0.1" → "0.0001"). */
export function pointsInDollars(points: DecimalInput): string {
  const pointsMinor = toMinor(points, 'points');
  // points minor → usd minor: × 10^(usd scale) ÷ (10^(points scale) × points per dollar), exact for these scales.
  const numerator = pointsMinor * 10n ** BigInt(CURRENCY_SCALES.usd);
  const denominator = 10n ** BigInt(CURRENCY_SCALES.points) * POINTS_PER_DOLLAR;
  if (numerator % denominator !== 0n)
    throw new Error(`${String(points)} points are not a whole number of usd minor units`);
  return fromMinor(numerator / denominator, 'usd');
}
