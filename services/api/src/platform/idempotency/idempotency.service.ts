import { createHash } from 'node:crypto';
import { WrongExpectedVersionError, type EventStore, type TransactionHandle } from '@app/event-store';
import { ApiError, badRequest, conflict } from '../http/api-error';
import { rowsDocument, rowsTable } from '../database/upsert-rows';
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

/** What a group's work answers one member: its own `{ status, body }`, or its own refusal. */
type GroupAnswer<Body> = { status: number; body: Body } | ApiError;
type GroupOutcome<Body> = { ok: IdempotentResponse<Body> } | { error: unknown };

/**
 * Thrown by a group's work to roll its transaction back and run it again without these members, answered with
 * these errors (a ledger refusal, say: the others were decided as if they had bought). Each throw settles at least one
 * member more, so a group ends.
 */
export class RerunGroupWithout extends Error {
  constructor(readonly answers: ReadonlyMap<number, ApiError>) {
    super(`A group reruns without ${answers.size} member(s)`);
    this.name = 'RerunGroupWithout';
  }
}

/** A unit of work is rerun whole, in a new transaction, after a version conflict: its appends may abort it on one. */
const RERUNS_ON_CONFLICT = { rerunsOnConflict: true } as const;
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
 * What a replay under the same key must match. Only a keyed request is ever compared with a stored one, so a request
 * without a key is not hashed at all (the like path: a group of hundreds, none keyed, spent 3 % of its allocations on
 * it).
 */
