import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { minorToApiNumber, type ReasonCode } from '@app/contracts/ledger';
import type { EngagementEvent } from '@app/contracts/engagement';
import type { TransactionHandle } from '@app/event-store';
import type { IdempotentRequest, UnitOfWork } from '../../../platform/idempotency/idempotency.service';
import type { ApiError } from '../../../platform/http/api-error';
import { UseCaseRunner, type Decided } from '../../../platform/use-cases/use-case-runner';
import type { MoneyMovement } from '../../../platform/use-cases/money.port';
import { GetContentForCommandQuery, type ContentForCommand } from '../../content';
import type { Posting } from '../domain/accounts';
import { contentNotFound, engagementRefusalToApiError } from '../engagement-refusals';
import { appendOf, EngagementStore, type Loaded } from './engagement-store';
import { applyEngagementEvents } from './inline-read-model';

export interface MoneyOf {
  transactionId: string;
  reasonCode: ReasonCode;
  description: string;
  postings: Posting[];
  now: string;
  references?: Record<string, string>;
}

export interface StreamEvents {
  loaded: Loaded<unknown>;
  events: readonly EngagementEvent[];
}

/**
 * The engagement context's one way to commit: every use case loads its streams in the unit of work, decides purely,
 * writes the inline read models and appends its events (with the versions it loaded) and the ledger's postings in
 * one atomic append through the platform's runner.
 */
@Injectable()
export class EngagementCommands {
  constructor(
    readonly store: EngagementStore,
    private readonly runner: UseCaseRunner,
    private readonly queryBus: QueryBus,
  ) {}

  /** The item as a command may decide on it (content's inline read model, in this transaction); 404 when gone. */
  async content(contentId: string, transaction: TransactionHandle): Promise<ContentForCommand> {
    const content = await this.queryBus.execute(new GetContentForCommandQuery(contentId, transaction));
    if (!content) throw contentNotFound();
    return content;
  }

  run<Body>(options: {
    lockKeys: string[];
    decide(unit: UnitOfWork): Promise<{ streams: StreamEvents[]; money: MoneyOf | null; answer(transactionId: string | null): Body }>;
    moneyRefusal?(refusal: string): ApiError | undefined;
    /** The route's `Idempotency-Key` (`@IdempotencyKey`); none for a job. */
    idempotency?: IdempotentRequest;
    idempotencyBody?: unknown;
  }): Promise<Body> {
    return this.runner.run<Body>({
      lockKeys: options.lockKeys,
      idempotency: options.idempotency,
      idempotencyBody: options.idempotencyBody,
      moneyRefusal: options.moneyRefusal ? (refusal) => options.moneyRefusal!(refusal) : undefined,
      decide: async (unit): Promise<Decided<Body>> => {
        const decided = await options.decide(unit);
        const events = decided.streams.flatMap((stream) => stream.events);
        await applyEngagementEvents(unit.transaction, events);
        const money: MoneyMovement | null =
          decided.money && decided.money.postings.length > 0
            ? { ...decided.money, postings: decided.money.postings.map((posting) => ({ ...posting })) }
            : null;
        return { appends: decided.streams.flatMap((stream) => appendOf(stream.loaded, stream.events)), money, answer: decided.answer };
      },
    });
  }
}

/** A refusal from a pure decider: the context's HTTP answer. */
export function refuse(decision: { kind: 'refused'; refusal: Parameters<typeof engagementRefusalToApiError>[0] }): never {
  throw engagementRefusalToApiError(decision.refusal);
}

export const points = (minor: bigint) => minorToApiNumber(minor, 'points');
export const usd = (minor: bigint) => minorToApiNumber(minor, 'usd');
