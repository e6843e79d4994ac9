import type { StoredEvent } from '../domain/rollup';

/** The job that stores one accepted batch (BullMQ, or in process without Redis). */
export const STORE_TELEMETRY_BATCH_JOB = 'telemetry.store-batch';

export interface StoreTelemetryBatchPayload {
  batchId: string;
  events: StoredEvent[];
}

/** Job ids are the batch id: a batch resent while its job is still queued is not queued twice. */
export const storeBatchJobId = (batchId: string) => `telemetry-batch-${batchId}`;
