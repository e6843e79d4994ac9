import { z } from 'zod';

/**
 * Events the telemetry context publishes to the event store (stream `telemetry-batch-<batchId>`, one event per stored
 * batch that holds content views). Appended in the same transaction that stores the batch, so a batch's views are
 * published exactly once however often the batch is resent or its job retried. The content context folds them
 * into `views_count`.
 */
export const ContentViewsCountedSchema = z.object({
  batchId: z.string(),
  /** Views per content id in the batch (each count ≥ 1). */
  views: z.array(z.object({ contentId: z.string(), views: z.number().int().min(1) })),
  at: z.string(),
});
export type ContentViewsCounted = z.infer<typeof ContentViewsCountedSchema>;

export const TELEMETRY_EVENT_SCHEMAS = { ContentViewsCounted: ContentViewsCountedSchema } as const;

export const telemetryBatchStreamId = (batchId: string) => `telemetry-batch-${batchId}`;
