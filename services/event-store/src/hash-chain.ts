import * as crypto from 'node:crypto';
import type { StoredEvent } from './event-store.port';

/**
 * The hash chain of a stream.
 *
 * Each event's `hash` is the SHA-256 (lower-case hex) of the UTF-8 bytes of this canonical serialisation:
 *
 *   JSON.stringify(["event-store/v1", previousHash, streamId, streamVersion, type,
 *                   canonical(data), canonical(metadata)])
 *
 * where `streamVersion` is the decimal string of the version and `canonical(value)` is the value with every
 * object's keys sorted (JavaScript's default string order, i.e. by UTF-16 code units), arrays kept in order, and
 * members whose value is `undefined` dropped (as JSON drops them). JSON text is what jsonb stores, and jsonb
 * re-orders keys and normalises whitespace, so hashing the canonical form makes the hash independent of how the
 * row was written or read. The first event of a stream chains on GENESIS_HASH (64 zeros); the stream id is part
 * of every hash, so two streams never share a chain.
 *
 * `recordedAt`, `position`, `transactionId` and the event id are deliberately outside the hash: they are assigned by
 * the database at commit and say nothing about the fact itself.
 */
export const GENESIS_HASH = '0'.repeat(64);
const HASH_FORMAT_VERSION = 'event-store/v1';

export interface HashableEvent {
  previousHash: string;
  streamId: string;
  streamVersion: bigint;
  type: string;
  data: unknown;
  metadata: Record<string, unknown>;
}

export function canonicalize(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => (item === undefined ? null : canonicalize(item)));
  if (value !== null && typeof value === 'object') {
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const member = (value as Record<string, unknown>)[key];
      if (member !== undefined) sorted[key] = canonicalize(member);
    }
    return sorted;
  }
  return value;
}

export function canonicalEventText(event: HashableEvent): string {
  // Inside an array JSON.stringify writes undefined as null; standing alone it returns undefined.
  return eventTextOf(
    event,
    JSON.stringify(canonicalize(event.data)) ?? 'null',
    JSON.stringify(canonicalize(event.metadata)) ?? 'null',
  );
}

/**
 * The serialisation above, from the canonical texts of data and metadata: the JSON text of an array is its items'
 * texts joined by commas. The one place the format is spelled out.
 */
function eventTextOf(event: Omit<HashableEvent, 'data' | 'metadata'>, dataText: string, metadataText: string): string {
  const head = JSON.stringify([
    HASH_FORMAT_VERSION,
    event.previousHash,
    event.streamId,
    event.streamVersion.toString(),
    event.type,
  ]);
  return `${head.slice(0, -1)},${dataText},${metadataText}]`;
}

// crypto.hash (Node >= 20.12) hashes in one call, several times cheaper than a Hash object for small inputs.
const sha256Hex: (text: string) => string =
  typeof (crypto as { hash?: unknown }).hash === 'function'
    ? (text) =>
        (crypto as unknown as { hash(algorithm: string, data: string, encoding: 'hex'): string }).hash(
          'sha256',
          text,
          'hex',
        )
    : (text) => crypto.createHash('sha256').update(text, 'utf8').digest('hex');

export function computeEventHash(event: HashableEvent): string {
  return sha256Hex(canonicalEventText(event));
}

/**
 * The same hash for an event about to be written, from the texts `toStoredJsonWithText` made of its data and metadata:
 * those are already `JSON.stringify(canonicalize(...))`, so the payload is not walked and sorted again.
 */
export function computeEventHashOfStoredTexts(
  event: Omit<HashableEvent, 'data' | 'metadata'>,
  dataText: string,
  metadataText: string,
): string {
  return sha256Hex(eventTextOf(event, dataText, metadataText));
}

export type ChainVerification =
  | { valid: true; streamId: string | undefined; eventsChecked: number; lastHash: string }
  | {
      valid: false;
      streamId: string;
      streamVersion: bigint;
      position: bigint;
      reason: 'VERSION_GAP' | 'PREVIOUS_HASH_MISMATCH' | 'HASH_MISMATCH' | 'MIXED_STREAMS';
      message: string;
    };

/**
 * Checks one stream's events, in version order, starting at version 1 unless `from` gives the version and hash
 * the slice continues from. Reports the first broken link: a gap in versions, a `previousHash` that is not the
 * prior event's hash, or a `hash` that does not match the event's content (a tampered row).
 */
export function verifyStreamChain(
  events: readonly StoredEvent[],
  from: { streamVersion: bigint; hash: string } = { streamVersion: 0n, hash: GENESIS_HASH },
): ChainVerification {
  let expectedVersion = from.streamVersion + 1n;
  let expectedPreviousHash = from.hash;
  const streamId = events[0]?.streamId;
  for (const event of events) {
    const location = { streamId: event.streamId, streamVersion: event.streamVersion, position: event.position };
    if (event.streamId !== streamId) {
      return {
        valid: false,
        ...location,
        reason: 'MIXED_STREAMS',
        message: `Event at position ${event.position} belongs to ${event.streamId}, not ${streamId}`,
      };
    }
    if (event.streamVersion !== expectedVersion) {
      return {
        valid: false,
        ...location,
        reason: 'VERSION_GAP',
        message: `Stream ${streamId}: expected version ${expectedVersion}, found ${event.streamVersion}`,
      };
    }
    if (event.previousHash !== expectedPreviousHash) {
      return {
        valid: false,
        ...location,
        reason: 'PREVIOUS_HASH_MISMATCH',
        message: `Stream ${streamId} version ${event.streamVersion}: previous hash does not link to the prior event`,
      };
    }
    if (computeEventHash(event) !== event.hash) {
      return {
        valid: false,
        ...location,
        reason: 'HASH_MISMATCH',
        message:
          `Stream ${streamId} version ${event.streamVersion}: content does not match its hash (tampered or ` +
          `corrupted)`,
      };
    }
    expectedVersion += 1n;
    expectedPreviousHash = event.hash;
  }
  return { valid: true, streamId, eventsChecked: events.length, lastHash: expectedPreviousHash };
}
