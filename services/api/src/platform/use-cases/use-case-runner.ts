import { Inject, Injectable, Optional } from '@nestjs/common';
import type { AppendAlongside, AppendToStream, EventStore } from '@app/event-store';
import { EVENT_STORE } from '../database/database.tokens';
import { ApiError } from '../http/api-error';
import {
  IdempotencyService,
  RerunGroupWithout,
  type IdempotentRequest,
  type UnitOfWork,
} from '../idempotency/idempotency.service';
import {
  MONEY_PORT,
  type CommandAccepted,
  type LedgerCommand,
  type LedgerMoneyCommand,
  type MoneyMovement,
  type MoneyPort,
} from './money.port';

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

/** One member's part of a group's decision: its refusal, or its money and its answer. */
export type GroupMemberDecision<Body> =
  | { refusal: ApiError }
  | {
      money: MoneyMovement | null;
      answer(transactionId: string | null): Body;
      /** The member's own answer to a ledger refusal of its movement; undefined falls back to the ledger's. */
      moneyRefusal?(refusal: string): ApiError | undefined;
    };

/**
 * A group commit: requests of the same kind on the same streams, decided together in ONE unit of work (one lock,
 * one load, one append with the module's events and every member's ledger movement), each answered on its own.
 */
export interface GroupUseCase<Body> {
  lockKeys: readonly string[];
  /** Each member's `Idempotency-Key` (and what tells a replay from another request): recorded per member. */
  members: ReadonlyArray<{ idempotency?: IdempotentRequest; idempotencyBody?: unknown }>;
  /**
   * Decides the members at `indexes` (in that order, each on the state the ones before it left) and returns the
   * events of the accepted ones with their expected versions. It runs again (in a new transaction: the first is rolled
   * back) without a member whose money the ledger refused, and after a version conflict.
   */
  decide(unit: UnitOfWork, indexes: number[]): Promise<GroupDecided<Body>>;
}

/** What a group decided: its events, each member's part, and its own rows to write with the append. */
export interface GroupDecided<Body> {
  appends: AppendToStream[];
  members: Map<number, GroupMemberDecision<Body>>;
  /** The module's inline rows, written by the append's own statement (all or nothing with the events). */
  alongside?: readonly AppendAlongside[];
}

/**
 * A use case whose whole decision is one ledger command, with no events of its own (a conversion, a job's command):
 * it joins the ledger's group commit (one append and one transaction for many requests, across users), and its
 * `Idempotency-Key` and answer are recorded in that same append.
 */
export interface CommandUseCase<Body> {
  /** The decision. Ids and time are fixed in it: a version conflict decides it again. */
  command: LedgerCommand;
  /** The answer, from the accepted command (its transaction id, the ledger's state after it). */
  answer(accepted: CommandAccepted): Body;
  /**
   * A module's own answer to a ledger refusal: an ApiError to throw, or (for a caller without an idempotency key,
   * such as a command bus handler) `{ answer }` to return; undefined falls back to the ledger's ApiError.
   */
  refusal?(refusal: string): ApiError | { answer: Body } | undefined;
  idempotency?: IdempotentRequest;
  idempotencyBody?: unknown;
}

const NOT_KEYED: IdempotentRequest = { scope: 'unkeyed', key: undefined, body: null };

/**
 * The one way a use case commits: load, decide, then append the module's events and the ledger's postings in one
 * atomic append with expected versions, at most once per `Idempotency-Key`, rerun on a version conflict. A use case
 * (`run`), a group of them on the same streams (`runGroup`), or a ledger command on its own in the ledger's group
 * commit (`runCommand`).
 */
