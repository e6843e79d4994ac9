import { Inject, Injectable } from '@nestjs/common';
import type { EventStore, StoredEvent, TransactionHandle } from '@app/event-store';
import { REWARDS_EVENT_SCHEMAS, REWARDS_STREAM_PREFIX, type RewardsEvent, type RewardsEventType } from '@app/contracts/src/rewards';
import { EVENT_STORE } from '../../../platform/database/database.tokens';
import { AggregateStreams, type LoadedStream } from '../../../platform/event-sourcing/aggregate-stream';
import { evolve, initialRewardsAccount, type RewardsAccountState } from '../domain/rewards-account';

export function parseRewardsEvent(stored: Pick<StoredEvent, 'type' | 'data'>): RewardsEvent {
  const schema = REWARDS_EVENT_SCHEMAS[stored.type as RewardsEventType];
  if (!schema) throw new Error(`Not a rewards event type: ${stored.type}`);
  return { type: stored.type, data: schema.parse(stored.data) } as RewardsEvent;
}

export const rewardsAccountStreams = new AggregateStreams<RewardsAccountState, RewardsEvent>({
  streamPrefix: REWARDS_STREAM_PREFIX,
  initial: initialRewardsAccount,
  evolve,
  parse: parseRewardsEvent,
});

/** Reads users' rewards accounts from the event store (inside a unit of work when deciding). */
@Injectable()
export class RewardsAccounts {
  constructor(@Inject(EVENT_STORE) readonly eventStore: EventStore) {}

  load(userId: string, transaction?: TransactionHandle): Promise<LoadedStream<RewardsAccountState>> {
    return rewardsAccountStreams.load(this.eventStore, userId, transaction);
  }
}
