import { Inject, Injectable } from '@nestjs/common';
import { parseEngagementEvent, type EngagementEvent } from '@app/contracts/engagement';
import type { AppendToStream, EventStore, TransactionHandle } from '@app/event-store';
import { EVENT_STORE } from '../../../platform/database/database.tokens';

export interface Loaded<State> {
  streamId: string;
  state: State;
  version: bigint;
}

/** Loads engagement streams (folded with the domain's evolve) and builds their appends with the loaded versions. */
@Injectable()
export class EngagementStore {
  constructor(@Inject(EVENT_STORE) private readonly eventStore: EventStore) {}

  async load<State>(streamId: string, initial: State, evolve: (state: State, event: EngagementEvent) => State, transaction?: TransactionHandle): Promise<Loaded<State>> {
    const stored = await this.eventStore.readStream(streamId, transaction ? { transaction } : undefined);
    const state = stored.map((event) => parseEngagementEvent(event.type, event.data)).reduce(evolve, initial);
    return { streamId, state, version: stored.at(-1)?.streamVersion ?? 0n };
  }
}

export function appendOf(loaded: Loaded<unknown>, events: readonly EngagementEvent[]): AppendToStream[] {
  return events.length === 0 ? [] : [{ streamId: loaded.streamId, expectedVersion: loaded.version, events: events.map(({ type, data }) => ({ type, data })) }];
}
