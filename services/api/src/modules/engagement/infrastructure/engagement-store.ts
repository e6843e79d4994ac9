import { Inject, Injectable } from '@nestjs/common';
import { parseEngagementEvent, type EngagementEvent } from '@app/contracts/engagement';
import type { AppendToStream, EventStore, TransactionHandle } from '@app/event-store';
import { EVENT_STORE } from '../../../platform/database/database.tokens';
import { evolveDaily, evolvePool, evolveUserContent, initialDaily, initialPool, initialUserContent } from '../domain/state';
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

  /** A user's streams about one item: theirs, the item's pool and their day (one read). */
  social(contentId: string, userId: string, day: string, transaction: TransactionHandle) {
    return loadMany(
      this.eventStore,
      {
        userContent: { streamId: userContentStreamId(contentId, userId), initial: initialUserContent(), evolve: evolveUserContent },
        pool: { streamId: contentPoolStreamId(contentId), initial: initialPool(), evolve: evolvePool },
        daily: { streamId: dailyStreamId(userId, day), initial: initialDaily(), evolve: evolveDaily },
      },
      transaction,
    );
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
