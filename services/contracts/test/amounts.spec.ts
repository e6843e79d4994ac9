import fc from 'fast-check';
import { ConvertCurrencyRequestSchema } from '../src/ledger/http';
import {
  CURRENCY_SCALES,
  CURRENCIES,
  amountField,
  formatMinor,
  parseRequestAmount,
  type AmountFieldRule,
  type Currency,
} from '../src/ledger/currency';
import { CreateDropRequestSchema, DROP_AMOUNT_BOUNDS, DROP_MESSAGES } from '../src/drops/http';

/**
 * Issue 19 §3 "Numbers": money in requests is parsed exactly (digits, never through a float) from decimal strings or
 * JSON numbers at the currency's scale, bounded per field, and refused with a message naming the real problem.
 * Before, `move_cost_points: 1e308` was stored as a 309-digit amount and "12345678901234567890123" lost precision
 * through `Number()`.
 */
const gems: AmountFieldRule = { label: 'Amount', currency: 'gems', max: 1_000_000 };

describe('parseRequestAmount', () => {
  it('reads decimal strings and JSON numbers exactly into minor units', () => {
    expect(parseRequestAmount('12.5', gems)).toEqual({ ok: true, amountMinor: 125_000n });
    expect(parseRequestAmount(' 0.0001 ', gems)).toEqual({ ok: true, amountMinor: 1n });
    expect(parseRequestAmount(0.1, gems)).toEqual({ ok: true, amountMinor: 1_000n });
    expect(parseRequestAmount(1_000_000, gems)).toEqual({ ok: true, amountMinor: 10_000_000_000n });
    expect(parseRequestAmount('1000000.0000', gems)).toEqual({ ok: true, amountMinor: 10_000_000_000n });
    expect(parseRequestAmount('007.50', gems)).toEqual({ ok: true, amountMinor: 75_000n });
    expect(parseRequestAmount('0', { label: 'Keys', currency: 'keys', max: 10 })).toEqual({
      ok: true,
      amountMinor: 0n,
    });
  });

  it('names the problem: not a number, negative, too many decimals, too large, too small', () => {
    const refused = (value: unknown, rule: AmountFieldRule = gems) => {
      const parsed = parseRequestAmount(value, rule);
      return parsed.ok ? `accepted ${parsed.amountMinor}` : parsed.message;
    };
    expect(refused(1e308)).toBe('Amount must be at most 1,000,000');
    expect(refused('12345678901234567890123')).toBe('Amount must be at most 1,000,000');
    expect(refused('9'.repeat(100_000))).toBe('Amount must be at most 1,000,000');
    expect(refused(1_000_000.0001)).toBe('Amount must be at most 1,000,000');
    expect(refused(Number.NaN)).toBe('Amount must be a number');
    expect(refused(Number.POSITIVE_INFINITY)).toBe('Amount must be a number');
    for (const text of ['NaN', 'Infinity', '1e3', '0x10', '+1', '', ' ', '1.', '.5', '1,000', '１'])
      expect(refused(text)).toBe('Amount must be a number');
    for (const value of [null, undefined, true, {}, [], 10n]) expect(refused(value)).toBe('Amount must be a number');
    expect(refused(-5)).toBe('Amount must not be negative');
    expect(refused('-0.0001')).toBe('Amount must not be negative');
    expect(refused(-1e308)).toBe('Amount must not be negative');
    expect(refused('1.00001')).toBe('Amount must have at most 4 decimals');
    expect(refused(1e-7)).toBe('Amount must have at most 4 decimals');
    expect(refused('2.25', { label: 'Points cost', currency: 'points', max: 10 })).toBe(
      'Points cost must have at most 1 decimal',
    );
    expect(refused(1.5, { label: 'Keys', currency: 'keys', max: 10 })).toBe('Keys must be a whole number');
    expect(refused(0, { label: 'amount', currency: 'keys', min: 1, max: 10 })).toBe('amount must be at least 1');
    // "-0" is zero, not a negative amount.
    expect(parseRequestAmount('-0', gems)).toEqual({ ok: true, amountMinor: 0n });
  });

  it('round-trips every amount within bounds at every scale, from its decimal string and (when exact) its JSON number', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CURRENCIES),
        fc.bigInt({ min: 0n, max: 10n ** 10n }),
        (currency: Currency, amountMinor) => {
          const rule: AmountFieldRule = { label: 'Amount', currency, max: 10_000_000_000 };
          const text = formatMinor(amountMinor, currency);
          expect(parseRequestAmount(text, rule)).toEqual({ ok: true, amountMinor });
          expect(parseRequestAmount(Number(text), rule)).toEqual({ ok: true, amountMinor });
        },
      ),
    );
  });

  it('refuses every amount beyond its bound, however it is written, and never accepts one', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CURRENCIES),
        fc.bigInt({ min: 1n, max: 10n ** 40n }),
        fc.integer({ min: 1, max: 1_000_000 }),
        (currency: Currency, excessMinor, max) => {
          const rule: AmountFieldRule = { label: 'Amount', currency, max };
          const maxMinor = BigInt(max) * 10n ** BigInt(CURRENCY_SCALES[currency]);
          const parsed = parseRequestAmount(formatMinor(maxMinor + excessMinor, currency), rule);
          expect(parsed).toEqual({ ok: false, message: expect.stringMatching(/^Amount must be at most [\d,]+$/) });
        },
      ),
    );
  });

  it('accepts nothing but the exact amount: any accepted input is within its bounds and at its scale', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.double(), fc.string(), fc.stringMatching(/^-?\d{1,30}(\.\d{1,8})?$/)),
        fc.constantFrom(...CURRENCIES),
        (value, currency: Currency) => {
          const parsed = parseRequestAmount(value, { label: 'Amount', currency, max: 1_000_000 });
          if (!parsed.ok) return;
          expect(parsed.amountMinor >= 0n).toBe(true);
          expect(parsed.amountMinor <= 1_000_000n * 10n ** BigInt(CURRENCY_SCALES[currency])).toBe(true);
          // Rendering the amount gives the number the input said (=== so that -0 and 0 are one amount).
          expect(Number(formatMinor(parsed.amountMinor, currency)) === Number(value)).toBe(true);
        },
      ),
    );
  });
});

