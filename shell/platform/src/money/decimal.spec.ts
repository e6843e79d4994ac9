import { covers, fromMinor, pointsInDollars, subtractAmounts, sumAmounts, sumDecimals, toMinor } from './decimal';

describe('exact amounts on the contracts currency rules', () => {
  it('parses API amounts into minor units at the currency scale, numbers and text alike', () => {
    expect(toMinor('500.1', 'points')).toBe(5001n);
    expect(toMinor(500.1, 'points')).toBe(5001n);
    expect(toMinor('12.5', 'gems')).toBe(125000n);
    expect(toMinor(3n, 'keys')).toBe(3n);
    expect(toMinor('-2.25', 'moves')).toBe(-225n);
  });

  it('refuses text that is no amount of the currency', () => {
    expect(() => toMinor('abc', 'points')).toThrow('Not a points amount: abc');
    expect(() => toMinor('0.05', 'points')).toThrow('Not a points amount');
    expect(() => toMinor('1.5', 'keys')).toThrow('Not a keys amount');
    expect(() => toMinor(Number.NaN, 'gems')).toThrow();
  });

  it('writes minor units back as decimal text without trailing zeros', () => {
    expect(fromMinor(5001n, 'points')).toBe('500.1');
    expect(fromMinor(125000n, 'gems')).toBe('12.5');
    expect(fromMinor(-5n, 'usd')).toBe('-0.0005');
  });

  it('adds and subtracts where floats would not (0.1 + 0.2 is 0.3)', () => {
    expect(sumAmounts(['0.1', '0.2'], 'points')).toBe('0.3');
    expect(sumAmounts([0.1, 0.2], 'gems')).toBe('0.3');
    expect(sumAmounts([], 'keys')).toBe('0');
    expect(subtractAmounts('500', '0.1', 'points')).toBe('499.9');
    expect(subtractAmounts('1', '2.5', 'gems')).toBe('-1.5');
  });

  it('says whether a balance covers a cost, exactly at the boundary', () => {
    expect(covers('500', 500, 'points')).toBe(true);
    expect(covers('499.9', 500, 'points')).toBe(false);
    expect(covers(2, '2.0001', 'gems')).toBe(false);
    expect(covers('0', 0, 'gold')).toBe(true);
  });

  it('sums balances of different currencies at the widest scale', () => {
    expect(sumDecimals(['1500', '3', '12.5', '0.25'])).toBe('1515.75');
    expect(sumDecimals(['1500', '3', '12.75', '0'])).toBe('1515.75');
    expect(sumDecimals([10, '-2.5'])).toBe('7.5');
    expect(sumDecimals([])).toBe('0');
    expect(() => sumDecimals(['abc'])).toThrow('Not a');
    expect(() => sumDecimals(['0.00001'])).toThrow('Not a');
  });

  it('prices points in dollars at 1,000 points a dollar, down to 0.1 point', () => {
    expect(pointsInDollars('1500')).toBe('1.5');
    expect(pointsInDollars('7')).toBe('0.007');
    expect(pointsInDollars('0')).toBe('0');
    expect(pointsInDollars('0.1')).toBe('0.0001');
    expect(pointsInDollars(-2000)).toBe('-2');
  });
});
