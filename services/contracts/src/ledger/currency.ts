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

type DecimalReading =
  { kind: 'amount'; amountMinor: bigint } | { kind: 'not-a-decimal' | 'too-many-decimals' | 'too-many-digits' };

/**
 * The one reading of a plain decimal text ("-12.50") into minor units of a currency, digit by digit (no float).
 * `maxWholeDigits` refuses a longer whole part before building it (a request may carry a megabyte of digits).
 */
function readDecimal(text: string, currency: Currency, maxWholeDigits = Number.POSITIVE_INFINITY): DecimalReading {
  const match = decimalPattern.exec(text);
  if (!match) return { kind: 'not-a-decimal' };
  const [, sign, whole, fraction = ''] = match;
  const scale = CURRENCY_SCALES[currency];
  const significantFraction = fraction.replace(/0+$/, '');
  if (significantFraction.length > scale) return { kind: 'too-many-decimals' };
  if (whole.replace(/^0+(?=\d)/, '').length > maxWholeDigits) return { kind: 'too-many-digits' };
  const amount = BigInt(whole) * minorUnitsPerUnit(currency) + BigInt(significantFraction.padEnd(scale, '0') || '0');
  return { kind: 'amount', amountMinor: sign ? -amount : amount };
}

/**
 * Parses a decimal (string or number) into minor units exactly; returns null when the value has more decimals than
 * the currency's scale or is not a plain decimal. Numbers go through their shortest decimal rendering. For amounts
 * in requests, which must also be bounded and non-negative, use `parseRequestAmount` / `amountField`.
 */
export function parseDecimalToMinor(value: string | number, currency: Currency): bigint | null {
  const text = typeof value === 'number' ? numberToPlainDecimal(value) : value.trim();
  if (text === null) return null;
  const reading = readDecimal(text, currency);
  return reading.kind === 'amount' ? reading.amountMinor : null;
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

/**
 * How a request may name an amount of one currency: its label in messages ('Gem reward'), the currency (whose scale
 * fixes the decimals allowed) and the inclusive bounds in whole units. Every money field of every request schema
 * goes through `parseRequestAmount` (or its zod form `amountField`), so each is parsed exactly and bounded.
 */
export interface AmountFieldRule {
  label: string;
  currency: Currency;
  /** Smallest amount accepted, in whole units (default 0). */
  min?: number;
  /** Largest amount accepted, in whole units: a safe integer, documented beside each field. */
  max: number;
}

export type AmountParse = { ok: true; amountMinor: bigint } | { ok: false; message: string };

/**
 * Whole units with thousands separators, e.g. 1000000 → "1,000,000" (messages name bounds the way people read them).
 */
export function formatWholeUnits(value: number): string {
  return BigInt(Math.trunc(value))
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * Parses an amount from a request exactly, into minor units of the rule's currency. Accepted: a decimal string
 * ("12.5", surrounding spaces ignored) or a JSON number that is a safe integer or a plain decimal whose shortest
 * rendering has at most the currency's decimals (0.1 is "0.1"). Nothing goes through a binary float: digits are
 * read as digits, so "12345678901234567890123" is refused as too large rather than rounded. Refused, each with a
 * sentence naming the problem: anything else (NaN, Infinity, "1e3", "0x10", "+1", ""), negative amounts, more
 * decimals than the scale, and amounts outside [min, max].
 */
export function parseRequestAmount(value: unknown, rule: AmountFieldRule): AmountParse {
  const scale = CURRENCY_SCALES[rule.currency];
  const notANumber: AmountParse = { ok: false, message: `${rule.label} must be a number` };
  const tooLarge: AmountParse = { ok: false, message: `${rule.label} must be at most ${formatWholeUnits(rule.max)}` };
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return notANumber;
    // Beyond 2^53 a JSON number is no longer the integer that was written: refuse it by its size, the real problem.
    if (Math.abs(value) > Number.MAX_SAFE_INTEGER)
      return value < 0 ? { ok: false, message: `${rule.label} must not be negative` } : tooLarge;
    text = String(value);
    // Exponent notation below 2^53 means a tiny fraction (1e-7): more decimals than any scale.
    if (/e/i.test(text)) return { ok: false, message: decimalsMessage(rule.label, scale) };
  } else if (typeof value === 'string') {
    text = value.trim();
  } else {
    return notANumber;
  }
  // A negative amount is refused as such, whatever else is wrong with it ("-0" is zero).
  if (/^-\d*(\.\d*)?$/.test(text) && /[1-9]/.test(text))
    return { ok: false, message: `${rule.label} must not be negative` };
  // A bound is a safe integer (16 digits at most), so a longer whole part is too large without building it.
  const reading = readDecimal(text, rule.currency, 16);
  if (reading.kind !== 'amount') {
    if (reading.kind === 'too-many-decimals') return { ok: false, message: decimalsMessage(rule.label, scale) };
    return reading.kind === 'too-many-digits' ? tooLarge : notANumber;
  }
  const amountMinor = reading.amountMinor < 0n ? 0n : reading.amountMinor;
  if (amountMinor > BigInt(rule.max) * minorUnitsPerUnit(rule.currency)) return tooLarge;
  const min = rule.min ?? 0;
  if (amountMinor < BigInt(Math.ceil(min * 10 ** scale)))
    return {
      ok: false,
      message: `${rule.label} must be at least ${formatMinor(BigInt(Math.ceil(min * 10 ** scale)), rule.currency)}`,
    };
  return { ok: true, amountMinor };
}

function decimalsMessage(label: string, scale: number): string {
  if (scale === 0) return `${label} must be a whole number`;
  return `${label} must have at most ${scale} decimal${scale === 1 ? '' : 's'}`;
}

/**
 * The zod form of `parseRequestAmount`: accepts a JSON number or a decimal string and gives the exact amount in
 * minor units (bigint). The OpenAPI document shows the input (number or string) with the field's bounds.
 */
export function amountField(rule: AmountFieldRule) {
  const decimals = CURRENCY_SCALES[rule.currency];
  return z
    .union([z.number(), z.string()], { error: `${rule.label} must be a number` })
    .transform((value, context): bigint => {
      const parsed = parseRequestAmount(value, rule);
      if (!parsed.ok) {
        context.addIssue({ code: 'custom', message: parsed.message });
        return z.NEVER;
      }
      return parsed.amountMinor;
    })
    .meta({
      description:
        `${rule.label} in ${rule.currency}: a number or decimal string, ` +
        `${formatWholeUnits(rule.min ?? 0)} to ${formatWholeUnits(rule.max)}, ` +
        (decimals === 0 ? 'whole' : `at most ${decimals} decimal${decimals === 1 ? '' : 's'}`),
    });
}
