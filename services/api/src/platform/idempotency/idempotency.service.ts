import { createHash } from 'node:crypto';
import { WrongExpectedVersionError, type EventStore, type TransactionHandle } from '@app/event-store';
import { ApiError, badRequest, conflict } from '../http/api-error';
import { claimIdempotencyKeys, idempotencyClaimId, type IdempotencyClaim } from './idempotency-claims';
import type { IdempotentRequest, IdempotentResponse, UnitOfWork } from './unit-of-work';
import { KeyedMutex } from './keyed-mutex';

export type { IdempotentRequest, IdempotentResponse, UnitOfWork } from './unit-of-work';

interface StoredRow {
  request_hash: string;
  status_code: number;
  response: unknown;
}

interface StoredRefusal {
  error: string;
  code: string;
  details?: unknown;
}

const MAX_CONFLICT_RETRIES = 50;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(typeof value === 'bigint' ? value.toString() : value) ?? 'null';
}

/**
 * Runs money-moving work at most once per idempotency key:
 * - same key and same body → the first answer again, nothing moves a second time;
 * - same key, another body → 409 IDEMPOTENCY_KEY_REUSED;
 * - a request refused with an ApiError (4xx) stores that refusal: the same key stays refused.
 * The key row is inserted first inside the work's transaction, so a concurrent duplicate waits on it and then reads
 * the committed answer. Version conflicts (WrongExpectedVersionError) roll back and rerun the whole unit.
 *
 * Usage: `idempotency.run({ scope, key, body }, async (unit) => { ...append with unit.transaction...; return
 * { status: 200, body } }, { lockKeys: [streamId] })`.
 */
export class IdempotencyService {
  private readonly mutex = new KeyedMutex();

  constructor(private readonly eventStore: EventStore) {}

  async run<Body>(
    request: IdempotentRequest,
    work: (unit: UnitOfWork) => Promise<{ status: number; body: Body }>,
    options: { lockKeys?: readonly string[] } = {},
  ): Promise<IdempotentResponse<Body>> {
    if (request.key !== undefined && !KEY_PATTERN.test(request.key)) {
      throw badRequest('INVALID_IDEMPOTENCY_KEY', 'Idempotency-Key must be 1 to 255 visible ASCII characters');
    }
    const requestHash = createHash('sha256').update(canonicalJson(request.body)).digest('hex');
    return this.mutex.runExclusive(options.lockKeys ?? [], () => this.attempt(request, requestHash, work));
  }

  /**
   * The group-committed form of `run`, for work that is one ledger command (`LedgerExecutor.executeClaimed`): the
   * key and its answer are inserted in the command's own commit, batched with other requests, instead of a
   * transaction per request. `execute(record)` passes `record(answer)` as the claim and returns what the executor
   * returned; an ApiError it throws (a refusal) is stored under the key like `run` does.
   */
  async runClaimed<Body>(
    request: IdempotentRequest & { key: string },
    execute: (record: (body: Body) => IdempotencyClaim) => Promise<{ kind: string }>,
  ): Promise<IdempotentResponse<Body>> {
    if (!KEY_PATTERN.test(request.key)) throw badRequest('INVALID_IDEMPOTENCY_KEY', 'Idempotency-Key must be 1 to 255 visible ASCII characters');
    const requestHash = createHash('sha256').update(canonicalJson(request.body)).digest('hex');
    let answered: { body: Body } | undefined;
    try {
      const outcome = await execute((body) => {
        answered = { body };
        return { scope: request.scope, key: request.key, requestHash, status: 200, response: body };
      });
      if (outcome.kind !== 'key-taken') {
        // The claim was recorded with the money: its body is the answer.
        if (!answered) throw new Error('Invariant broken: an accepted ledger command recorded no idempotency claim');
        return { status: 200, body: answered.body, replayed: false };
      }
    } catch (error) {
      if (error instanceof ApiError && error.status !== 409) return this.storeRefusal<Body>(request, requestHash, error);
      throw error;
    }
    return this.replay<Body>(request, await this.eventStore.withTransaction((transaction) => this.readStored(transaction, request)), requestHash);
  }

