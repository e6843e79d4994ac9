import {
  CURRENCY_SCALES,
  formatMinor,
  minorToApiNumber,
  minorUnitsPerUnit,
  parseDecimalToMinor,
} from '../src/ledger/currency';

// The currency rules every amount in the API and the screens goes through (the platform's exact amounts build on
// them): scales, minor units to text and back, and the JSON number an answer carries.
describe('currency scales and minor units', () => {
  it('keeps the documented scale of each currency', () => {
    expect(CURRENCY_SCALES).toEqual({ points: 1, keys: 0, gems: 4, gold: 0, usd: 4, moves: 2 });
    expect(minorUnitsPerUnit('points')).toBe(10n);
    expect(minorUnitsPerUnit('keys')).toBe(1n);
    expect(minorUnitsPerUnit('usd')).toBe(10_000n);
  });

  it('writes minor units as exact decimal text, trailing zeros dropped', () => {
    expect(formatMinor(5001n, 'points')).toBe('500.1');
    expect(formatMinor(5000n, 'points')).toBe('500');
    expect(formatMinor(1n, 'usd')).toBe('0.0001');
    expect(formatMinor(-125000n, 'gems')).toBe('-12.5');
    expect(formatMinor(0n, 'moves')).toBe('0');
    expect(formatMinor(123456789012345678901234567890n, 'keys')).toBe('123456789012345678901234567890');
  });

  it('parses decimal text and JSON numbers exactly, refusing more places than the scale', () => {
    expect(parseDecimalToMinor('500.1', 'points')).toBe(5001n);
    expect(parseDecimalToMinor(' 12.50 ', 'gems')).toBe(125000n);
    expect(parseDecimalToMinor(0.1, 'points')).toBe(1n);
    expect(parseDecimalToMinor(1e-4, 'usd')).toBe(1n);
    expect(parseDecimalToMinor('-2.25', 'moves')).toBe(-225n);
    expect(parseDecimalToMinor('0.05', 'points')).toBeNull();
    expect(parseDecimalToMinor('1.5', 'keys')).toBeNull();
    expect(parseDecimalToMinor('1e3', 'keys')).toBeNull();
    expect(parseDecimalToMinor('abc', 'gold')).toBeNull();
    expect(parseDecimalToMinor(Number.POSITIVE_INFINITY, 'gold')).toBeNull();
  });

  it('round-trips text → minor units → text at every scale', () => {
    for (const [currency, text] of [
      ['points', '1234.5'],
      ['gems', '0.0001'],
      ['usd', '99.9999'],
      ['moves', '7.05'],
      ['keys', '42'],
      ['gold', '0'],
    ] as const) {
      expect(formatMinor(parseDecimalToMinor(text, currency)!, currency)).toBe(text);
    }
  });

  it('gives answers a JSON number holding the exact decimal', () => {
    expect(minorToApiNumber(5001n, 'points')).toBe(500.1);
    expect(minorToApiNumber(1n, 'usd')).toBe(0.0001);
    expect(minorToApiNumber(-7n, 'keys')).toBe(-7);
  });
});
