import type { TransactionHandle } from '@app/event-store';

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
export async function claimIdempotencyKeys(transaction: TransactionHandle, claims: readonly IdempotencyClaim[]): Promise<Set<string>> {
  const inserted = await transaction.query<{ scope: string; idempotency_key: string }>(
    `INSERT INTO idempotency_keys (scope, idempotency_key, request_hash, status_code, response)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::jsonb[])
     ON CONFLICT DO NOTHING
     RETURNING scope, idempotency_key`,
    [
      claims.map((claim) => claim.scope),
      claims.map((claim) => claim.key),
      claims.map((claim) => claim.requestHash),
      claims.map((claim) => claim.status),
      claims.map((claim) => JSON.stringify(claim.response)),
    ],
  );
  return new Set(inserted.rows.map((row) => idempotencyClaimId({ scope: row.scope, key: row.idempotency_key })));
}
