import { Inject, Injectable } from '@nestjs/common';
import { parseEngagementEvent, type EngagementEvent } from '@app/contracts/engagement';
import type { AppendToStream, EventStore, StoredEvent, TransactionHandle } from '@app/event-store';
import { EVENT_STORE } from '../../../platform/database/database.tokens';
import { evolvePool, evolveUserContent, initialPool, initialUserContent, type ContentPoolState } from '../domain/state';
import { contentPoolStreamId, userContentStreamId } from '../domain/streams';

export interface Loaded<State> {
  streamId: string;
  state: State;
  version: bigint;
}

/** Loads engagement streams (folded with the domain's evolve) and builds their appends with the loaded versions. */
@Injectable()
export class EngagementStore {
  constructor(@Inject(EVENT_STORE) private readonly eventStore: EventStore) {}

  /**
   * A user's stream about one item and the item's pool, in one statement. The pool is read from the last version this
   * process saw of it (`tailFrom`): its events carry the state after them (`poolAfter`), so the last one read is the
   * state. A popular item's pool grows with every share given and every tip: it is not read whole on every like.
   */
  async social(contentId: string, userId: string, transaction: TransactionHandle) {
    const { userContents, pools } = await this.socialMany([{ contentId, userId }], transaction);
    return {
      userContent: userContents.get(userContentStreamId(contentId, userId))!,
      pool: pools.get(contentPoolStreamId(contentId))!,
    };
  }

  /**
   * `social` for a group of actions (a group commit, on any items): every user's stream about their item and every
   * item's pool, in one statement. Keyed by stream id.
   */
  async socialMany(members: ReadonlyArray<{ contentId: string; userId: string }>, transaction: TransactionHandle) {
    const poolIds = [...new Set(members.map((member) => contentPoolStreamId(member.contentId)))];
    const userContentIds = [...new Set(members.map((member) => userContentStreamId(member.contentId, member.userId)))];
    const read = await this.eventStore.readStreams(
      [
        ...userContentIds.map((streamId) => ({ streamId })),
        ...poolIds.map((streamId) => ({ streamId, fromVersion: this.tailFrom(streamId) })),
      ],
      { transaction },
    );
    const userContents = new Map(
      userContentIds.map((streamId) => [
        streamId,
        fold(streamId, read.get(streamId) ?? [], initialUserContent(), evolveUserContent),
      ]),
    );
    const pools = new Map<string, Loaded<ContentPoolState>>();
    // One at a time: a pool whose tail does not carry its state is read again, whole, on the transaction's connection.
    for (const streamId of poolIds)
      pools.set(streamId, await this.fromTail(streamId, read.get(streamId) ?? [], POOL, transaction));
    return { userContents, pools };
  }

  /** The item's pool (see `social`); a tip or fund reads it alone. */
  async pool(contentId: string, transaction: TransactionHandle): Promise<Loaded<ContentPoolState>> {
    const streamId = contentPoolStreamId(contentId);
    return this.fromTail(
      streamId,
      await this.eventStore.readStream(streamId, { fromVersion: this.tailFrom(streamId), transaction }),
      POOL,
      transaction,
    );
  }

  /**
   * The last version this process saw of each pool, whose events carry the state after them (committed versions
   * only, which never go back). Bounded: the oldest entry goes first, and a forgotten stream is read whole once.
   */
  private readonly tailVersions = new Map<string, bigint>();

  private tailFrom(streamId: string): bigint {
    return this.tailVersions.get(streamId) ?? 1n;
  }

  /**
   * The state from a stream read from `tailFrom`: the state its last event carries; the fold of all of it when it was
   * read from the start; else (the last event carries none, say one written before the field existed) the whole
   * stream, read again.
   */
  private async fromTail<State>(
    streamId: string,
    tail: readonly StoredEvent[],
    kind: TailedStream<State>,
    transaction: TransactionHandle,
  ): Promise<Loaded<State>> {
    const seen = this.tailVersions.has(streamId);
    const last = tail.at(-1);
    let loaded: Loaded<State> | null = null;
    if (!last) loaded = seen ? null : { streamId, state: kind.initial(), version: 0n };
    else {
      const event = parseEngagementEvent(last.type, last.data);
      if (kind.carriesState(event))
        loaded = { streamId, state: kind.evolve(kind.initial(), event), version: last.streamVersion };
      else if (!seen) loaded = fold(streamId, tail, kind.initial(), kind.evolve);
    }
    loaded ??= await this.load(streamId, kind.initial(), kind.evolve, transaction);
    if (loaded.version > 0n) this.rememberTail(streamId, loaded.version);
    return loaded;
  }

  private rememberTail(streamId: string, version: bigint): void {
    if (!this.tailVersions.has(streamId) && this.tailVersions.size >= 100_000)
      this.tailVersions.delete(this.tailVersions.keys().next().value!);
    this.tailVersions.set(streamId, version);
  }

  async load<State>(
    streamId: string,
    initial: State,
    evolve: (state: State, event: EngagementEvent) => State,
    transaction?: TransactionHandle,
  ): Promise<Loaded<State>> {
    return fold(
      streamId,
      await this.eventStore.readStream(streamId, transaction ? { transaction } : undefined),
      initial,
      evolve,
    );
  }
}

/** A stream whose events (some, or all) carry the state after them. */
interface TailedStream<State> {
  initial(): State;
  evolve(state: State, event: EngagementEvent): State;
  carriesState(event: EngagementEvent): boolean;
}

const POOL: TailedStream<ContentPoolState> = {
  initial: initialPool,
  evolve: evolvePool,
  carriesState: (event) =>
    (event.type === 'EngagementSharesGiven' || event.type === 'ContentTipped') && event.data.poolAfter !== undefined,
};

function fold<State>(
  streamId: string,
  stored: readonly StoredEvent[],
  initial: State,
  evolve: (state: State, event: EngagementEvent) => State,
): Loaded<State> {
  return {
    streamId,
    state: stored.map((event) => parseEngagementEvent(event.type, event.data)).reduce(evolve, initial),
    version: stored.at(-1)?.streamVersion ?? 0n,
  };
}

export function appendOf(loaded: Loaded<unknown>, events: readonly EngagementEvent[]): AppendToStream[] {
  return events.length === 0
    ? []
    : [
        {
          streamId: loaded.streamId,
          expectedVersion: loaded.version,
          events: events.map(({ type, data }) => ({ type, data })),
        },
      ];
}
