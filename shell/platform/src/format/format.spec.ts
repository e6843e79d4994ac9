import {
  formatBadgeCount,
  formatBalance,
  formatCount,
  formatMoney,
  formatRelativeTime,
  formatSharePrice,
} from './format';

describe('formatting', () => {
  it('abbreviates counts with K and M', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1000)).toBe('1K');
    expect(formatCount(1250)).toBe('1.3K');
    expect(formatCount('15400')).toBe('15.4K');
    expect(formatCount(999_960)).toBe('1M');
    expect(formatCount(2_500_000)).toBe('2.5M');
    expect(formatCount(-1500)).toBe('-1.5K');
  });

  it('shows share prices with exactly 4 decimals, without float drift', () => {
    expect(formatSharePrice('1.5')).toBe('1.5000');
    expect(formatSharePrice('0.123456')).toBe('0.1235');
    expect(formatSharePrice('1234.00005')).toBe('1,234.0001');
  });

  it('shows money with 2 decimals and the currency symbol', () => {
    expect(formatMoney('1234.5')).toBe('$1,234.50');
    expect(formatMoney(0)).toBe('$0.00');
    // 1.005 as a float is 1.00499999…; as exact decimal text it rounds half-up as written.
    expect(formatMoney('1.005')).toBe('$1.01');
  });

  it('formats balances with grouping and at most 2 decimals', () => {
    expect(formatBalance('12500')).toBe('12,500');
    expect(formatBalance('3.25')).toBe('3.25');
  });

  it('caps the badge count at 9+', () => {
    expect(formatBadgeCount(3)).toBe('3');
    expect(formatBadgeCount(9)).toBe('9');
    expect(formatBadgeCount(10)).toBe('9+');
  });

  it('shows relative time in minutes, hours or days', () => {
    const now = new Date('2026-01-10T12:00:00Z');
    expect(formatRelativeTime('2026-01-10T11:55:00Z', now)).toBe('5 minutes ago');
    expect(formatRelativeTime('2026-01-10T09:00:00Z', now)).toBe('3 hours ago');
    expect(formatRelativeTime('2026-01-08T12:00:00Z', now)).toBe('2 days ago');
  });
});
