import { Inject, Injectable, Optional } from '@nestjs/common';
import type { AppendToStream, EventStore } from '@app/event-store';
import { EVENT_STORE } from '../database/database.tokens';
import type { ApiError } from '../http/api-error';
import { IdempotencyService, type IdempotentRequest, type UnitOfWork } from '../idempotency/idempotency.service';
import { MONEY_PORT, type LedgerMoneyCommand, type MoneyMovement, type MoneyPort } from './money.port';

/** What a use case decided inside its unit of work: its events (with expected versions) and the money they move. */
export interface Decided<Body> {
  appends: AppendToStream[];
  money?: MoneyMovement | null;
  /** Instead of `money`: a hold, capture, release or reversal (`LedgerMoneyCommand`), in the same append. */
  ledgerCommand?: LedgerMoneyCommand | null;
  /** The answer, once the money is posted (its transaction id, or null when nothing moved). */
  answer(transactionId: string | null): Body;
}

export interface UseCase<Body> {
  /** Streams this request appends to: requests in this process that share one are queued, not raced. */
  lockKeys: readonly string[];
  /**
   * Loads the streams the command decides on (with `unit.transaction`), runs the module's pure `decide`, and throws
   * the module's ApiError on a refusal. It runs again after a version conflict, so ids and time are fixed outside.
   */
  decide(unit: UnitOfWork): Promise<Decided<Body>>;
  /** A module's own answer to a ledger refusal (e.g. 'Not enough gold'); undefined falls back to the ledger's. */
  moneyRefusal?(refusal: string, movement: MoneyMovement): ApiError | undefined;
  /** The same for a refused `ledgerCommand`. */
  ledgerRefusal?(refusal: string): ApiError | undefined;
  /** The route's `Idempotency-Key` (`@IdempotencyKey`); absent for a job: nothing is recorded. */
  idempotency?: IdempotentRequest;
  /** What tells a replay from another request, when not the whole request (e.g. only the item a purchase names). */
  idempotencyBody?: unknown;
}

const NOT_KEYED: IdempotentRequest = { scope: 'unkeyed', key: undefined, body: null };

/**
 * The one way a use case commits: load, decide, then append the module's events and the ledger's postings in one
 * atomic append with expected versions, at most once per `Idempotency-Key`, rerun on a version conflict.
 */
@Injectable()
export class UseCaseRunner {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    private readonly idempotency: IdempotencyService,
    @Optional() @Inject(MONEY_PORT) private readonly moneyPort?: MoneyPort,
  ) {}

  async run<Body>(useCase: UseCase<Body>): Promise<Body> {
    const keyed = useCase.idempotency ?? NOT_KEYED;
    const request = useCase.idempotencyBody === undefined ? keyed : { ...keyed, body: useCase.idempotencyBody };
    const result = await this.idempotency.run<Body>(
      request,
      async (unit) => {
        const decided = await useCase.decide(unit);
        let transactionId: string | null = null;
        if (decided.money) {
          const money = this.moneyPort;
          if (!money) throw new Error('A use case moved money in an application without the ledger module (MONEY_PORT)');
          const outcome = await money.moveWithin(decided.money, unit, decided.appends);
          if (outcome.kind === 'refused') {
            throw useCase.moneyRefusal?.(outcome.refusal, decided.money) ?? money.refusalError(outcome.refusal);
          }
          transactionId = outcome.transactionId;
        } else if (decided.ledgerCommand) {
          const money = this.moneyPort;
          if (!money) throw new Error('A use case moved money in an application without the ledger module (MONEY_PORT)');
          const outcome = await money.commandWithin(decided.ledgerCommand, unit, decided.appends);
          if (outcome.kind === 'refused') throw useCase.ledgerRefusal?.(outcome.refusal) ?? money.refusalError(outcome.refusal);
          transactionId = outcome.transactionId;
        } else if (decided.appends.length > 0) {
          await this.eventStore.append(decided.appends, { transaction: unit.transaction });
        }
        return { status: 200, body: decided.answer(transactionId) };
      },
      { lockKeys: useCase.lockKeys },
    );
    return result.body;
  }
}
