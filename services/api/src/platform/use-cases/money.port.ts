import type { AppendAlongside, AppendToStream } from '@app/event-store';
import type { LedgerCommand, LedgerMoneyCommand, MoneyMovement } from '@app/contracts/ledger';

// The money vocabulary lives once, in the contracts (deciders return it); the port only runs it.
export type { LedgerCommand, LedgerMoneyCommand, MoneyMovement, Posting } from '@app/contracts/ledger';
import type { ApiError } from '../http/api-error';
import type { IdempotencyClaim } from '../idempotency/idempotency-claims';
import type { UnitOfWork } from '../idempotency/idempotency.service';

export type MoneyOutcome = { kind: 'accepted'; transactionId: string } | { kind: 'refused'; refusal: string };

/**
 * A committed (or, for an idempotency claim, about to commit) ledger command: its transaction id, if it posted one,
 * and the ledger's state of each user it touched afterwards (the ledger's own use cases answer from it).
 */
export interface CommandAccepted {
  transactionId: string | null;
  after: ReadonlyMap<string, unknown>;
}

/** A command committed on its own: accepted, refused, or (with a claim) its key was recorded before: nothing moved. */
export type CommittedOutcome =
  ({ kind: 'accepted' } & CommandAccepted) | { kind: 'refused'; refusal: string } | { kind: 'key-taken' };

/**
 * How a use case moves money without knowing the ledger: the ledger module provides it (`MONEY_PORT`). `moveWithin`
 * decides the postings on the users' ledger streams and appends them together with `appends` (the module's own
 * events) in the unit's transaction: all of it commits, or none.
 */
export interface MoneyPort {
  moveWithin(movement: MoneyMovement, unit: UnitOfWork, appends: AppendToStream[]): Promise<MoneyOutcome>;
  /**
   * Group commit: several movements decided in turn (each on the balances the ones before it left), appended with
   * `appends` (and the module's writes `alongside`, in the append's own statement) in ONE append. When one is refused
   * nothing is appended (the others were decided as if it had moved): the caller decides again without it. One outcome
   * per movement.
   */
  moveEachWithin(
    movements: readonly MoneyMovement[],
    unit: UnitOfWork,
    appends: AppendToStream[],
    alongside?: readonly AppendAlongside[],
  ): Promise<MoneyOutcome[]>;
  /** A hold, capture, release or reversal, decided and appended with `appends` in the unit's transaction. */
  commandWithin(command: LedgerMoneyCommand, unit: UnitOfWork, appends: AppendToStream[]): Promise<MoneyOutcome>;
  /**
   * A ledger command that commits nothing of the caller's beside it (a conversion, a job's command), group-committed
   * with the other commands in flight: one append, one transaction for many requests, retried on version conflicts.
   * `claimFor` builds the request's idempotency claim (key and answer) from the accepted outcome: it is recorded in
   * the same append. A reversal reads the original in a transaction of its own and takes no claim.
   */
  commit(command: LedgerCommand, claimFor?: (accepted: CommandAccepted) => IdempotencyClaim): Promise<CommittedOutcome>;
  /** The HTTP answer for a refusal (422 'Insufficient balance' and the like). */
  refusalError(refusal: string): ApiError;
}

export const MONEY_PORT = Symbol('MONEY_PORT');
