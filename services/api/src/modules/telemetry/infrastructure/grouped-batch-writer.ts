import type { StoredEvent } from '../domain/rollup';

export interface BatchToStore {
  batchId: string;
  events: readonly StoredEvent[];
}

interface Waiting {
  batches: readonly BatchToStore[];
  events: number;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit for the store jobs: batches that arrive while a group is being written wait and go together in the
 * next group (one transaction, one statement per table), instead of a transaction and a commit each. Each caller's
 * promise settles with its group: a failed group fails every job in it, and each job is retried on its own (storing
 * is idempotent per batch id).
 */
export class GroupedBatchWriter {
  private waiting: Waiting[] = [];
  private writing = false;

  constructor(
    private readonly write: (batches: readonly BatchToStore[]) => Promise<unknown>,
    /**
     * Events in one group at most (a group is one set of statements; PostgreSQL takes large arrays, but not unbounded).
     */
    private readonly maxEventsPerGroup = 5_000,
  ) {}

  /** Stores the batches (one job's) with whatever else is waiting; resolves once their group committed. */
  store(batches: readonly BatchToStore[]): Promise<void> {
    if (batches.length === 0) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      this.waiting.push({
        batches,
        events: batches.reduce((sum, batch) => sum + batch.events.length, 0),
        resolve,
        reject,
      });
      void this.drain();
    });
  }

  private async drain(): Promise<void> {
    if (this.writing) return;
    this.writing = true;
    try {
      while (this.waiting.length > 0) {
        let events = 0;
        let size = 0;
        while (
          size < this.waiting.length &&
          (size === 0 || events + this.waiting[size]!.events <= this.maxEventsPerGroup)
        ) {
          events += this.waiting[size]!.events;
          size += 1;
        }
        const group = this.waiting.splice(0, size);
        try {
          await this.write(group.flatMap((entry) => entry.batches));
          for (const entry of group) entry.resolve();
        } catch (error) {
          for (const entry of group) entry.reject(error);
        }
      }
    } finally {
      this.writing = false;
    }
  }
}
