import { randomUUID } from 'node:crypto';
import type { StoredEvent } from '../domain/rollup';

/** The job that stores accepted batches (BullMQ, or in process without Redis). */
export const STORE_TELEMETRY_BATCH_JOB = 'telemetry.store-batch';

export interface StoreTelemetryBatchPayload {
  /** The batches accepted within one short window (see BatchEnqueuer), each stored once by its id. */
  batches: Array<{ batchId: string; events: StoredEvent[] }>;
}

/** A job of the first release carried one batch; still read, so jobs queued before an upgrade are stored. */
export function batchesOf(
  payload: StoreTelemetryBatchPayload | { batchId: string; events: StoredEvent[] },
): StoreTelemetryBatchPayload['batches'] {
  return 'batches' in payload ? payload.batches : [{ batchId: payload.batchId, events: payload.events }];
}

/**
 * Every job has its own id: a job holds several batches, so naming it after one of them would let a resend of that
 * batch make the queue ignore a new job holding others. A resent batch is stored once by its claim in the database.
 */
export const newStoreBatchJobId = () => `telemetry-batches-${randomUUID()}`;
