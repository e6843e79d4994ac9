import type { StoredEvent } from './event-store.port';
import { GENESIS_HASH, canonicalEventText, computeEventHash, verifyStreamChain } from './hash-chain';

// The hash is a documented format that `ledger verify` and outside auditors recompute; these specs pin it.
describe('hash chain', () => {
  const base = {
    previousHash: GENESIS_HASH,
    streamId: 'wallet-1',
    streamVersion: 1n,
    type: 'KeysConverted',
    metadata: {},
  };

  it('serialises canonically: key order and undefined members do not change the text', () => {
    const left = canonicalEventText({
      ...base,
      data: { b: 2, a: { y: [1, { d: 1, c: 2 }], x: 'text' }, gone: undefined },
    });
    const right = canonicalEventText({ ...base, data: { a: { x: 'text', y: [1, { c: 2, d: 1 }] }, b: 2 } });
    expect(left).toBe(right);
    expect(left).toBe(
      `["event-store/v1","${GENESIS_HASH}","wallet-1","1","KeysConverted",{"a":{"x":"text","y":[1,{"c":2,"d":1}]},"b":2},{}]`,
    );
  });

  it('is SHA-256 hex of that text and changes with every hashed field', () => {
    const hash = computeEventHash({ ...base, data: { amountMinor: '100' } });
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(computeEventHash({ ...base, data: { amountMinor: '101' } })).not.toBe(hash);
    expect(computeEventHash({ ...base, streamVersion: 2n, data: { amountMinor: '100' } })).not.toBe(hash);
    expect(computeEventHash({ ...base, streamId: 'wallet-2', data: { amountMinor: '100' } })).not.toBe(hash);
    expect(computeEventHash({ ...base, type: 'KeysSpent', data: { amountMinor: '100' } })).not.toBe(hash);
    expect(computeEventHash({ ...base, metadata: { actor: 'x' }, data: { amountMinor: '100' } })).not.toBe(hash);
    expect(computeEventHash({ ...base, previousHash: 'f'.repeat(64), data: { amountMinor: '100' } })).not.toBe(hash);
  });

  function chain(count: number): StoredEvent[] {
    const built: StoredEvent[] = [];
    let previousHash = GENESIS_HASH;
    for (let version = 1n; version <= BigInt(count); version += 1n) {
      const content = {
        previousHash,
        streamId: 's',
        streamVersion: version,
        type: 'T',
        data: { version: Number(version) },
        metadata: {},
      };
      const hash = computeEventHash(content);
      built.push({
        ...content,
        hash,
        id: `id-${version}`,
        position: version,
        transactionId: 1n,
        recordedAt: new Date(0),
      });
      previousHash = hash;
    }
    return built;
  }

  it('verifies an intact chain and an empty one', () => {
    expect(verifyStreamChain(chain(4))).toMatchObject({ valid: true, eventsChecked: 4 });
    expect(verifyStreamChain([])).toMatchObject({ valid: true, eventsChecked: 0, lastHash: GENESIS_HASH });
  });

  it('names the first broken link', () => {
    const relinked = chain(3);
    relinked[2] = { ...relinked[2], previousHash: relinked[0].hash };
    expect(verifyStreamChain(relinked)).toMatchObject({
      valid: false,
      reason: 'PREVIOUS_HASH_MISMATCH',
      streamVersion: 3n,
    });
    const mixed = chain(2);
    mixed[1] = { ...mixed[1], streamId: 'other' };
    expect(verifyStreamChain(mixed)).toMatchObject({ valid: false, reason: 'MIXED_STREAMS' });
  });
});
