import { z } from 'zod';
import { defineRoute } from '../http/route';

/** A log position as decimal strings: bigints do not survive JSON. */
export const CheckpointSchema = z
  .object({ transactionId: z.string().regex(/^\d+$/), position: z.string().regex(/^\d+$/) })
  .meta({ id: 'Checkpoint' });

export const ProjectionStatusSchema = z.enum([
  'starting',
  'catching_up',
  'live',
  'standby',
  'rebuilding',
  'failed',
  'stopped',
]);

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

export const healthRoute = /*#__PURE__*/ defineRoute({
  method: 'get',
  path: '/api/health',
  summary: 'Readiness of the database, the job queue and the projections',
  description: '200 when everything is ready, 503 with the same body otherwise.',
  tags: ['platform'],
  public: true,
  responses: { 200: HealthResponseSchema },
  errors: { 503: 'Not ready (the body is a HealthResponse, not an ApiError)' },
});

export const LivenessResponseSchema = z
  .object({ status: z.literal('alive'), uptimeSeconds: z.number().nonnegative() })
  .meta({ id: 'LivenessResponse' });
export type LivenessResponse = z.infer<typeof LivenessResponseSchema>;

export const ReadinessResponseSchema = z
  .object({
    status: z.enum(['ready', 'not_ready']),
    checkedAt: z.string(),
    /** Why the process should get no traffic now; empty when ready. */
    reasons: z.array(z.string()),
  })
  .meta({ id: 'ReadinessResponse' });
export type ReadinessResponse = z.infer<typeof ReadinessResponseSchema>;

export const livenessRoute = /*#__PURE__*/ defineRoute({
  method: 'get',
  path: '/api/health/live',
  summary: 'Liveness: the process answers (no dependency is checked)',
  tags: ['platform'],
  public: true,
  responses: { 200: LivenessResponseSchema },
});

export const readinessRoute = /*#__PURE__*/ defineRoute({
  method: 'get',
  path: '/api/health/ready',
  summary:
    'Readiness: database and queue answer, no projection failed or trails the log by more than ' +
    'HEALTH_MAX_PROJECTION_LAG_SECONDS',
  description: '200 when ready, 503 with the same body (naming the reasons) otherwise; not ready while shutting down.',
  tags: ['platform'],
  public: true,
  responses: { 200: ReadinessResponseSchema },
  errors: { 503: 'Not ready (the body is a ReadinessResponse)' },
});

export const metricsRoute = /*#__PURE__*/ defineRoute({
  method: 'get',
  path: '/api/metrics',
  summary: 'Prometheus metrics (text exposition format)',
  description:
    'For a scraper with `Authorization: Bearer <METRICS_TOKEN>`, or an administrator session. HTTP durations ' +
    'by route and status, event store latency, projection lag, jobs per name and state, ledger transactions, ' +
    'postings and issuance, Node process metrics.',
  tags: ['platform'],
  public: true,
  responses: { 200: { description: 'text/plain; version=0.0.4', schema: null } },
});
