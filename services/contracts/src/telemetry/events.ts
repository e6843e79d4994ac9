import { z } from 'zod';

/**
 * Events the telemetry context publishes to the event store: `ContentViewsCounted` once per stored group of batches
 * that holds content views, on stream `telemetry-batch-<first batch id of the group>`. Appended in the same
 * transaction that stores (and claims) the batches, so their views are published exactly once however often a batch
 * is resent or its job retried. The content context folds them into `views_count`.
 */
export const ContentViewsCountedSchema = z.object({
  /** The batches whose views these are (each stored once, by this transaction). */
  batchIds: z.array(z.string()).min(1),
  /** Views per content id in the batch (each count ≥ 1). */
  views: z.array(z.object({ contentId: z.string(), views: z.number().int().min(1) })),
  at: z.string(),
});
export type ContentViewsCounted = z.infer<typeof ContentViewsCountedSchema>;

export const TELEMETRY_EVENT_SCHEMAS = { ContentViewsCounted: ContentViewsCountedSchema } as const;

export const telemetryBatchStreamId = (batchId: string) => `telemetry-batch-${batchId}`;
