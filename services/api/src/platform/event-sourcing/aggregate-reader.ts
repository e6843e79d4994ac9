import { Inject, Injectable, type Type } from '@nestjs/common';
import type { EventStore, TransactionHandle } from '@app/event-store';
import { EVENT_STORE } from '../database/database.tokens';
import type { AggregateStreams, DomainEvent, LoadedStream } from './aggregate-stream';

export interface AggregateReader<State> {
  readonly eventStore: EventStore;
  /** The aggregate `id` folded from its stream (inside the caller's unit of work when deciding). */
  load(id: string, transaction?: TransactionHandle): Promise<LoadedStream<State>>;
}

/**
 * The injectable base of a module's aggregate reader (`class ShopAccounts extends AggregateReader(shopAccountStreams)
 * {}`): the event store injected, `load` folding one stream. A class of its own per module keeps the modules' providers
 * apart.
 */
export function AggregateReader<State, Event extends DomainEvent>(
  streams: AggregateStreams<State, Event>,
): Type<AggregateReader<State>> {
  @Injectable()
  class Reader implements AggregateReader<State> {
    constructor(@Inject(EVENT_STORE) readonly eventStore: EventStore) {}

    load(id: string, transaction?: TransactionHandle): Promise<LoadedStream<State>> {
      return streams.load(this.eventStore, id, transaction);
    }
  }
  return Reader;
}
