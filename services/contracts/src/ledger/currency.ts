import { z } from 'zod';

/**
 * The six currencies and the fixed scale (decimal places of the minor unit) of each. Amounts are integers of minor
 * units everywhere (bigint in code, strings in JSON payloads of events, numeric in SQL). The scales are chosen so
 * that every rule in the spec is exact:
 * - points, scale 1: a like earns 0.1 point and tier multipliers floor to one decimal (1.5 × 0.1 → 0.1);
 *   500 points buy a key; 1,000 points are $1, so 0.1 point is exactly $0.0001.
 * - keys, scale 0: keys are whole (costs, rewards and conversions are integers).
 * - gems, scale 4: gems move in steps of 0.01 and share prices (funding ÷ total shares) show 4 decimals.
 * - gold, scale 0: gold costs and rewards are whole numbers.
 * - usd, scale 4: cents with two more digits, so $0.0001 (0.1 point) and share prices at 4 decimals are exact.
 * - moves, scale 2: inventories are whole, but campaign costs derive from budgets in steps of 0.01.
 */
export const CURRENCIES = ['points', 'keys', 'gems', 'gold', 'usd', 'moves'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const CurrencySchema = z.enum(CURRENCIES);

export const CURRENCY_SCALES: Readonly<Record<Currency, number>> = Object.freeze({
  points: 1,
  keys: 0,
  gems: 4,
  gold: 0,
  usd: 4,
  moves: 2,
});

/** Minor units in one whole unit of the currency (10^scale). */
export function minorUnitsPerUnit(currency: Currency): bigint {
  return 10n ** BigInt(CURRENCY_SCALES[currency]);
}

/** Renders minor units as an exact decimal string at the currency's scale, e.g. 5001n points → "500.1". */
export function formatMinor(amountMinor: bigint, currency: Currency): string {
  const scale = CURRENCY_SCALES[currency];
  const negative = amountMinor < 0n;
  const digits = (negative ? -amountMinor : amountMinor).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = scale > 0 ? digits.slice(digits.length - scale).replace(/0+$/, '') : '';
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/**
 * The API shows balances as JSON numbers because the screens add them up (the header's wallet sum) and compare
 * them (`keys_balance >= key_cost`). A decimal with at most 4 places and under 2^53 / 10^4 round-trips exactly
 * through a double, which covers any balance this product can hold.
 */
export function minorToApiNumber(amountMinor: bigint, currency: Currency): number {
  return Number(formatMinor(amountMinor, currency));
}

const decimalPattern = /^(-)?(\d+)(?:\.(\d+))?$/;

/**
 * Parses a decimal (string or number) into minor units exactly; returns null when the value has more decimals than
 * the currency's scale or is not a plain decimal. Numbers go through their shortest decimal rendering.
 */
export function parseDecimalToMinor(value: string | number, currency: Currency): bigint | null {
  const text = typeof value === 'number' ? numberToPlainDecimal(value) : value.trim();
  if (text === null) return null;
  const match = decimalPattern.exec(text);
  if (!match) return null;
  const [, sign, whole, fraction = ''] = match;
  const scale = CURRENCY_SCALES[currency];
  const significantFraction = fraction.replace(/0+$/, '');
  if (significantFraction.length > scale) return null;
  const amount = BigInt(whole) * minorUnitsPerUnit(currency) + BigInt(significantFraction.padEnd(scale, '0') || '0');
  return sign ? -amount : amount;
}

function numberToPlainDecimal(value: number): string | null {
  if (!Number.isFinite(value)) return null;
  const text = String(value);
  if (!/e/i.test(text)) return text;
  // Exponent notation only appears for tiny or huge numbers; toFixed gives the plain digits for the small ones.
  if (Math.abs(value) < 1) return value.toFixed(20).replace(/0+$/, '');
  return BigInt(Math.trunc(value)) === BigInt(value) ? BigInt(value).toString() : null;
}

/** An amount of minor units as carried in JSON (a string of an integer). */
export const MinorAmountStringSchema = z.string().regex(/^-?\d+$/, 'an integer amount of minor units');
