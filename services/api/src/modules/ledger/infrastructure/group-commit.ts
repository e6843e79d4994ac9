import { type AppendResult, type AppendToStream, type EventStore } from '@app/event-store';

interface Pending {
  appends: AppendToStream[];
  resolve: (result: AppendResult) => void;
  reject: (error: unknown) => void;
}

const MAX_BATCH = 256;
/** Batches committing at the same time: the next batch fills while earlier ones wait for their WAL flush. */
const MAX_IN_FLIGHT = 3;

/**
 * Group commit: appends that arrive while a commit is in flight are committed together in the next single
 * `append` (one transaction, one WAL flush) instead of one transaction each. Each caller still gets its own result
 * and its own conflicts: when the combined append fails (a WrongExpectedVersionError of one item fails the whole
 * transaction), every item of that batch is retried alone, so one caller's conflict never fails another's command.
 * Items that touch a stream already in the batch wait for the next one. Up to MAX_IN_FLIGHT batches commit at once;
 * they cannot deadlock, because every append locks its stream rows in stream id order.
 */
export class GroupCommitter {
  private queue: Pending[] = [];
  private inFlight = 0;

  constructor(private readonly eventStore: EventStore) {}

  append(appends: AppendToStream[]): Promise<AppendResult> {
    return new Promise<AppendResult>((resolve, reject) => {
      this.queue.push({ appends, resolve, reject });
      if (this.inFlight < MAX_IN_FLIGHT) void this.flush();
    });
  }

  private async flush(): Promise<void> {
    this.inFlight += 1;
    try {
      while (this.queue.length > 0) {
        const batch: Pending[] = [];
        const rest: Pending[] = [];
        const streams = new Set<string>();
        for (const item of this.queue) {
          const collides = item.appends.some((append) => streams.has(append.streamId));
          if (collides || batch.length >= MAX_BATCH) rest.push(item);
          else {
            batch.push(item);
            for (const append of item.appends) streams.add(append.streamId);
          }
        }
        this.queue = rest;
        await this.commit(batch);
      }
    } finally {
      this.inFlight -= 1;
    }
  }

  private async commit(batch: Pending[]): Promise<void> {
    if (batch.length === 1) {
      await this.eventStore.append(batch[0].appends).then(batch[0].resolve, batch[0].reject);
      return;
    }
    let combined: AppendResult;
    try {
      combined = await this.eventStore.append(batch.flatMap((item) => item.appends));
    } catch {
      await Promise.all(batch.map((item) => this.eventStore.append(item.appends).then(item.resolve, item.reject)));
      return;
    }
    const versions = new Map(combined.streams.map((stream) => [stream.streamId, stream]));
    for (const item of batch) {
      const ids = new Set(item.appends.map((append) => append.streamId));
      item.resolve({
        streams: item.appends.map((append) => versions.get(append.streamId)!),
        events: combined.events.filter((event) => ids.has(event.streamId)),
        transactionId: combined.transactionId,
      });
    }
  }
}
