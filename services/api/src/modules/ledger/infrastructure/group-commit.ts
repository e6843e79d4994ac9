import { AppendGuardTakenError, type AppendResult, type AppendToStream, type EventStore } from '@app/event-store';
import {
  idempotencyClaimId,
  idempotencyGuard,
  type IdempotencyClaim,
} from '../../../platform/idempotency/idempotency-claims';
import { InFlightBatcher } from './in-flight-batcher';

/** What an item of a batch gets: its own append result, or word that its idempotency key was recorded before. */
export type GroupCommitResult = AppendResult | 'key-taken';

interface Pending {
  appends: AppendToStream[];
  claim: IdempotencyClaim | undefined;
  resolve: (result: GroupCommitResult) => void;
  reject: (error: unknown) => void;
}

const MAX_BATCH = 256;
/** Batches committing at the same time: the next batch fills while earlier ones wait for their WAL flush. */
const MAX_IN_FLIGHT = 3;
/**
 * A second (or third) batch starts only after appends have waited this long behind the one in flight. A commit
 * round trip takes well under a millisecond here, so at a moderate rate appends gather behind it into one statement
 * instead of opening a lane each; a commit that stalls (a slow WAL flush) holds the others back for at most this.
 */
const EXTRA_LANE_AFTER_MS = 2;

/**
 * Group commit: appends that arrive while a commit is in flight are committed together in the next single
 * `append` (one transaction, one WAL flush) instead of one transaction each. Each caller still gets its own result
 * and its own conflicts: when the combined append fails (a WrongExpectedVersionError of one item fails the whole
 * transaction), every item of that batch is retried alone, so one caller's conflict never fails another's command.
 * Items that touch a stream (or an idempotency key) already in the batch wait for the next one. Up to MAX_IN_FLIGHT
 * batches commit at once; they cannot deadlock, because every append locks its stream rows in stream id order.
 *
 * An item may carry an idempotency claim (the key and the answer to record): the batch's append inserts every claim
 * as a guard row of its own statement (one round trip, like a batch without keys). A key that exists already fails
 * the whole batch, whose items are then retried alone; the item whose key it is gets 'key-taken' and moves nothing,
 * and its caller replays the recorded answer. Keys are rarely reused, so this slow path is rare.
 */
export class GroupCommitter {
  private readonly batcher: InFlightBatcher<Pending>;

  constructor(
    private readonly eventStore: EventStore,
    tickMs = 0,
  ) {
    this.batcher = new InFlightBatcher<Pending>({
      maxInFlight: MAX_IN_FLIGHT,
      extraLaneAfterMs: EXTRA_LANE_AFTER_MS,
      tickMs,
      takeBatch: takeConflictFreeBatch,
      process: (batch) => this.commit(batch),
    });
  }

  append(appends: AppendToStream[]): Promise<AppendResult>;
  append(appends: AppendToStream[], claim: IdempotencyClaim): Promise<GroupCommitResult>;
  append(appends: AppendToStream[], claim?: IdempotencyClaim): Promise<GroupCommitResult> {
    return new Promise<GroupCommitResult>((resolve, reject) => this.batcher.add({ appends, claim, resolve, reject }));
  }

  private async commit(batch: Pending[]): Promise<void> {
    let outcomes: GroupCommitResult[];
    try {
      outcomes = await this.commitTogether(batch);
    } catch (error) {
      if (batch.length === 1) {
        settleFailure(batch[0], error);
        return;
      }
      await Promise.all(
        batch.map((item) =>
          this.commitTogether([item]).then(
            ([outcome]) => item.resolve(outcome),
            (failure: unknown) => settleFailure(item, failure),
          ),
        ),
      );
      return;
    }
    batch.forEach((item, index) => item.resolve(outcomes[index]));
  }

  /**
   * One append for the whole batch, with its idempotency claims as guard rows; throws (and writes nothing) if any part
   * fails.
   */
  private async commitTogether(batch: Pending[]): Promise<AppendResult[]> {
    const claims = batch.flatMap((item) => (item.claim ? [item.claim] : []));
    const combined = await this.eventStore.append(
      batch.flatMap((item) => item.appends),
      claims.length > 0 ? { guard: idempotencyGuard(claims) } : {},
    );
    return batch.map((item) => resultFor(item, combined));
  }
}

/** Up to MAX_BATCH items, none touching a stream (or an idempotency key) an earlier item of the batch touches. */
function takeConflictFreeBatch(queue: Pending[]): { batch: Pending[]; rest: Pending[] } {
  const batch: Pending[] = [];
  const rest: Pending[] = [];
  const taken = new Set<string>();
  for (const item of queue) {
    const keys = item.appends.map((append) => `stream:${append.streamId}`);
    if (item.claim) keys.push(`claim:${idempotencyClaimId(item.claim)}`);
    if (batch.length >= MAX_BATCH || keys.some((key) => taken.has(key))) rest.push(item);
    else {
      batch.push(item);
      keys.forEach((key) => taken.add(key));
    }
  }
  return { batch, rest };
}

/**
 * A failed item alone: its own key existing already means its request was answered before; anything else is an error.
 */
function settleFailure(item: Pending, error: unknown): void {
  if (error instanceof AppendGuardTakenError && item.claim) item.resolve('key-taken');
  else item.reject(error);
}

/** One item's share of a combined append. */
function resultFor(item: Pending, combined: AppendResult): AppendResult {
  const versions = new Map(combined.streams.map((stream) => [stream.streamId, stream]));
  const ids = new Set(item.appends.map((append) => append.streamId));
  return {
    streams: item.appends.map((append) => versions.get(append.streamId)!),
    events: combined.events.filter((event) => ids.has(event.streamId)),
    transactionId: combined.transactionId,
  };
}
