import type { AppendAlongside, AppendToStream } from '@app/event-store';
import type { Currency, ReasonCode } from '@app/contracts/ledger';
import type { ApiError } from '../http/api-error';
import type { UnitOfWork } from '../idempotency/idempotency.service';

/** One balanced movement of money as a use case decides it: the ledger's `PostTransaction`. */
export interface MoneyMovement {
  transactionId: string;
  reasonCode: ReasonCode;
  description: string;
  postings: Array<{ debitAccount: string; creditAccount: string; currency: Currency; amountMinor: bigint }>;
  now: string;
  references?: Record<string, string>;
}

/**
 * The ledger's two-phase and reversal commands as a use case decides them (a withdrawal's hold, its capture with
 * the fee as a second posting, its release; a refund's linked reversal): run in the caller's unit like a movement.
 */
export type LedgerMoneyCommand =
  | {
      type: 'PlaceHold';
      data: { holdId: string; userId: string; currency: Currency; amountMinor: bigint; expiresAt: string; reasonCode: ReasonCode; description: string; now: string };
    }
  | {
      type: 'CaptureHold';
      data: {
        holdId: string;
        userId: string;
        amountMinor: bigint;
        creditAccount: string;
        fee?: { creditAccount: string; amountMinor: bigint };
        transactionId: string;
        reasonCode: ReasonCode;
        description: string;
        now: string;
      };
    }
  | { type: 'ReleaseHold'; data: { holdId: string; userId: string; now: string } }
  | { type: 'ReverseTransaction'; data: { originalTransactionId: string; reversalTransactionId: string; description: string; now: string } };

export type MoneyOutcome = { kind: 'accepted'; transactionId: string } | { kind: 'refused'; refusal: string };

/**
 * How a use case moves money without knowing the ledger: the ledger module provides it (`MONEY_PORT`). `moveWithin`
 * decides the postings on the users' ledger streams and appends them together with `appends` (the module's own
 * events) in the unit's transaction: all of it commits, or none.
 */
export interface MoneyPort {
  moveWithin(movement: MoneyMovement, unit: UnitOfWork, appends: AppendToStream[]): Promise<MoneyOutcome>;
  /**
   * Group commit: several movements decided in turn (each on the balances the ones before it left), appended with
   * `appends` (and the module's writes `alongside`, in the append's own statement) in ONE append. When one is refused nothing is appended
   * (the others were decided as if it had moved): the caller decides again without it. One outcome per movement.
   */
  moveEachWithin(
    movements: readonly MoneyMovement[],
    unit: UnitOfWork,
    appends: AppendToStream[],
    alongside?: readonly AppendAlongside[],
  ): Promise<MoneyOutcome[]>;
  /** A hold, capture, release or reversal, decided and appended with `appends` in the unit's transaction. */
  commandWithin(command: LedgerMoneyCommand, unit: UnitOfWork, appends: AppendToStream[]): Promise<MoneyOutcome>;
  /** The HTTP answer for a refusal (422 'Insufficient balance' and the like). */
  refusalError(refusal: string): ApiError;
}

export const MONEY_PORT = Symbol('MONEY_PORT');
