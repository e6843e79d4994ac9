/**
 * en-US number formatting of plain decimal text (`-1234.565`), exact, without Intl (issue 45): the first
 * `new Intl.NumberFormat` of a page loads the locale's data and was the costliest function of a signed-in first
 * render (150–230 ms of main thread at 4x CPU). Gives what Intl.NumberFormat('en-US', …) gives for the same text:
 * grouping by thousands, rounding half away from zero (Intl's default `halfExpand`), a minus sign kept on a value
 * that rounds to zero (`-0`). Text that is not a plain decimal (exponents, `Infinity`, empty) answers undefined, for
 * the caller to hand to Intl.
 */
const plainDecimal = /^([-+]?)(\d*)(?:\.(\d*))?$/;

export interface PlainDecimalFormat {
  minimumFractionDigits: number;
  maximumFractionDigits: number;
  /** Written after the sign and before the digits: `$` for US dollars (`-$1,234.50`). */
  symbol?: string;
}

export function formatPlainDecimal(text: string, format: PlainDecimalFormat): string | undefined {
  const match = plainDecimal.exec(text);
  if (!match) return undefined;
  const [, sign, integerDigits = '', fractionDigits = ''] = match;
  if (integerDigits.length + fractionDigits.length === 0) return undefined;
  const { minimumFractionDigits: minimum, maximumFractionDigits: maximum } = format;
  // The magnitude in units of the last kept decimal, rounded half away from zero on the first dropped digit.
  let scaled = BigInt(`${integerDigits || '0'}${fractionDigits.slice(0, maximum).padEnd(maximum, '0')}`);
  if ((fractionDigits[maximum] ?? '0') >= '5') scaled += 1n;
  const digits = scaled.toString().padStart(maximum + 1, '0');
  const integerPart = digits.slice(0, digits.length - maximum);
  let fractionPart = digits.slice(digits.length - maximum);
  while (fractionPart.length > minimum && fractionPart.endsWith('0')) fractionPart = fractionPart.slice(0, -1);
  const grouped = integerPart.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign === '-' ? '-' : ''}${format.symbol ?? ''}${grouped}${fractionPart ? `.${fractionPart}` : ''}`;
}
