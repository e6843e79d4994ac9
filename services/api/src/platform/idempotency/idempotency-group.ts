import { WrongExpectedVersionError, type EventStore, type TransactionHandle } from '@app/event-store';
import { ApiError } from '../http/api-error';
import { rowsDocument, rowsTable } from '../database/upsert-rows';
import { claimIdempotencyKeys, idempotencyClaimId, type IdempotencyClaim } from './idempotency-claims';
import type { KeyedMutex } from './keyed-mutex';
import {
  MAX_CONFLICT_RETRIES,
  RERUNS_ON_CONFLICT,
  invalidKey,
  isValidKey,
  readStored,
  refusalOf,
  replay,
  requestHashOf,
  storeRefusal,
  type StoredRow,
} from './stored-answers';
import type { IdempotentRequest, IdempotentResponse, UnitOfWork } from './unit-of-work';

/** What a group's work answers one member: its own `{ status, body }`, or its own refusal. */
export type GroupAnswer<Body> = { status: number; body: Body } | ApiError;
export type GroupOutcome<Body> = { ok: IdempotentResponse<Body> } | { error: unknown };
export type GroupWork<Body> = (unit: UnitOfWork, indexes: number[]) => Promise<Map<number, GroupAnswer<Body>>>;

/** What a group runs on: the service's event store, and its locks (shared with `run`). */
export interface GroupStore {
  eventStore: EventStore;
  mutex: KeyedMutex;
}

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

/** `IdempotencyService.runGroup`: see there. */
export async function runGroup<Body>(
  store: GroupStore,
  requests: readonly IdempotentRequest[],
  work: GroupWork<Body>,
  options: { lockKeys?: readonly string[] },
): Promise<GroupOutcome<Body>[]> {
  const outcomes: Array<GroupOutcome<Body> | undefined> = requests.map((request) =>
    request.key !== undefined && !isValidKey(request.key) ? { error: invalidKey() } : undefined,
  );
  const hashes = requests.map(requestHashOf);
  const { members, later } = splitRepeatedKeys(requests, outcomes);
  // Members answered by an earlier attempt's RerunGroupWithout: not decided again, their answers recorded as any.
  const settled = new Map<number, ApiError>();
  await store.mutex.runExclusive(options.lockKeys ?? [], async () => {
    for (let attempt = 0; ; attempt += 1) {
      const hooks: (() => void)[] = [];
      try {
        const decided = await store.eventStore.withTransaction(async (transaction) => {
          const stored = await claimGroupKeys(transaction, requests, members, hashes);
          const fresh = members.filter((index) => !stored.has(index));
          const deciding = fresh.filter((index) => !settled.has(index));
          const answers =
            deciding.length > 0
              ? await work({ transaction, afterCommit: (hook) => hooks.push(hook) }, deciding)
              : new Map<number, GroupAnswer<Body>>();
          settled.forEach((answer, index) => answers.set(index, answer));
          await recordGroupAnswers(transaction, requests, fresh, answers);
          return { stored, answers };
        }, RERUNS_ON_CONFLICT);
        hooks.forEach((hook) => hook());
        for (const index of members) {
          const storedRow = decided.stored.get(index);
          if (storedRow) outcomes[index] = settle(() => replay<Body>(requests[index], storedRow, hashes[index]));
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
          outcomes[index] = await groupFailure<Body>(store.eventStore, requests[index], hashes[index], error);
        return;
      }
    }
  });
  if (later.length > 0) {
    const rerun = await runLaterGroup(store, requests, later, work, options);
    rerun.forEach((outcome, position) => (outcomes[later[position]] = outcome));
  }
  return outcomes.map((outcome) => outcome!);
}

/**
 * The repeated keys of a group, once the group is done: their keys are recorded now (they replay) or were released
 * by a 409 (they are decided as a group of their own). Outcomes by position in `later`.
 */
function runLaterGroup<Body>(
  store: GroupStore,
  requests: readonly IdempotentRequest[],
  later: number[],
  work: GroupWork<Body>,
  options: { lockKeys?: readonly string[] },
): Promise<GroupOutcome<Body>[]> {
  return runGroup<Body>(
    store,
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
async function claimGroupKeys(
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
      stored.set(index, await readStored(transaction, requests[index]));
  }
  return stored;
}

/** A member's outcome when its group failed: a refusal (not a 409) stored under its key, else the error itself. */
async function groupFailure<Body>(
  eventStore: EventStore,
  request: IdempotentRequest,
  requestHash: string,
  error: unknown,
): Promise<GroupOutcome<Body>> {
  if (!(error instanceof ApiError && request.key !== undefined && error.status !== 409)) return { error };
  return storeRefusal<Body>(eventStore, { ...request, key: request.key }, requestHash, error).then(
    (ok) => ({ ok }),
    (failure: unknown) => ({ error: failure }),
  );
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

function settle<Body>(replayStored: () => IdempotentResponse<Body>): GroupOutcome<Body> {
  try {
    return { ok: replayStored() };
  } catch (error) {
    return { error };
  }
}
