import { REWARDS_EVENT_SCHEMAS, REWARDS_STREAM_PREFIX, type RewardsEvent } from '@app/contracts/rewards';
import { AggregateReader } from '../../../platform/event-sourcing/aggregate-reader';
import { AggregateStreams, eventParser } from '../../../platform/event-sourcing/aggregate-stream';
import { evolve, initialRewardsAccount, type RewardsAccountState } from '../domain/rewards-account';

export const parseRewardsEvent = eventParser<RewardsEvent>(REWARDS_EVENT_SCHEMAS, 'rewards');

export const rewardsAccountStreams = new AggregateStreams<RewardsAccountState, RewardsEvent>({
  streamPrefix: REWARDS_STREAM_PREFIX,
  initial: initialRewardsAccount,
  evolve,
  parse: parseRewardsEvent,
});

/** Reads users' rewards accounts from the event store (inside a unit of work when deciding). */
export class RewardsAccounts extends AggregateReader(rewardsAccountStreams) {}
