import type { AppendToStream } from '@app/event-store';
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

export type MoneyOutcome = { kind: 'accepted'; transactionId: string } | { kind: 'refused'; refusal: string };

/**
 * How a use case moves money without knowing the ledger: the ledger module provides it (`MONEY_PORT`). `moveWithin`
 * decides the postings on the users' ledger streams and appends them together with `appends` (the module's own
 * events) in the unit's transaction: all of it commits, or none.
 */
export interface MoneyPort {
  moveWithin(movement: MoneyMovement, unit: UnitOfWork, appends: AppendToStream[]): Promise<MoneyOutcome>;
  /** The HTTP answer for a refusal (422 'Insufficient balance' and the like). */
  refusalError(refusal: string): ApiError;
}

export const MONEY_PORT = Symbol('MONEY_PORT');
