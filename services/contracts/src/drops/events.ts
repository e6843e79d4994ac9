import { z } from 'zod';

/**
 * Drops event payloads as stored. Streams: `drop-<dropId>` (the drop and every application's seat on it, so
 * capacity is decided against one stream version) and `drop-application-<applicationId>`.
 * Timestamps are ISO-8601 strings; amounts are strings of minor units.
 */
export const DROP_TYPES = ['proof', 'paid', 'move'] as const;
export const DropTypeSchema = z.enum(DROP_TYPES);
export type DropType = z.infer<typeof DropTypeSchema>;

/** Emitted once per application when the creator completes it; other contexts (the master key) count these. */
export const DROP_APPLICATION_COMPLETED = 'DropApplicationCompleted' as const;
export const DropApplicationCompletedSchema = z.object({
  applicationId: z.string(),
  dropId: z.string(),
  applicantUserId: z.string(),
  dropType: DropTypeSchema,
  completedAt: z.string(),
});
export type DropApplicationCompleted = z.infer<typeof DropApplicationCompletedSchema>;
