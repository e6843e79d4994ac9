import type { AppendToStream, EventStore, StoredEvent, TransactionHandle } from '@app/event-store';

/** A domain event as a module's decider produces it: `{ type, data }` with JSON-safe data. */
export interface DomainEvent {
  type: string;
  data: unknown;
}

/** What `eventParser` needs of a payload schema (a zod schema fits). */
export interface PayloadSchema {
  parse(data: unknown): unknown;
}

/**
 * The `parse` of a module's events from its table of payload schemas by type (`PROGRESS_EVENT_SCHEMAS`):
 * an unknown type or a payload that does not parse throws. `kind` names the module in the error.
 */
export function eventParser<Event extends DomainEvent>(
  schemas: Readonly<Record<Event['type'], PayloadSchema>>,
  kind: string,
) {
  return (stored: Pick<StoredEvent, 'type' | 'data'>): Event => {
    const schema = schemas[stored.type as Event['type']];
    if (!schema) throw new Error(`Not a ${kind} event type: ${stored.type}`);
    return { type: stored.type, data: schema.parse(stored.data) } as Event;
  };
}

export interface LoadedStream<State> {
  streamId: string;
  state: State;
  /** The version the state was folded at: the expected version of the next append. */
  version: bigint;
}

/**
 * Loads and folds one stream of a small per-entity aggregate (a user's rewards account, shop, progress) and builds
 * the append that carries the decider's events with the version it loaded. Every payload is parsed at the edge
 * (`parse`), so a stored fact that no longer reads fails loudly instead of folding into a wrong state.
 */
export class AggregateStreams<State, Event extends DomainEvent> {
  constructor(
    private readonly options: {
      streamPrefix: string;
      initial: (id: string) => State;
      evolve: (state: State, event: Event) => State;
      parse: (stored: StoredEvent) => Event;
    },
  ) {}

  streamId(id: string): string {
    return `${this.options.streamPrefix}${id}`;
  }

  async load(eventStore: EventStore, id: string, transaction?: TransactionHandle): Promise<LoadedStream<State>> {
    const streamId = this.streamId(id);
    const stored = await eventStore.readStream(streamId, transaction ? { transaction } : undefined);
    let state = this.options.initial(id);
    for (const event of stored) state = this.options.evolve(state, this.options.parse(event));
    return { streamId, state, version: stored.at(-1)?.streamVersion ?? 0n };
  }

  /** The append for `events` on a loaded stream (expected version = the loaded one), or none when there are none. */
  appendOf(
    loaded: LoadedStream<State>,
    events: readonly Event[],
    metadata?: Record<string, unknown>,
  ): AppendToStream[] {
    if (events.length === 0) return [];
    return [
      {
        streamId: loaded.streamId,
        expectedVersion: loaded.version,
        events: events.map((event) => ({ type: event.type, data: event.data, ...(metadata ? { metadata } : {}) })),
      },
    ];
  }

  /** The state after `events`, without reading again. */
  advance(loaded: LoadedStream<State>, events: readonly Event[]): State {
    return events.reduce(this.options.evolve, loaded.state);
  }
}
