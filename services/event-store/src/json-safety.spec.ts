import fc from 'fast-check';
import { canonicalEventText, canonicalize, computeEventHash, computeEventHashOfStoredTexts } from './hash-chain';
import { UnsafeEventDataError, assertJsonSafe, toStoredJson, toStoredJsonWithText } from './json-safety';

// Event payloads must read back exactly as written; these specs list what is refused and why.
describe('json safety', () => {
  it('accepts plain JSON values, including money as decimal strings', () => {
    const payload = {
      amountMinor: '900719925474099312345',
      rate: 0.025,
      tags: ['a'],
      nested: { ok: true, none: null },
    };
    expect(() => assertJsonSafe(payload)).not.toThrow();
    expect(toStoredJson(payload, '$')).toEqual(payload);
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
    // What an append runs: the same refusal, with the path to the value.
    const member = Object.keys(value)[0]!;
    expect(() => toStoredJson({ deep: [{ ok: 1 }, value] }, 'Paid.data')).toThrow(UnsafeEventDataError);
    expect(() => toStoredJson({ deep: [{ ok: 1 }, value] }, 'Paid.data')).toThrow(
      new RegExp(`^Event payload at Paid\\.data\\.deep\\[1\\]\\.${member} `),
    );
    expect(() => toStoredJson({ deep: [{ ok: 1 }, value] }, 'Paid.data')).toThrow(message);
  });

  it('refuses a key named __proto__, which the canonical form would lose', () => {
    expect(() => toStoredJson(JSON.parse('{"a":{"__proto__":{"x":1}}}'), '$')).toThrow(
      /^Event payload at \$\.a\.__proto__ is a key named __proto__/,
    );
  });

  it('normalises to what reading back returns (dates become ISO strings, undefined members disappear)', () => {
    expect(toStoredJson({ at: new Date('2026-01-01T00:00:00Z'), gone: undefined }, '$')).toEqual({
      at: '2026-01-01T00:00:00.000Z',
    });
    expect(toStoredJsonWithText({ list: [undefined, -0, new Date(Number.NaN)] }, '$')).toEqual({
      value: { list: [null, 0, null] },
      text: '{"list":[null,0,null]}',
    });
    expect(toStoredJsonWithText(undefined, '$')).toEqual({ value: null, text: 'null' });
  });

  // Keys that JavaScript orders before all others (array indices), next to ordinary and non-ASCII ones.
  const key = fc.oneof(
    fc.string({ maxLength: 6 }),
    fc.nat({ max: 2 ** 32 }).map(String),
    fc.constantFrom('a', 'B', 'é', '😀', '10', '9', '-1', '01'),
  );
  const { value: payload } = fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: 'small' },
      fc.string({ unit: 'binary' }).filter((text) => !text.includes('\u0000')),
      fc.oneof(
        fc.integer(),
        fc
          .double({ noNaN: true, noDefaultInfinity: true })
          .filter((n) => !Number.isInteger(n) || Number.isSafeInteger(n)),
        fc.constant(-0),
      ),
      fc.boolean(),
      fc.constant(null),
      fc.constant(undefined),
      fc.date({ noInvalidDate: true }),
      fc.array(tie('value'), { maxLength: 4 }),
      fc.dictionary(
        key.filter((name) => name !== '__proto__'),
        tie('value'),
        { maxKeys: 5 },
      ),
    ),
  }));

  it('gives the value and text a JSON round trip gives, and the canonical text the hash chain is computed over', () => {
    fc.assert(
      fc.property(payload, payload, (data, metadata) => {
        const roundTrip = JSON.parse(JSON.stringify(data ?? null));
        const stored = toStoredJsonWithText(data, '$');
        expect(stored.value).toEqual(roundTrip);
        expect(JSON.parse(stored.text)).toEqual(roundTrip);
        expect(stored.text).toBe(JSON.stringify(canonicalize(roundTrip)));
        // The hash an append computes from these texts is the one verify recomputes from the row read back.
        const storedMetadata = toStoredJsonWithText(metadata, '$');
        const event = { previousHash: 'a'.repeat(64), streamId: 'wallet-"1"', streamVersion: 12n, type: 'Paid' };
        const readBack = { ...event, data: roundTrip, metadata: JSON.parse(JSON.stringify(metadata ?? null)) };
        expect(computeEventHashOfStoredTexts(event, stored.text, storedMetadata.text)).toBe(computeEventHash(readBack));
        // Both build on one text of the parts; it is the documented serialisation of the whole array.
        expect(canonicalEventText(readBack)).toBe(
          JSON.stringify([
            'event-store/v1',
            event.previousHash,
            event.streamId,
            '12',
            event.type,
            canonicalize(readBack.data),
            canonicalize(readBack.metadata),
          ]),
        );
      }),
      { numRuns: 500 },
    );
  });
});
