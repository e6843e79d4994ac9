import { type DecimalInput, sumDecimals } from '@app/platform';

function negate(value: DecimalInput): string {
  const text = String(value).trim();
  return text.startsWith('-') ? text.slice(1) : `-${text}`;
}

/** True when `balance` is at least `cost`, compared exactly on the decimal text (no float rounding). */
export function covers(balance: DecimalInput, cost: DecimalInput): boolean {
  return !sumDecimals([balance, negate(cost)]).startsWith('-');
}

/** `left - right` as exact decimal text. */
export function subtractDecimals(left: DecimalInput, right: DecimalInput): string {
  return sumDecimals([left, negate(right)]);
}
