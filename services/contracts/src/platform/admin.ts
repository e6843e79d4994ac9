import { z } from 'zod';
import { defineRoute } from '../http/route';
import { ProjectionHealthSchema } from './health';

export const FailedJobSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    payload: z.unknown(),
    attemptsMade: z.number().int(),
    failedReason: z.string(),
    failedAt: z.string().nullable(),
  })
  .meta({ id: 'FailedJob' });
export type FailedJob = z.infer<typeof FailedJobSchema>;

export const FailedJobsResponseSchema = z
  .object({ items: z.array(FailedJobSchema) })
  .meta({ id: 'FailedJobsResponse' });

export const JobIdParamsSchema = z.object({ id: z.string().min(1) });

export const listFailedJobsRoute = /*#__PURE__*/ defineRoute({
  method: 'get',
  path: '/api/admin/jobs/failed',
  summary: 'Jobs that used up their attempts; kept until retried',
  tags: ['admin'],
  responses: { 200: FailedJobsResponseSchema },
});

export const retryFailedJobRoute = /*#__PURE__*/ defineRoute({
  method: 'post',
  path: '/api/admin/jobs/failed/:id/retry',
  summary: 'Puts a failed job back in the queue with fresh attempts',
  tags: ['admin'],
  request: { params: JobIdParamsSchema },
  responses: { 202: null },
});

/** Bull Board, the full view of the BullMQ queue; the console links to it (a page, not a JSON answer). */
export const queueBoardRoute = /*#__PURE__*/ defineRoute({
  method: 'get',
  path: '/api/admin/queues',
  summary: 'Bull Board for administrators: every job state, payloads, retry and clean (BullMQ deployments only)',
  tags: ['admin'],
  responses: { 200: { description: 'text/html', schema: null } },
  errors: { 404: 'Jobs run in process (no Redis): there is no board; `GET /api/admin/jobs/failed` lists failed jobs' },
});

export const queuesAccessRoute = /*#__PURE__*/ defineRoute({
  method: 'get',
  path: '/api/admin/queues-access',
  summary: 'Answers 204 for an administrator: the check every queue board (/api/admin/queues) request passes first',
  tags: ['admin'],
  responses: { 204: null },
});

export const ProjectionRebuildSchema = z
  .object({
    id: z.string(),
    status: z.enum(['running', 'completed', 'failed']),
    eventsDone: z.number().int(),
    eventsTotal: z.number().int(),
    eventsPerSecond: z.number(),
    startedAt: z.string(),
    finishedAt: z.string().nullable(),
    error: z.string().nullable(),
  })
  .meta({ id: 'ProjectionRebuild' });

/** A projection's health (as `/health` reports it) plus its last rebuild. */
export const ProjectionSummarySchema = ProjectionHealthSchema.extend({
  lastRebuild: ProjectionRebuildSchema.nullable(),
}).meta({ id: 'ProjectionSummary' });

export type ProjectionSummary = z.infer<typeof ProjectionSummarySchema>;

export const ProjectionsResponseSchema = z
  .object({ items: z.array(ProjectionSummarySchema) })
  .meta({ id: 'ProjectionsResponse' });

export const ProjectionNameParamsSchema = z.object({ name: z.string().min(1) });

export const listProjectionsRoute = /*#__PURE__*/ defineRoute({
  method: 'get',
  path: '/api/admin/projections',
  summary: 'Every registered projection with its checkpoint, lag and last rebuild',
  tags: ['admin'],
  responses: { 200: ProjectionsResponseSchema },
});

export const rebuildProjectionRoute = /*#__PURE__*/ defineRoute({
  method: 'post',
  path: '/api/admin/projections/:name/rebuild',
  summary: 'Rebuilds a projection into fresh tables while the live ones keep serving, then swaps them in',
  description: 'Answers at once; follow the progress in `GET /api/admin/projections` (`lastRebuild`).',
  tags: ['admin'],
  request: { params: ProjectionNameParamsSchema },
  responses: { 202: z.object({ name: z.string(), started: z.literal(true) }) },
  errors: { 409: 'A rebuild of this projection is already running' },
});
