import { formatPlainDecimal } from './plain-decimal';

/**
 * Display formatting. Amounts arrive as exact decimal text (or numbers); Intl formats decimal strings
 * exactly, so no amount is pushed through a binary float on its way to the screen.
 */
export type DecimalInput = string | number | bigint;

const locale = 'en-US';

function toNumericText(value: DecimalInput): string {
  return typeof value === 'string' ? value.trim() : String(value);
}

// Building an Intl.NumberFormat costs far more than formatting with one (a page of balances spent tens of
// milliseconds of its first render on them), so each set of options builds its formatter once.
const numberFormats = new Map<string, Intl.NumberFormat>();

function numberFormat(options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = JSON.stringify(options);
  let formatter = numberFormats.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, formatter);
  }
  return formatter;
}

function formatFixed(value: DecimalInput, fractionDigits: number, options: Intl.NumberFormatOptions = {}): string {
  const text = toNumericText(value);
  // Plain decimal text in plain figures or US dollars needs no Intl (plain-decimal.ts); anything else does.
  const symbol = options.style === 'currency' ? (options.currency === 'USD' ? '$' : undefined) : '';
  const plain =
    symbol === undefined
      ? undefined
      : formatPlainDecimal(text, {
          minimumFractionDigits: fractionDigits,
          maximumFractionDigits: fractionDigits,
          symbol,
        });
  if (plain !== undefined) return plain;
  const formatter = numberFormat({
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
    ...options,
  });
  return formatter.format(text as Intl.StringNumericLiteral);
}

/** Counts as 950, 1.2K, 3.4M (followers, views, participants). */
export function formatCount(value: DecimalInput): string {
  const number = Number(toNumericText(value));
  if (!Number.isFinite(number)) return '0';
  const sign = number < 0 ? '-' : '';
  const magnitude = Math.abs(number);
  if (magnitude < 1000) return `${sign}${Math.round(magnitude)}`;
  const thousands = Math.round(magnitude / 100) / 10;
  if (thousands < 1000) return `${sign}${trimZeroFraction(thousands.toFixed(1))}K`;
  const millions = Math.round(magnitude / 100_000) / 10;
  return `${sign}${trimZeroFraction(millions.toFixed(1))}M`;
}

function trimZeroFraction(text: string): string {
  return text.endsWith('.0') ? text.slice(0, -2) : text;
}

/** Share prices always show 4 decimals. */
export function formatSharePrice(value: DecimalInput): string {
  return formatFixed(value, 4);
}

/** Money always shows 2 decimals with the currency symbol ($1,234.50). */
export function formatMoney(value: DecimalInput, currency = 'USD'): string {
  return formatFixed(value, 2, { style: 'currency', currency });
}

/** Currency balances (points, keys, gems, gold): grouping, and up to 2 decimals only when present. */
export function formatBalance(value: DecimalInput): string {
  const text = toNumericText(value);
  return (
    formatPlainDecimal(text, { minimumFractionDigits: 0, maximumFractionDigits: 2 }) ??
    numberFormat({ maximumFractionDigits: 2 }).format(text as Intl.StringNumericLiteral)
  );
}

/** '5 minutes ago', '3 hours ago', '2 days ago' (notifications). */
export function formatRelativeTime(timestamp: string | number | Date, now: Date = new Date()): string {
  const elapsedMilliseconds = now.getTime() - new Date(timestamp).getTime();
  const minutes = Math.max(0, Math.floor(elapsedMilliseconds / 60_000));
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'} ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} hour${hours === 1 ? '' : 's'} ago`;
  const days = Math.floor(hours / 24);
  return `${days} day${days === 1 ? '' : 's'} ago`;
}

/** Badge text capped the way the spec caps the notification count. */
export function formatBadgeCount(count: number, cap = 9): string {
  return count > cap ? `${cap}+` : String(count);
}