@Injectable()
export class UseCaseRunner {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    private readonly idempotency: IdempotencyService,
    @Optional() @Inject(MONEY_PORT) private readonly moneyPort?: MoneyPort,
  ) {}

  /** Runs a group (`GroupUseCase`): one outcome per member, in order, each its answer or its own error. */
  async runGroup<Body>(group: GroupUseCase<Body>): Promise<Array<{ ok: Body } | { error: unknown }>> {
    const requests = group.members.map((member) => {
      const keyed = member.idempotency ?? NOT_KEYED;
      return member.idempotencyBody === undefined ? keyed : { ...keyed, body: member.idempotencyBody };
    });
    const results = await this.idempotency.runGroup<Body>(
      requests,
      (unit, indexes) => this.decideGroup(group, unit, indexes),
      { lockKeys: group.lockKeys },
    );
    return results.map((result) => ('ok' in result ? { ok: result.ok.body } : result));
  }

  /**
   * Decides the group, then moves every member's money in one append. When the ledger refuses some members, the
   * others were decided as if those had bought: the transaction is rolled back and run again without them
   * (`RerunGroupWithout`). Refusals are rare, so this path is too; the common one has no savepoint to set (it was one
   * more round trip per group).
   */
  private async decideGroup<Body>(
    group: GroupUseCase<Body>,
    unit: UnitOfWork,
    indexes: number[],
  ): Promise<Map<number, { status: number; body: Body } | ApiError>> {
    const decided = await group.decide(unit, indexes);
    const moving = indexes.filter((index) => {
      const member = decided.members.get(index);
      return member !== undefined && !('refusal' in member) && member.money;
    });
    const transactionIds = new Map<number, string>();
    if (moving.length > 0) {
      const money = this.money();
      const movers = moving.map(
        (index) => decided.members.get(index) as Extract<GroupMemberDecision<Body>, { money: unknown }>,
      );
      const outcomes = await money.moveEachWithin(
        movers.map((member) => member.money!),
        unit,
        decided.appends,
        decided.alongside,
      );
      const refused = new Map<number, ApiError>();
      outcomes.forEach((outcome, position) => {
        if (outcome.kind === 'accepted') return void transactionIds.set(moving[position], outcome.transactionId);
        refused.set(
          moving[position],
          movers[position].moneyRefusal?.(outcome.refusal) ?? money.refusalError(outcome.refusal),
        );
      });
      if (refused.size > 0) throw new RerunGroupWithout(refused);
    } else if (decided.appends.length > 0) {
      await this.eventStore.append(decided.appends, { transaction: unit.transaction, alongside: decided.alongside });
    } else if (decided.alongside?.length) {
      throw new Error('Invariant broken: rows to write beside an append that has no events');
    }
    const answers = new Map<number, { status: number; body: Body } | ApiError>();
    for (const index of indexes) {
      const member = decided.members.get(index);
      if (!member) throw new Error('Invariant broken: a group member was not decided');
      answers.set(
        index,
        'refusal' in member ? member.refusal : { status: 200, body: member.answer(transactionIds.get(index) ?? null) },
      );
    }
    return answers;
  }

  /** Runs a `CommandUseCase`: the ledger's group commit, with the idempotency key recorded in the same append. */
  async runCommand<Body>(useCase: CommandUseCase<Body>): Promise<Body> {
    const money = this.money();
    const refused = (refusal: string): ApiError | { answer: Body } =>
      useCase.refusal?.(refusal) ?? money.refusalError(refusal);
    const keyed = useCase.idempotency;
    if (keyed?.key === undefined) {
      const outcome = await money.commit(useCase.command);
      if (outcome.kind === 'key-taken') throw new Error('Invariant broken: a command without a key found it taken');
      if (outcome.kind === 'accepted') return useCase.answer(outcome);
      const answer = refused(outcome.refusal);
      if (answer instanceof ApiError) throw answer;
      return answer.answer;
    }
    const request = useCase.idempotencyBody === undefined ? keyed : { ...keyed, body: useCase.idempotencyBody };
    const result = await this.idempotency.runClaimed<Body>({ ...request, key: keyed.key }, async (record) => {
      const outcome = await money.commit(useCase.command, (accepted) => record(useCase.answer(accepted)));
      if (outcome.kind !== 'refused') return outcome;
      const answer = refused(outcome.refusal);
      if (answer instanceof ApiError) throw answer;
      throw new Error('Invariant broken: a keyed command answered a refusal with a value (it must be an ApiError)');
    });
    return result.body;
  }

  private money(): MoneyPort {
    if (!this.moneyPort) {
      throw new Error('A use case moved money in an application without the ledger module (MONEY_PORT)');
    }
    return this.moneyPort;
  }

  async run<Body>(useCase: UseCase<Body>): Promise<Body> {
    const keyed = useCase.idempotency ?? NOT_KEYED;
    const request = useCase.idempotencyBody === undefined ? keyed : { ...keyed, body: useCase.idempotencyBody };
    const result = await this.idempotency.run<Body>(
      request,
      async (unit) => {
        const decided = await useCase.decide(unit);
        let transactionId: string | null = null;
        if (decided.money) {
          const money = this.money();
          const outcome = await money.moveWithin(decided.money, unit, decided.appends);
          if (outcome.kind === 'refused') {
            throw useCase.moneyRefusal?.(outcome.refusal, decided.money) ?? money.refusalError(outcome.refusal);
          }
          transactionId = outcome.transactionId;
        } else if (decided.ledgerCommand) {
          const money = this.money();
          const outcome = await money.commandWithin(decided.ledgerCommand, unit, decided.appends);
          if (outcome.kind === 'refused')
            throw useCase.ledgerRefusal?.(outcome.refusal) ?? money.refusalError(outcome.refusal);
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
