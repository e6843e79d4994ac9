import { Inject, Injectable } from '@nestjs/common';
import type { EventStore, StoredEvent, TransactionHandle } from '@app/event-store';
import { PROGRESS_EVENT_SCHEMAS, PROGRESS_STREAM_PREFIX, type ProgressEvent, type ProgressEventType } from '@app/contracts/src/progress';
import { EVENT_STORE } from '../../../platform/database/database.tokens';
import { AggregateStreams, type LoadedStream } from '../../../platform/event-sourcing/aggregate-stream';
import { evolve, initialProgressAccount, type ProgressAccountState } from '../domain/progress-account';

export function parseProgressEvent(stored: Pick<StoredEvent, 'type' | 'data'>): ProgressEvent {
  const schema = PROGRESS_EVENT_SCHEMAS[stored.type as ProgressEventType];
  if (!schema) throw new Error(`Not a progress event type: ${stored.type}`);
  return { type: stored.type, data: schema.parse(stored.data) } as ProgressEvent;
}

export const progressAccountStreams = new AggregateStreams<ProgressAccountState, ProgressEvent>({
  streamPrefix: PROGRESS_STREAM_PREFIX,
  initial: initialProgressAccount,
  evolve,
  parse: parseProgressEvent,
});

@Injectable()
export class ProgressAccounts {
  constructor(@Inject(EVENT_STORE) readonly eventStore: EventStore) {}

  load(userId: string, transaction?: TransactionHandle): Promise<LoadedStream<ProgressAccountState>> {
    return progressAccountStreams.load(this.eventStore, userId, transaction);
  }
}
