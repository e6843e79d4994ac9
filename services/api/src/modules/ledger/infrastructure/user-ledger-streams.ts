import {
  FastAppendMissedError,
  type EventStore,
  type StoredEvent,
  type TransactionHandle,
  type WrongExpectedVersionError,
} from '@app/event-store';
import { LedgerEvent, fromPayload } from '../domain/events';
import { userStreamId } from '../domain/streams';
import { UserLedgerState, evolve, initialUserLedgerState } from '../domain/user-ledger';
import { CoalescedStreamReader } from './coalesced-stream-reader';

/** A user's folded ledger state and the stream version it was folded up to. */
export interface CachedStream {
  version: bigint;
  state: UserLedgerState;
}

const CACHE_LIMIT = 50_000;

/** Parses a stored ledger event back into its domain shape (zod at the edge). */
export function toLedgerEvent(stored: StoredEvent): LedgerEvent {
  return fromPayload(stored.type, stored.data);
}

/**
 * The users' ledger streams as one process reads them: folded states cached per stream with their version (bounded,
 * oldest first out), so a load reads only the events after the cached version. The cache moves forward only with
 * committed states (`remember`, after a commit); a stale entry only costs the writer a version conflict (`forget`).
 */
export class UserLedgerStreams {
  private readonly cache = new Map<string, CachedStream>();
  private readonly reader: CoalescedStreamReader;

  constructor(private readonly eventStore: EventStore) {
    this.reader = new CoalescedStreamReader(eventStore);
  }

  /** The folded state of a user's stream and its version, reading only what the cache has not seen. */
  async load(userId: string, transaction?: TransactionHandle, from?: CachedStream): Promise<CachedStream> {
    const streamId = userStreamId(userId);
    const cached = from ?? this.cache.get(streamId) ?? { version: 0n, state: initialUserLedgerState(userId) };
    const fromVersion = cached.version + 1n;
    // Outside a unit of work, concurrent loads share one statement (a cold start reads many streams at once).
    const events = transaction
      ? await this.eventStore.readStream(streamId, { fromVersion, transaction })
      : await this.reader.read(streamId, fromVersion);
    const loaded = foldOnto(cached, events);
    if (!transaction && events.length > 0) this.remember(streamId, loaded);
    return loaded;
  }

  /**
   * `load` for several users. In a unit of work ONE statement (`readStreams`) reads what the cache has not seen of
   * all of them: a transaction's connection runs one statement at a time, and concurrent ones queued on it are
   * deprecated by pg 8 and refused by pg 9. Outside one, the loads go to the coalescing reader together.
   * `trustCache`: a user the cache knows is not read at all; `from`: the states to read on top of (else the cache's).
   */
  async loadEach(
    userIds: readonly string[],
    transaction: TransactionHandle | undefined,
    options: { trustCache: boolean; from?: ReadonlyMap<string, CachedStream> },
  ): Promise<Map<string, CachedStream>> {
    const loaded = new Map<string, CachedStream>();
    const toRead: string[] = [];
    for (const userId of userIds) {
      const cached = options.trustCache ? this.cache.get(userStreamId(userId)) : undefined;
      if (cached) loaded.set(userId, cached);
      else toRead.push(userId);
    }
    if (!transaction) {
      const read = await Promise.all(
        toRead.map(async (userId) => [userId, await this.load(userId, undefined, options.from?.get(userId))] as const),
      );
      for (const [userId, entry] of read) loaded.set(userId, entry);
    } else {
      await this.readInOneStatement(toRead, transaction, options.from, loaded);
    }
    return new Map(userIds.map((userId) => [userId, loaded.get(userId)!]));
  }

  /** Folds every user's events after its base (`from`, else the cache's) into `into`, read by one `readStreams`. */
  private async readInOneStatement(
    userIds: readonly string[],
    transaction: TransactionHandle,
    from: ReadonlyMap<string, CachedStream> | undefined,
    into: Map<string, CachedStream>,
  ): Promise<void> {
    if (userIds.length === 0) return;
    const bases = userIds.map((userId) => ({
      userId,
      streamId: userStreamId(userId),
      base: from?.get(userId) ??
        this.cache.get(userStreamId(userId)) ?? { version: 0n, state: initialUserLedgerState(userId) },
    }));
    const read = await this.eventStore.readStreams(
      bases.map(({ streamId, base }) => ({ streamId, fromVersion: base.version + 1n })),
      { transaction },
    );
    for (const { userId, streamId, base } of bases) into.set(userId, foldOnto(base, read.get(streamId) ?? []));
  }

  /** A committed state of a stream; an older one than the cache holds is ignored. */
  remember(streamId: string, entry: CachedStream): void {
    const current = this.cache.get(streamId);
    if (current && current.version >= entry.version) return;
    if (this.cache.size >= CACHE_LIMIT) this.cache.delete(this.cache.keys().next().value as string);
    this.cache.delete(streamId);
    this.cache.set(streamId, entry);
  }

  /**
   * Cached states that turned out stale (a version conflict), read again by the next load: the stream the conflict
   * names, or every stream of a fast append that missed without saying which.
   */
  forgetConflicting(error: WrongExpectedVersionError): void {
    if (error instanceof FastAppendMissedError) error.streamIds.forEach((streamId) => this.cache.delete(streamId));
    else this.cache.delete(error.streamId);
  }

  /** Forgets every cached state (tests that tamper with the log, verify). */
  clear(): void {
    this.cache.clear();
  }
}

/** A cached state moved forward by the events read after it. */
function foldOnto(cached: CachedStream, events: readonly StoredEvent[]): CachedStream {
  if (events.length === 0) return cached;
  let state = cached.state;
  for (const stored of events) state = evolve(state, toLedgerEvent(stored));
  return { version: events[events.length - 1].streamVersion, state };
}
