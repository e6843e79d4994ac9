import type { JobQueue } from '../../../platform/jobs/job-queue.port';
import type { StoredEvent } from '../domain/rollup';
import {
  STORE_TELEMETRY_BATCH_JOB,
  newStoreBatchJobId,
  type StoreTelemetryBatchPayload,
} from './store-telemetry-batch.job';

interface Pending {
  batchId: string;
  events: StoredEvent[];
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * Batches accepted within a few milliseconds of each other go to the queue as ONE job: each request still answers 202
 * only once the job holding its batch is durably queued, but the queue and the store see tens of batches per job
 * instead of one (fewer queue round trips, bigger groups per transaction). A window costs a request at most
 * `windowMs` of latency; a full job (by events) is queued at once.
 */
export class BatchEnqueuer {
  private pending: Pending[] = [];
  private pendingEvents = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly jobs: JobQueue,
    private readonly windowMs = 5,
    private readonly maxEventsPerJob = 2_000,
  ) {}

  enqueue(batchId: string, events: StoredEvent[]): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.pending.push({ batchId, events, resolve, reject });
      this.pendingEvents += events.length;
      if (this.pendingEvents >= this.maxEventsPerJob) this.flush();
      else this.timer ??= setTimeout(() => this.flush(), this.windowMs);
    });
  }

  private flush(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    const group = this.pending;
    this.pending = [];
    this.pendingEvents = 0;
    if (group.length === 0) return;
    const payload: StoreTelemetryBatchPayload = { batches: group.map(({ batchId, events }) => ({ batchId, events })) };
    this.jobs.enqueue(STORE_TELEMETRY_BATCH_JOB, payload, { jobId: newStoreBatchJobId(), attempts: 10 }).then(
      () => group.forEach((entry) => entry.resolve()),
      (error: unknown) => group.forEach((entry) => entry.reject(error)),
    );
  }
}
