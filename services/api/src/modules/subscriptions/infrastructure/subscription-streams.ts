import { v5 as uuidv5 } from 'uuid';
import {
  SUBSCRIPTION_EVENT_SCHEMAS,
  SUBSCRIPTION_STREAM_PREFIX,
  type SubscriptionEvent,
} from '@app/contracts/subscriptions';
import { AggregateReader } from '../../../platform/event-sourcing/aggregate-reader';
import { AggregateStreams, eventParser } from '../../../platform/event-sourcing/aggregate-stream';
import { evolveSubscription, initialSubscription, type SubscriptionState } from '../domain/subscription';

export const subscriptionStreams = new AggregateStreams<SubscriptionState, SubscriptionEvent>({
  streamPrefix: SUBSCRIPTION_STREAM_PREFIX,
  initial: initialSubscription,
  evolve: evolveSubscription,
  parse: eventParser<SubscriptionEvent>(SUBSCRIPTION_EVENT_SCHEMAS, 'subscriptions'),
});

/** Reads advertiser subscriptions from the event store. */
export class Subscriptions extends AggregateReader(subscriptionStreams) {}

const NAMESPACE = '0d9a3c52-7f7e-4c55-9f0b-6a2b1f4c9e13';
/** The allowance credit of one advertiser and period is named after both: the ledger refuses a second one. */
export const allowanceTransactionIdOf = (userId: string, periodKey: string) =>
  uuidv5(`moves-allowance:${userId}:${periodKey}`, NAMESPACE);