function requestHashOf(request: IdempotentRequest): string {
  return request.key === undefined ? '' : createHash('sha256').update(canonicalJson(request.body)).digest('hex');
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
    if (!KEY_PATTERN.test(request.key))
      throw badRequest('INVALID_IDEMPOTENCY_KEY', 'Idempotency-Key must be 1 to 255 visible ASCII characters');
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
        return this.storeRefusal<Body>(request, requestHash, error);
      throw error;
    }
    return this.replay<Body>(
      request,
      await this.eventStore.withTransaction((transaction) => this.readStored(transaction, request)),
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
  async runGroup<Body>(
    requests: readonly IdempotentRequest[],
    work: (unit: UnitOfWork, indexes: number[]) => Promise<Map<number, { status: number; body: Body } | ApiError>>,
    options: { lockKeys?: readonly string[] } = {},
  ): Promise<Array<{ ok: IdempotentResponse<Body> } | { error: unknown }>> {
    const outcomes: Array<{ ok: IdempotentResponse<Body> } | { error: unknown } | undefined> = requests.map(
      (request) =>
        request.key !== undefined && !KEY_PATTERN.test(request.key)
          ? {
              error: badRequest('INVALID_IDEMPOTENCY_KEY', 'Idempotency-Key must be 1 to 255 visible ASCII characters'),
            }
          : undefined,
    );
    const hashes = requests.map(requestHashOf);
    const { members, later } = splitRepeatedKeys(requests, outcomes);
    // Members answered by an earlier attempt's RerunGroupWithout: not decided again, their answers recorded as any.
    const settled = new Map<number, ApiError>();
    await this.mutex.runExclusive(options.lockKeys ?? [], async () => {
      for (let attempt = 0; ; attempt += 1) {
        const hooks: (() => void)[] = [];
        try {
          const decided = await this.eventStore.withTransaction(async (transaction) => {
            const stored = await this.claimGroupKeys(transaction, requests, members, hashes);
            const fresh = members.filter((index) => !stored.has(index));
            const deciding = fresh.filter((index) => !settled.has(index));
            const answers =
              deciding.length > 0
                ? await work({ transaction, afterCommit: (hook) => hooks.push(hook) }, deciding)
                : new Map<number, { status: number; body: Body } | ApiError>();
            settled.forEach((answer, index) => answers.set(index, answer));
            await recordGroupAnswers(transaction, requests, fresh, answers);
            return { stored, answers };
          }, RERUNS_ON_CONFLICT);
          hooks.forEach((hook) => hook());
          for (const index of members) {
            const storedRow = decided.stored.get(index);
            if (storedRow) outcomes[index] = settle(() => this.replay<Body>(requests[index], storedRow, hashes[index]));
            else {
              const answer = decided.answers.get(index)!;
              outcomes[index] = answer instanceof ApiError ? { error: answer } : { ok: { ...answer, replayed: false } };
            }
          }
          return;
        } catch (error) {
          if (error instanceof RerunGroupWithout && [...error.answers.keys()].some((index) => !settled.has(index))) {
            error.answers.forEach((answer, index) => settled.set(index, answer));
            attempt -= 1; // Not a version conflict: it does not count against the conflict retries.
            continue;
          }
          if (error instanceof WrongExpectedVersionError && attempt < MAX_CONFLICT_RETRIES) continue;
          for (const index of members)
            outcomes[index] = await this.groupFailure<Body>(requests[index], hashes[index], error);
          return;
        }
      }
    });
    if (later.length > 0) {
      const rerun = await this.runLaterGroup(requests, later, work, options);
      rerun.forEach((outcome, position) => (outcomes[later[position]] = outcome));
    }
    return outcomes.map((outcome) => outcome!);
  }

  /**
   * The repeated keys of a group, once the group is done: their keys are recorded now (they replay) or were released
   * by a 409 (they are decided as a group of their own). Outcomes by position in `later`.
   */
  private runLaterGroup<Body>(
    requests: readonly IdempotentRequest[],
    later: number[],
    work: (unit: UnitOfWork, indexes: number[]) => Promise<Map<number, GroupAnswer<Body>>>,
    options: { lockKeys?: readonly string[] },
  ): Promise<GroupOutcome<Body>[]> {
    return this.runGroup<Body>(
      later.map((index) => requests[index]),
      async (unit, indexes) => {
        try {
          const answers = await work(
            unit,
            indexes.map((position) => later[position]),
          );
          return new Map(indexes.map((position) => [position, answers.get(later[position])!]));
        } catch (error) {
          // The work names members as this group does; the rerun's own loop knows them by position in `later`.
          if (error instanceof RerunGroupWithout)
            throw new RerunGroupWithout(
              new Map([...error.answers].map(([index, answer]) => [later.indexOf(index), answer])),
            );
          throw error;
        }
      },
      options,
    );
  }

  /** Claims the keys of the group's keyed members in one statement; the rows of keys recorded before, by member. */
  private async claimGroupKeys(
    transaction: TransactionHandle,
    requests: readonly IdempotentRequest[],
    members: number[],
    hashes: string[],
  ): Promise<Map<number, StoredRow>> {
    const stored = new Map<number, StoredRow>();
    const keyed = members.filter((index) => requests[index].key !== undefined);
    if (keyed.length === 0) return stored;
    const claims = keyed.map((index): IdempotencyClaim => ({
      scope: requests[index].scope,
      key: requests[index].key!,
      requestHash: hashes[index],
      status: 0,
      response: null,
    }));
    const claimed = await claimIdempotencyKeys(transaction, claims);
    for (const [position, index] of keyed.entries()) {
      if (!claimed.has(idempotencyClaimId(claims[position])))
        stored.set(index, await this.readStored(transaction, requests[index]));
    }
    return stored;
  }

  /** A member's outcome when its group failed: a refusal (not a 409) stored under its key, else the error itself. */
  private async groupFailure<Body>(
    request: IdempotentRequest,
    requestHash: string,
    error: unknown,
  ): Promise<GroupOutcome<Body>> {
    if (!(error instanceof ApiError && request.key !== undefined && error.status !== 409)) return { error };
    return this.storeRefusal<Body>({ ...request, key: request.key }, requestHash, error).then(
      (ok) => ({ ok }),
      (failure: unknown) => ({ error: failure }),
    );
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
            if (!claimed.has(idempotencyClaimId(claim))) return { stored: await this.readStored(transaction, request) };
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
  private async storeRefusal<Body>(
    request: IdempotentRequest & { key: string },
    requestHash: string,
    refusal: ApiError,
  ): Promise<IdempotentResponse<Body>> {
    const response = refusalOf(refusal);
    const claim: IdempotencyClaim = {
      scope: request.scope,
      key: request.key,
      requestHash,
      status: refusal.status,
      response,
    };
    const stored = await this.eventStore.withTransaction(async (transaction) => {
      const claimed = await claimIdempotencyKeys(transaction, [claim]);
      return claimed.has(idempotencyClaimId(claim)) ? null : this.readStored(transaction, request);
    });
    if (stored === null) throw refusal;
    return this.replay<Body>(request, stored, requestHash);
  }
}

/**
 * A key twice in one group: the later request waits for the group, then replays what the first one recorded.
 * `members` are decided now; requests that already have an outcome (an invalid key) are in neither list.
 */
function splitRepeatedKeys(
  requests: readonly IdempotentRequest[],
  outcomes: readonly unknown[],
): { members: number[]; later: number[] } {
  const seen = new Set<string>();
  const later: number[] = [];
  const members: number[] = [];
  requests.forEach((request, index) => {
    if (outcomes[index]) return;
    if (request.key === undefined) return void members.push(index);
    const id = idempotencyClaimId({ scope: request.scope, key: request.key });
    if (seen.has(id)) later.push(index);
    else {
      seen.add(id);
      members.push(index);
    }
  });
  return { members, later };
}

const ANSWER_ROWS = rowsTable(1, { scope: 'text', idempotency_key: 'text', status: 'integer', response: 'jsonb' });
const RELEASED_KEY_ROWS = rowsTable(1, { scope: 'text', idempotency_key: 'text' });

/** Writes each fresh keyed member's answer over its placeholder claim, in the group's transaction. */
async function recordGroupAnswers<Body>(
  transaction: TransactionHandle,
  requests: readonly IdempotentRequest[],
  fresh: number[],
  answers: ReadonlyMap<number, GroupAnswer<Body>>,
): Promise<void> {
  const rows: Array<[string, string, number, string]> = [];
  const released: Array<[string, string]> = [];
  for (const index of fresh) {
    const answer = answers.get(index);
    if (!answer) throw new Error('Invariant broken: a grouped request was not answered');
    const { scope, key } = requests[index];
    if (key === undefined) continue;
    // A 409 is not recorded (as in `run`): the same key may try again once the conflict is gone.
    if (answer instanceof ApiError && answer.status === 409) released.push([scope, key]);
    else
      rows.push(
        answer instanceof ApiError
          ? [scope, key, answer.status, JSON.stringify(refusalOf(answer))]
          : [scope, key, answer.status, JSON.stringify(answer.body)],
      );
  }
  if (rows.length > 0) {
    await transaction.query(
      `UPDATE idempotency_keys AS k SET status_code = v.status, response = v.response
       FROM ${ANSWER_ROWS} AS v
       WHERE k.scope = v.scope AND k.idempotency_key = v.idempotency_key`,
      [rowsDocument(rows)],
    );
  }
  if (released.length > 0) {
    await transaction.query(
      `DELETE FROM idempotency_keys AS k USING ${RELEASED_KEY_ROWS} AS v
       WHERE k.scope = v.scope AND k.idempotency_key = v.idempotency_key`,
      [rowsDocument(released)],
    );
  }
}

/** A refusal as it is stored under its key (and replayed). */
function refusalOf(refusal: ApiError): StoredRefusal {
  return {
    error: refusal.message,
    code: refusal.code,
    ...(refusal.details !== undefined ? { details: refusal.details } : {}),
  };
}

function settle<Body>(replay: () => IdempotentResponse<Body>): { ok: IdempotentResponse<Body> } | { error: unknown } {
  try {
    return { ok: replay() };
  } catch (error) {
    return { error };
  }
}
