import { Inject, Injectable } from '@nestjs/common';
import { parseEngagementEvent, type EngagementEvent } from '@app/contracts/engagement';
import type { AppendToStream, EventStore, TransactionHandle } from '@app/event-store';
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

  /** A user's streams about one item: theirs and their day (one read), and the item's pool. */
  async social(contentId: string, userId: string, day: string, transaction: TransactionHandle) {
    const own = await loadMany(
      this.eventStore,
      {
        userContent: { streamId: userContentStreamId(contentId, userId), initial: initialUserContent(), evolve: evolveUserContent },
        daily: { streamId: dailyStreamId(userId, day), initial: initialDaily(), evolve: evolveDaily },
      },
      transaction,
    );
    return { ...own, pool: await this.pool(contentId, transaction) };
  }

  /**
   * The item's pool from its stream's last event, which carries the pool after it (`poolAfter`): a popular item's
   * stream grows with every share given and every tip, and each like or tip would otherwise read all of it. The
   * version is the last event's, so state and expected version always agree.
   */
  async pool(contentId: string, transaction: TransactionHandle): Promise<Loaded<ContentPoolState>> {
    const streamId = contentPoolStreamId(contentId);
    const version = await this.eventStore.streamVersion(streamId, { transaction });
    if (version === 0n) return { streamId, state: initialPool(), version: 0n };
    const tail = await this.eventStore.readStream(streamId, { fromVersion: version, transaction });
    const last = tail.at(-1);
    const event = last ? parseEngagementEvent(last.type, last.data) : null;
    if (last && event && (event.type === 'EngagementSharesGiven' || event.type === 'ContentTipped') && event.data.poolAfter) {
      return { streamId, state: evolvePool(initialPool(), event), version: last.streamVersion };
    }
    return this.load(streamId, initialPool(), evolvePool, transaction);
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
