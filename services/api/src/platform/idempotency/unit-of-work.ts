import type { TransactionHandle } from '@app/event-store';

/** A transaction plus hooks that run only once it has committed (cache updates must never see a rollback). */
export interface UnitOfWork {
  transaction: TransactionHandle;
  afterCommit(hook: () => void): void;
}

export interface IdempotentRequest {
  /** Who and what: e.g. `POST /api/users/convert:<userId>`. Keys are unique per scope. */
  scope: string;
  /** The `Idempotency-Key` header; undefined runs the work without recording it. */
  key: string | undefined;
  /** The parsed request body; its canonical JSON hash tells a replay from a reuse of the key. */
  body: unknown;
  /** Called when the answer is the stored one (the route sets `Idempotency-Replayed: true`). */
  onReplay?: () => void;
}

export interface IdempotentResponse<Body> {
  status: number;
  body: Body;
  /** True when the answer is the stored one of an earlier request with the same key. */
  replayed: boolean;
}
