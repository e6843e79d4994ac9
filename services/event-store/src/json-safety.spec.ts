import { UnsafeEventDataError, assertJsonSafe, toStoredJson } from './json-safety';

// Event payloads must read back exactly as written; these specs list what is refused and why.
describe('json safety', () => {
  it('accepts plain JSON values, including money as decimal strings', () => {
    expect(() => assertJsonSafe({ amountMinor: '900719925474099312345', rate: 0.025, tags: ['a'], nested: { ok: true, none: null } })).not.toThrow();
  });

  it.each([
    ['a bigint', { amountMinor: 5n }, /bigint/],
    ['an integer beyond 2^53', { amountMinor: 2 ** 53 + 2 }, /beyond 2\^53/],
    ['NaN', { rate: Number.NaN }, /NaN/],
    ['Infinity', { rate: Number.POSITIVE_INFINITY }, /Infinity/],
    ['a NUL character', { name: 'a\u0000b' }, /NUL/],
    ['a class instance', { when: new Map() }, /Map/],
    ['a function', { call: () => 1 }, /function/],
  ])('refuses %s and names where it is', (_label, value, message) => {
    expect(() => assertJsonSafe(value, '$')).toThrow(UnsafeEventDataError);
    expect(() => assertJsonSafe({ deep: [value] }, '$')).toThrow(message);
  });

  it('normalises to what reading back returns (dates become ISO strings, undefined members disappear)', () => {
    expect(toStoredJson({ at: new Date('2026-01-01T00:00:00Z'), gone: undefined }, '$')).toEqual({ at: '2026-01-01T00:00:00.000Z' });
  });
});
