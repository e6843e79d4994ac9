import type { AppendGuard, TransactionHandle } from '@app/event-store';
import { upsertRows } from '../database/upsert-rows';

/** An idempotency key with the answer to record for it, committed together with the money it answers for. */
export interface IdempotencyClaim {
  scope: string;
  key: string;
  /** sha256 of the request body's canonical JSON: tells a replay from a reuse of the key. */
  requestHash: string;
  status: number;
  response: unknown;
}

export const idempotencyClaimId = (claim: Pick<IdempotencyClaim, 'scope' | 'key'>) => `${claim.scope}\n${claim.key}`;

/**
 * Inserts the claims in one statement and returns the ids of those that were new. A key recorded by a transaction
 * still in flight makes the insert wait for it, then counts as taken: exactly one request per key moves money.
 * The caller keeps the keys of one call unique.
 */
export async function claimIdempotencyKeys(
  transaction: TransactionHandle,
  claims: readonly IdempotencyClaim[],
): Promise<Set<string>> {
  const inserted = await upsertRows<{ scope: string; idempotency_key: string }>(
    transaction,
    'idempotency_keys',
    { scope: 'text', idempotency_key: 'text', request_hash: 'text', status_code: 'integer', response: 'jsonb' },
    claims.map((claim) => [claim.scope, claim.key, claim.requestHash, claim.status, JSON.stringify(claim.response)]),
    'ON CONFLICT DO NOTHING RETURNING scope, idempotency_key',
  );
  return new Set(inserted.map((row) => idempotencyClaimId({ scope: row.scope, key: row.idempotency_key })));
}

/**
 * The claims as guard rows of an append: inserted by the append's own statement, all of them or none with the events.
 */
export function idempotencyGuard(claims: readonly IdempotencyClaim[]): AppendGuard {
  return {
    table: 'idempotency_keys',
    rows: claims.map((claim) => ({
      scope: claim.scope,
      idempotency_key: claim.key,
      request_hash: claim.requestHash,
      status_code: claim.status,
      response: claim.response,
    })),
  };
}