  private async attempt<Body>(
    request: IdempotentRequest,
    requestHash: string,
    work: (unit: UnitOfWork) => Promise<{ status: number; body: Body }>,
  ): Promise<IdempotentResponse<Body>> {
    for (let attempt = 0; ; attempt += 1) {
      const hooks: (() => void)[] = [];
      try {
        type Outcome = { fresh: { status: number; body: Body } } | { stored: StoredRow };
        const outcome = await this.eventStore.withTransaction(async (transaction): Promise<Outcome> => {
          if (request.key !== undefined) {
            // A placeholder answer (status 0) until the work's own answer replaces it below, in this transaction.
            const claim: IdempotencyClaim = { scope: request.scope, key: request.key, requestHash, status: 0, response: null };
            const claimed = await claimIdempotencyKeys(transaction, [claim]);
            if (!claimed.has(idempotencyClaimId(claim))) return { stored: await this.readStored(transaction, request) };
          }
          const result = await work({ transaction, afterCommit: (hook) => hooks.push(hook) });
          if (request.key !== undefined) {
            await transaction.query(
              `UPDATE idempotency_keys SET status_code = $3, response = $4::jsonb WHERE scope = $1 AND idempotency_key = $2`,
              [request.scope, request.key, result.status, JSON.stringify(result.body)],
            );
          }
          return { fresh: result };
        });
        hooks.forEach((hook) => hook());
        if ('fresh' in outcome) return { ...outcome.fresh, replayed: false };
        return this.replay<Body>(request, outcome.stored, requestHash);
      } catch (error) {
        if (error instanceof WrongExpectedVersionError && attempt < MAX_CONFLICT_RETRIES) continue;
        if (error instanceof ApiError && request.key !== undefined && error.status !== 409) {
          return this.storeRefusal<Body>({ ...request, key: request.key }, requestHash, error);
        }
        throw error;
      }
    }
  }

  private async readStored(transaction: TransactionHandle, request: IdempotentRequest): Promise<StoredRow> {
    const rows = await transaction.query<StoredRow>(
      'SELECT request_hash, status_code, response FROM idempotency_keys WHERE scope = $1 AND idempotency_key = $2',
      [request.scope, request.key],
    );
    if (!rows.rows[0]) throw new Error('Invariant broken: an idempotency key conflicted but cannot be read');
    return rows.rows[0];
  }

  private replay<Body>(request: IdempotentRequest, stored: StoredRow, requestHash: string): IdempotentResponse<Body> {
    if (stored.request_hash !== requestHash) {
      throw conflict('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used with a different request');
    }
    if (stored.status_code >= 400) {
      const refusal = stored.response as StoredRefusal;
      throw new ApiError(stored.status_code as ApiError['status'], refusal.code, refusal.error, refusal.details);
    }
    request.onReplay?.();
    return { status: stored.status_code, body: stored.response as Body, replayed: true };
  }

  /** The work was refused (and rolled back): record the refusal unless a concurrent twin recorded an answer. */
  private async storeRefusal<Body>(request: IdempotentRequest & { key: string }, requestHash: string, refusal: ApiError): Promise<IdempotentResponse<Body>> {
    const response: StoredRefusal = { error: refusal.message, code: refusal.code, ...(refusal.details !== undefined ? { details: refusal.details } : {}) };
    const claim: IdempotencyClaim = { scope: request.scope, key: request.key, requestHash, status: refusal.status, response };
    const stored = await this.eventStore.withTransaction(async (transaction) => {
      const claimed = await claimIdempotencyKeys(transaction, [claim]);
      return claimed.has(idempotencyClaimId(claim)) ? null : this.readStored(transaction, request);
    });
    if (stored === null) throw refusal;
    return this.replay<Body>(request, stored, requestHash);
  }
}
