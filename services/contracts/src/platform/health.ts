import { z } from 'zod';
import { defineRoute } from '../openapi/registry';

/** A log position as decimal strings: bigints do not survive JSON. */
export const CheckpointSchema = z
  .object({ transactionId: z.string().regex(/^\d+$/), position: z.string().regex(/^\d+$/) })
  .meta({ id: 'Checkpoint' });

export const ProjectionStatusSchema = z.enum(['starting', 'catching_up', 'live', 'standby', 'rebuilding', 'failed', 'stopped']);

export const ProjectionHealthSchema = z
  .object({
    name: z.string(),
    version: z.number().int(),
    status: ProjectionStatusSchema,
    checkpoint: CheckpointSchema,
    /** Events in the log after the checkpoint (approximate when positions were skipped by rolled-back writers). */
    lagEvents: z.number().int().nonnegative(),
    lastError: z.string().optional(),
  })
  .meta({ id: 'ProjectionHealth' });

export const HealthResponseSchema = z
  .object({
    status: z.enum(['ok', 'unavailable']),
    checkedAt: z.string(),
    database: z.object({
      status: z.enum(['up', 'down']),
      kind: z.enum(['postgres', 'pglite']),
      latencyMs: z.number().nonnegative(),
      error: z.string().optional(),
    }),
    queue: z.object({
      status: z.enum(['up', 'down']),
      kind: z.enum(['redis', 'in_process']),
      failedJobs: z.number().int().nonnegative(),
      error: z.string().optional(),
    }),
    projections: z.object({
      head: CheckpointSchema,
      items: z.array(ProjectionHealthSchema),
    }),
  })
  .meta({ id: 'HealthResponse' });
export type HealthResponse = z.infer<typeof HealthResponseSchema>;

export const healthRoute = defineRoute({
  method: 'get',
  path: '/api/health',
  summary: 'Readiness of the database, the job queue and the projections',
  description: '200 when everything is ready, 503 with the same body otherwise.',
  tags: ['platform'],
  public: true,
  responses: { 200: HealthResponseSchema },
  errors: { 503: 'Not ready (the body is a HealthResponse, not an ApiError)' },
});
