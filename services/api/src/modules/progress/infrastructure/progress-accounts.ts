import { PROGRESS_EVENT_SCHEMAS, PROGRESS_STREAM_PREFIX, type ProgressEvent } from '@app/contracts/progress';
import { AggregateReader } from '../../../platform/event-sourcing/aggregate-reader';
import { AggregateStreams, eventParser } from '../../../platform/event-sourcing/aggregate-stream';
import { evolve, initialProgressAccount, type ProgressAccountState } from '../domain/progress-account';

export const parseProgressEvent = eventParser<ProgressEvent>(PROGRESS_EVENT_SCHEMAS, 'progress');

export const progressAccountStreams = new AggregateStreams<ProgressAccountState, ProgressEvent>({
  streamPrefix: PROGRESS_STREAM_PREFIX,
  initial: initialProgressAccount,
  evolve,
  parse: parseProgressEvent,
});

/** Reads users' progress accounts from the event store. */
export class ProgressAccounts extends AggregateReader(progressAccountStreams) {}
