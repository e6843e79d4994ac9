import { Inject, Injectable } from '@nestjs/common';
import { parseEngagementEvent, type EngagementEvent } from '@app/contracts/engagement';
import type { AppendToStream, EventStore, StoredEvent, TransactionHandle } from '@app/event-store';
import { EVENT_STORE } from '../../../platform/database/database.tokens';
import { evolveDaily, evolvePool, evolveUserContent, initialDaily, initialPool, initialUserContent, type ContentPoolState } from '../domain/state';
import { contentPoolStreamId, dailyStreamId, userContentStreamId } from '../domain/streams';

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
   * A user's streams about one item, theirs, their day and the item's pool, in one statement. The pool is read from
   * the last version this process saw (`poolVersions`, committed versions only, which never go back): its events
   * carry the pool after them (`poolAfter`), so the last one read is the state, and a popular item's stream, which
   * grows with every share given and every tip, is not read whole on every like.
   */
  async social(contentId: string, userId: string, day: string, transaction: TransactionHandle) {
    const poolId = contentPoolStreamId(contentId);
    const read = await this.eventStore.readStreams(
      [{ streamId: userContentStreamId(contentId, userId) }, { streamId: dailyStreamId(userId, day) }, { streamId: poolId, fromVersion: this.poolVersions.get(contentId) ?? 1n }],
      { transaction },
    );
    const fold = <State>(streamId: string, initial: State, evolve: (state: State, event: EngagementEvent) => State): Loaded<State> => {
      const stored = read.get(streamId) ?? [];
      return { streamId, state: stored.map((event) => parseEngagementEvent(event.type, event.data)).reduce(evolve, initial), version: stored.at(-1)?.streamVersion ?? 0n };
    };
    const pool = this.poolFromTail(contentId, read.get(poolId) ?? []);
    return {
      userContent: fold(userContentStreamId(contentId, userId), initialUserContent(), evolveUserContent),
      daily: fold(dailyStreamId(userId, day), initialDaily(), evolveDaily),
      pool: pool ?? (await this.pool(contentId, transaction)),
    };
  }

  /**
   * `social` for a group of users acting on one item (a group commit): every user's stream about the item, every
   * (user, day) stream and the item's pool, in one statement. Keyed by stream id.
   */
  async socialMany(contentId: string, members: ReadonlyArray<{ userId: string; day: string }>, transaction: TransactionHandle) {
    const poolId = contentPoolStreamId(contentId);
    const userContentIds = [...new Set(members.map((member) => userContentStreamId(contentId, member.userId)))];
    const dailyIds = [...new Set(members.map((member) => dailyStreamId(member.userId, member.day)))];
    const read = await this.eventStore.readStreams(
      [...userContentIds.map((streamId) => ({ streamId })), ...dailyIds.map((streamId) => ({ streamId })), { streamId: poolId, fromVersion: this.poolVersions.get(contentId) ?? 1n }],
      { transaction },
    );
    const fold = <State>(streamId: string, initial: State, evolve: (state: State, event: EngagementEvent) => State): Loaded<State> => {
      const stored = read.get(streamId) ?? [];
      return { streamId, state: stored.map((event) => parseEngagementEvent(event.type, event.data)).reduce(evolve, initial), version: stored.at(-1)?.streamVersion ?? 0n };
    };
    const pool = this.poolFromTail(contentId, read.get(poolId) ?? []);
    return {
      userContents: new Map(userContentIds.map((streamId) => [streamId, fold(streamId, initialUserContent(), evolveUserContent)])),
      dailies: new Map(dailyIds.map((streamId) => [streamId, fold(streamId, initialDaily(), evolveDaily)])),
      pool: pool ?? (await this.pool(contentId, transaction)),
    };
  }

  /** The item's pool (see `social`); a tip or fund reads it alone. */
  async pool(contentId: string, transaction: TransactionHandle): Promise<Loaded<ContentPoolState>> {
    const streamId = contentPoolStreamId(contentId);
    const cached = this.poolVersions.get(contentId);
    if (cached !== undefined) {
      const fromTail = this.poolFromTail(contentId, await this.eventStore.readStream(streamId, { fromVersion: cached, transaction }));
      if (fromTail) return fromTail;
    }
    const loaded = await this.load(streamId, initialPool(), evolvePool, transaction);
    if (loaded.version > 0n) this.rememberPoolVersion(contentId, loaded.version);
    return loaded;
  }

  private readonly poolVersions = new Map<string, bigint>();

  /** The state from the tail's last event when it carries `poolAfter`; null when the whole stream must be folded. */
  private poolFromTail(contentId: string, tail: readonly StoredEvent[]): Loaded<ContentPoolState> | null {
    const streamId = contentPoolStreamId(contentId);
    const last = tail.at(-1);
    if (!last) return this.poolVersions.has(contentId) ? null : { streamId, state: initialPool(), version: 0n };
    const event = parseEngagementEvent(last.type, last.data);
    if ((event.type !== 'EngagementSharesGiven' && event.type !== 'ContentTipped') || !event.data.poolAfter) return null;
    this.rememberPoolVersion(contentId, last.streamVersion);
    return { streamId, state: evolvePool(initialPool(), event), version: last.streamVersion };
  }

  private rememberPoolVersion(contentId: string, version: bigint): void {
    // Bounded: the oldest entry goes first (a forgotten item is read from version 1 once, then remembered again).
    if (!this.poolVersions.has(contentId) && this.poolVersions.size >= 50_000) this.poolVersions.delete(this.poolVersions.keys().next().value!);
    this.poolVersions.set(contentId, version);
  }

  async load<State>(streamId: string, initial: State, evolve: (state: State, event: EngagementEvent) => State, transaction?: TransactionHandle): Promise<Loaded<State>> {
    const stored = await this.eventStore.readStream(streamId, transaction ? { transaction } : undefined);
    const state = stored.map((event) => parseEngagementEvent(event.type, event.data)).reduce(evolve, initial);
    return { streamId, state, version: stored.at(-1)?.streamVersion ?? 0n };
  }
}

/** Several streams in one statement (`readStreams`), each folded with its own evolve. */
export async function loadMany<T extends Record<string, { streamId: string; initial: unknown; evolve: (state: never, event: EngagementEvent) => unknown }>>(
  eventStore: EventStore,
  specs: T,
  transaction?: TransactionHandle,
): Promise<{ [K in keyof T]: Loaded<ReturnType<T[K]['evolve']>> }> {
  const entries = Object.entries(specs);
  const read = await eventStore.readStreams(
    entries.map(([, spec]) => ({ streamId: spec.streamId })),
    transaction ? { transaction } : undefined,
  );
  const loaded: Record<string, Loaded<unknown>> = {};
  for (const [name, spec] of entries) {
    const stored = read.get(spec.streamId) ?? [];
    const evolve = spec.evolve as (state: unknown, event: EngagementEvent) => unknown;
    loaded[name] = { streamId: spec.streamId, state: stored.map((event) => parseEngagementEvent(event.type, event.data)).reduce(evolve, spec.initial), version: stored.at(-1)?.streamVersion ?? 0n };
  }
  return loaded as { [K in keyof T]: Loaded<ReturnType<T[K]['evolve']>> };
}

export function appendOf(loaded: Loaded<unknown>, events: readonly EngagementEvent[]): AppendToStream[] {
  return events.length === 0 ? [] : [{ streamId: loaded.streamId, expectedVersion: loaded.version, events: events.map(({ type, data }) => ({ type, data })) }];
}
