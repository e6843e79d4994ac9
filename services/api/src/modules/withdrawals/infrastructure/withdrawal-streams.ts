import { join } from 'node:path';
import { WITHDRAWAL_EVENT_SCHEMAS, WITHDRAWAL_STREAM_PREFIX, type WithdrawalEvent } from '@app/contracts/withdrawals';
import { AggregateReader } from '../../../platform/event-sourcing/aggregate-reader';
import { AggregateStreams, eventParser } from '../../../platform/event-sourcing/aggregate-stream';
import { evolveWithdrawal, initialWithdrawal, type WithdrawalState } from '../domain/withdrawal';

export const parseWithdrawalEvent = eventParser<WithdrawalEvent>(WITHDRAWAL_EVENT_SCHEMAS, 'withdrawals');

export const withdrawalStreams = new AggregateStreams<WithdrawalState, WithdrawalEvent>({
  streamPrefix: WITHDRAWAL_STREAM_PREFIX,
  initial: initialWithdrawal,
  evolve: evolveWithdrawal,
  parse: parseWithdrawalEvent,
});

export class Withdrawals extends AggregateReader(withdrawalStreams) {}

export const WITHDRAWALS_MIGRATIONS_DIRECTORY = join(__dirname, '..', 'migrations');
export const WITHDRAWALS_MIGRATIONS_TABLE = 'withdrawals_migrations';