describe('amount fields in the request schemas', () => {
  it('gives the exact minor units through zod, with the message as the issue', () => {
    const field = amountField({ label: 'Gem reward', currency: 'gems', max: 10 });
    expect(field.parse('1.2345')).toBe(12_345n);
    expect(field.safeParse('1.23456').error?.issues[0]?.message).toBe('Gem reward must have at most 4 decimals');
    expect(field.safeParse(false).error?.issues[0]?.message).toBe('Gem reward must be a number');
  });

  it('bounds the convert amount: whole keys from 1 to 1,000,000, as a number or a string', () => {
    const convert = (amount: unknown) =>
      ConvertCurrencyRequestSchema.safeParse({ from_currency: 'points', to_currency: 'keys', amount });
    expect(convert(3).data?.amount).toBe(3n);
    expect(convert('3').data?.amount).toBe(3n);
    expect(convert(1e308).error?.issues[0]?.message).toBe('amount must be at most 1,000,000');
    expect(convert('12345678901234567890123').error?.issues[0]?.message).toBe('amount must be at most 1,000,000');
    expect(convert(0).error?.issues[0]?.message).toBe('amount must be at least 1');
    expect(convert(1.5).error?.issues[0]?.message).toBe('amount must be a whole number');
    expect(convert('NaN').error?.issues[0]?.message).toBe('amount must be a number');
    expect(convert(-1).error?.issues[0]?.message).toBe('amount must not be negative');
  });

  it('bounds every drop amount as documented in DROP_AMOUNT_BOUNDS, and a move drop with unlimited seats names its key pool', () => {
    const move = (overrides: Record<string, unknown>) =>
      CreateDropRequestSchema.safeParse({
        title: 't',
        description: 'd',
        kind: 'move',
        move_cost_points: 1,
        key_reward_amount: 1,
        max_participants: 1,
        ...overrides,
      });
    const messages = (overrides: Record<string, unknown>) =>
      move(overrides).error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    expect(move({}).data).toMatchObject({ move_cost_points: 10n, key_reward_amount: 1n, max_participants: 1 });
    expect(messages({ move_cost_points: DROP_AMOUNT_BOUNDS.moveCostPoints + 0.1 })).toEqual([
      'move_cost_points: Points cost must be at most 100,000',
    ]);
    expect(messages({ key_reward_amount: DROP_AMOUNT_BOUNDS.keyRewardAmount + 1 })).toEqual([
      'key_reward_amount: Keys reward must be at most 1,000',
    ]);
    expect(messages({ key_pool_total: DROP_AMOUNT_BOUNDS.keyPoolTotal + 1 })).toEqual([
      'key_pool_total: Key pool must be at most 100,000,000',
    ]);
    expect(messages({ max_participants: DROP_AMOUNT_BOUNDS.maxParticipants + 1 })).toEqual([
      'max_participants: Max participants must be at most 100,000',
    ]);
    expect(messages({ follower_threshold: 1e10 })).toEqual([
      'follower_threshold: Min followers must be at most 1,000,000,000',
    ]);
    expect(messages({ max_participants: null })).toEqual([`key_pool_total: ${DROP_MESSAGES.keyPoolRequired}`]);
    expect(messages({ max_participants: null, key_pool_total: 0 })).toEqual([
      `key_pool_total: ${DROP_MESSAGES.keyPoolBelowReward}`,
    ]);
    expect(move({ max_participants: null, key_pool_total: '250' }).data).toMatchObject({
      key_pool_total: 250n,
      max_participants: null,
    });

    const paid = (overrides: Record<string, unknown>) =>
      CreateDropRequestSchema.safeParse({ title: 't', description: 'd', kind: 'paid', ...overrides }).error?.issues.map(
        (issue) => `${issue.path.join('.')}: ${issue.message}`,
      );
    expect(paid({ key_cost: DROP_AMOUNT_BOUNDS.keyCost + 1 })).toEqual(['key_cost: Key cost must be at most 1,000']);
    expect(paid({ gem_reward_base: DROP_AMOUNT_BOUNDS.gemRewardBase + 1 })).toEqual([
      'gem_reward_base: Gem reward must be at most 10,000',
    ]);
    expect(paid({ gem_pool_total: '1000000000.0001' })).toEqual([
      'gem_pool_total: Gem pool must be at most 1,000,000,000',
    ]);
    expect(paid({ gem_reward_base: 0.5 })).toEqual([`gem_reward_base: ${DROP_MESSAGES.gemRewardMin}`]);
  });
});
