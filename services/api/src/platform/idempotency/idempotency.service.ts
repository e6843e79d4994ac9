import { WrongExpectedVersionError, type EventStore } from '@app/event-store';
import { ApiError } from '../http/api-error';
import { claimIdempotencyKeys, idempotencyClaimId, type IdempotencyClaim } from './idempotency-claims';
import { runGroup, type GroupOutcome, type GroupWork } from './idempotency-group';
import { KeyedMutex } from './keyed-mutex';
import {
  MAX_CONFLICT_RETRIES,
  RERUNS_ON_CONFLICT,
  invalidKey,
  isValidKey,
  readStored,
  replay,
  requestHashOf,
  storeRefusal,
  type StoredRow,
} from './stored-answers';
import type { IdempotentRequest, IdempotentResponse, UnitOfWork } from './unit-of-work';

export type { IdempotentRequest, IdempotentResponse, UnitOfWork } from './unit-of-work';
export { RerunGroupWithout, type GroupAnswer, type GroupOutcome, type GroupWork } from './idempotency-group';
export { canonicalJson } from './stored-answers';

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
    if (request.key !== undefined && !isValidKey(request.key)) throw invalidKey();
    const requestHash = requestHashOf(request);
    return this.mutex.runExclusive(options.lockKeys ?? [], () => this.attempt(request, requestHash, work));
  }

  /**
   * The group-committed form of `run`, for work that is one ledger command (`UseCaseRunner.runCommand`): the
   * key and its answer are inserted in the command's own commit, batched with other requests, instead of a
   * transaction per request. `execute(record)` passes `record(answer)` as the claim and returns what the executor
   * returned; an ApiError it throws (a refusal) is stored under the key like `run` does.
   */
  async runClaimed<Body>(
    request: IdempotentRequest & { key: string },
    execute: (record: (body: Body) => IdempotencyClaim) => Promise<{ kind: string }>,
  ): Promise<IdempotentResponse<Body>> {
    if (!isValidKey(request.key)) throw invalidKey();
    const requestHash = requestHashOf(request);
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
      if (error instanceof ApiError && error.status !== 409)
        return storeRefusal<Body>(this.eventStore, request, requestHash, error);
      throw error;
    }
    return replay<Body>(
      request,
      await this.eventStore.withTransaction((transaction) => readStored(transaction, request)),
      requestHash,
    );
  }

  /**
   * The grouped form of `run` (a group commit): several requests decided in ONE transaction under the same locks.
   * Each keyed request's key is claimed in one statement; a key recorded before replays its answer; `work` gets the
   * unit and the indexes of the requests still to decide, and answers each of them with its own `{ status, body }`
   * or its own refusal (an ApiError, stored under its key like `run` stores one) in the same transaction. A version
   * conflict reruns the whole group; an error thrown by `work` answers every request with it. One outcome per request.
   */
  runGroup<Body>(
    requests: readonly IdempotentRequest[],
    work: GroupWork<Body>,
    options: { lockKeys?: readonly string[] } = {},
  ): Promise<GroupOutcome<Body>[]> {
    return runGroup({ eventStore: this.eventStore, mutex: this.mutex }, requests, work, options);
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
            const claim: IdempotencyClaim = {
              scope: request.scope,
              key: request.key,
              requestHash,
              status: 0,
              response: null,
            };
            const claimed = await claimIdempotencyKeys(transaction, [claim]);
            if (!claimed.has(idempotencyClaimId(claim))) return { stored: await readStored(transaction, request) };
          }
          const result = await work({ transaction, afterCommit: (hook) => hooks.push(hook) });
          if (request.key !== undefined) {
            await transaction.query(
              `UPDATE idempotency_keys SET status_code = $3, response = $4::jsonb WHERE scope = $1 AND ` +
                `idempotency_key = $2`,
              [request.scope, request.key, result.status, JSON.stringify(result.body)],
            );
          }
          return { fresh: result };
        }, RERUNS_ON_CONFLICT);
        hooks.forEach((hook) => hook());
        if ('fresh' in outcome) return { ...outcome.fresh, replayed: false };
        return replay<Body>(request, outcome.stored, requestHash);
      } catch (error) {
        if (error instanceof WrongExpectedVersionError && attempt < MAX_CONFLICT_RETRIES) continue;
        if (error instanceof ApiError && request.key !== undefined && error.status !== 409) {
          return storeRefusal<Body>(this.eventStore, { ...request, key: request.key }, requestHash, error);
        }
        throw error;
      }
    }
  }
}
