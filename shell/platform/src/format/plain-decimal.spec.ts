import fc from 'fast-check';
import { formatPlainDecimal } from './plain-decimal';

// The screens must show the same text as before (Intl.NumberFormat en-US): compared on every kind of decimal text.
const intl = (text: string, minimum: number, maximum: number, currency?: string) =>
  new Intl.NumberFormat('en-US', {
    minimumFractionDigits: minimum,
    maximumFractionDigits: maximum,
    ...(currency ? { style: 'currency', currency } : {}),
  }).format(text as Intl.StringNumericLiteral);

const decimalText = fc
  .tuple(
    fc.constantFrom('', '-', '+'),
    fc.stringMatching(/^\d{0,22}$/),
    fc.option(fc.stringMatching(/^\d{0,12}$/), { nil: undefined }),
  )
  .filter(([, integer, fraction]) => integer.length + (fraction ?? '').length > 0)
  .map(([sign, integer, fraction]) => `${sign}${integer}${fraction === undefined ? '' : `.${fraction}`}`);

describe('formatPlainDecimal', () => {
  it('writes what Intl.NumberFormat en-US writes for balances, prices and dollars', () => {
    fc.assert(
      fc.property(decimalText, (text) => {
        expect(formatPlainDecimal(text, { minimumFractionDigits: 0, maximumFractionDigits: 2 })).toBe(intl(text, 0, 2));
        expect(formatPlainDecimal(text, { minimumFractionDigits: 4, maximumFractionDigits: 4 })).toBe(intl(text, 4, 4));
        expect(formatPlainDecimal(text, { minimumFractionDigits: 2, maximumFractionDigits: 2, symbol: '$' })).toBe(
          intl(text, 2, 2, 'USD'),
        );
      }),
      { numRuns: 2000 },
    );
  });

  it('rounds half away from zero on the written digits, keeps the sign of a negative zero, groups thousands', () => {
    const balance = { minimumFractionDigits: 0, maximumFractionDigits: 2 };
    expect(formatPlainDecimal('999.995', balance)).toBe('1,000');
    expect(formatPlainDecimal('-0.005', balance)).toBe('-0.01');
    expect(formatPlainDecimal('-0.001', balance)).toBe('-0');
    expect(formatPlainDecimal('0001234567.5', balance)).toBe('1,234,567.5');
    expect(formatPlainDecimal('.5', balance)).toBe('0.5');
  });

  it('leaves to Intl what is not plain decimal text', () => {
    const balance = { minimumFractionDigits: 0, maximumFractionDigits: 2 };
    for (const text of ['1e+21', '1e-7', 'Infinity', 'NaN', '', '.', '1,000', '12abc']) {
      expect(formatPlainDecimal(text, balance)).toBeUndefined();
    }
  });
});
