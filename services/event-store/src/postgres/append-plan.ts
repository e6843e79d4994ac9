import { newEventId } from '../event-id';
import type { AppendResult, AppendToStream, ExpectedVersion, StoredEvent } from '../event-store.port';
import { GENESIS_HASH, computeEventHashOfStoredTexts } from '../hash-chain';
import { toStoredJsonWithText } from '../json-safety';

/** One stream of an append, checked, its payloads already turned into the JSON text they are stored as. */
export type PreparedStream = {
  streamId: string;
  expectedVersion: ExpectedVersion;
  events: {
    id: string;
    type: string;
    data: unknown;
    dataText: string;
    metadata: Record<string, unknown>;
    metadataText: string;
  }[];
};

/** A stream's version and the hash of its last event, as last seen by this process. */
export interface StreamHead {
  version: bigint;
  lastHash: string;
}

/** The rows one append writes, built from the heads its streams are at. */
export interface PlannedWrite {
  pending: Omit<StoredEvent, 'position' | 'transactionId' | 'recordedAt'>[];
  results: AppendResult['streams'];
  heads: Map<string, StreamHead>;
  parameters: unknown[];
}

export function versionSatisfies(expected: ExpectedVersion, actual: bigint): boolean {
  switch (expected) {
    case 'any':
      return true;
    case 'no_stream':
      return actual === 0n;
    case 'stream_exists':
      return actual > 0n;
    default:
      return BigInt(expected) === actual;
  }
}

function assertExpectedVersionShape(streamId: string, expected: ExpectedVersion): void {
  if (typeof expected === 'string') {
    if (!['any', 'no_stream', 'stream_exists'].includes(expected))
      throw new TypeError(`Stream ${streamId}: unknown expected version ${expected}`);
    return;
  }
  if (typeof expected === 'number' && !Number.isSafeInteger(expected))
    throw new TypeError(`Stream ${streamId}: expected version must be an integer`);
  if (BigInt(expected) < 0n) throw new TypeError(`Stream ${streamId}: expected version must not be negative`);
}

/** Checks the request (refusing it before anything is sent) and serialises every payload once. */
export function prepareAppend(streams: AppendToStream[]): PreparedStream[] {
  if (streams.length === 0) throw new TypeError('append needs at least one stream');
  const seen = new Set<string>();
  return streams.map((stream) => {
    if (typeof stream.streamId !== 'string' || stream.streamId.length === 0)
      throw new TypeError('streamId must be a non-empty string');
    if (seen.has(stream.streamId)) throw new TypeError(`Stream ${stream.streamId} appears twice in one append`);
    seen.add(stream.streamId);
    assertExpectedVersionShape(stream.streamId, stream.expectedVersion);
    if (stream.events.length === 0) throw new TypeError(`Stream ${stream.streamId}: append needs at least one event`);
    return {
      streamId: stream.streamId,
      expectedVersion: stream.expectedVersion,
      events: stream.events.map((event, index) => {
        if (typeof event.type !== 'string' || event.type.length === 0)
          throw new TypeError(`Stream ${stream.streamId}: event ${index} has no type`);
        const data = toStoredJsonWithText(event.data, `${event.type}.data`);
        const metadata = toStoredJsonWithText(event.metadata ?? {}, `${event.type}.metadata`);
        return {
          id: event.id ?? newEventId(),
          type: event.type,
          data: data.value,
          dataText: data.text,
          metadata: metadata.value,
          metadataText: metadata.text,
        };
      }),
    };
  });
}

/**
 * The hash-chained rows of an append from the heads its streams are at, and the parameters both append statements take.
 */
export function planWrite(streams: PreparedStream[], heads: Map<string, StreamHead>): PlannedWrite {
  // All events travel as one JSON document (jsonb_to_recordset on the server): the payloads are spliced in as
  // the JSON text they already are, and the server parses one document instead of eight escaped array literals.
  const rows: string[] = [];
  const advances = {
    streamIds: [] as string[],
    versions: [] as string[],
    hashes: [] as string[],
    expected: [] as string[],
    expectedHashes: [] as string[],
    ordered: [] as boolean[],
  };
  const pending: PlannedWrite['pending'] = [];
  const results: AppendResult['streams'] = [];
  const next = new Map<string, StreamHead>();
  for (const stream of streams) {
    const head = heads.get(stream.streamId)!;
    let version = head.version;
    let previousHash = head.lastHash;
    for (const event of stream.events) {
      version += 1n;
      const hashable = {
        previousHash,
        streamId: stream.streamId,
        streamVersion: version,
        type: event.type,
        data: event.data,
        metadata: event.metadata,
      };
      const hash = computeEventHashOfStoredTexts(hashable, event.dataText, event.metadataText);
      pending.push({ id: event.id, ...hashable, hash });
      rows.push(
        `{"event_id":${JSON.stringify(event.id)},"stream_id":${JSON.stringify(stream.streamId)},` +
          `"stream_version":${version},` +
          `"type":${JSON.stringify(event.type)},"data":${event.dataText},"metadata":${event.metadataText},` +
          `"hash":"${hash}","previous_hash":"${previousHash}"}`,
      );
      previousHash = hash;
    }
    advances.streamIds.push(stream.streamId);
    advances.versions.push(version.toString());
    advances.hashes.push(previousHash);
    advances.expected.push(head.version.toString());
    advances.expectedHashes.push(head.lastHash);
    advances.ordered.push(stream.expectedVersion !== 'any');
    results.push({ streamId: stream.streamId, nextExpectedVersion: version });
    next.set(stream.streamId, { version, lastHash: previousHash });
  }
  return {
    pending,
    results,
    heads: next,
    parameters: [
      `[${rows.join(',')}]`,
      advances.streamIds,
      advances.versions,
      advances.hashes,
      advances.expected,
      advances.expectedHashes,
      advances.ordered,
    ],
  };
}

const KNOWN_HEADS_MAX = 10_000;

/** Bounded memory of stream heads (insertion order = age) that lets appends take the fast path. */
export class KnownHeads {
  private readonly heads = new Map<string, StreamHead>();

  /** The head each stream must be at for the fast path, or undefined when one of them is not known. */
  forFastPath(streams: PreparedStream[]): Map<string, StreamHead> | undefined {
    const heads = new Map<string, StreamHead>();
    for (const stream of streams) {
      const expected = stream.expectedVersion;
      if (expected === 'no_stream' || expected === 0 || expected === 0n) {
        heads.set(stream.streamId, { version: 0n, lastHash: GENESIS_HASH });
        continue;
      }
      const known = this.heads.get(stream.streamId);
      if (!known || known.version === 0n || !versionSatisfies(expected, known.version)) return undefined;
      heads.set(stream.streamId, known);
    }
    return heads;
  }

  remember(streamId: string, head: StreamHead): void {
    this.heads.delete(streamId);
    this.heads.set(streamId, head);
    if (this.heads.size > KNOWN_HEADS_MAX) this.heads.delete(this.heads.keys().next().value as string);
  }

  /** A stream read to its end: the next append of a command handler that just loaded it can take the fast path. */
  rememberRead(streamId: string, events: StoredEvent[]): void {
    const last = events.at(-1);
    if (last) this.remember(streamId, { version: last.streamVersion, lastHash: last.hash });
  }

  forget(streams: PreparedStream[]): void {
    streams.forEach((stream) => this.heads.delete(stream.streamId));
  }
}
