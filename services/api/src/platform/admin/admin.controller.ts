import { Controller, Inject, Logger, Param } from '@nestjs/common';
import {
  JobIdParamsSchema,
  listFailedJobsRoute,
  listProjectionsRoute,
  ProjectionNameParamsSchema,
  queuesAccessRoute,
  rebuildProjectionRoute,
  retryFailedJobRoute,
  type FailedJob,
} from '@app/contracts';
import { notFound } from '../http/api-error';
import { AdminOnly } from '../http/public.decorator';
import { parseInput } from '../http/zod-validation';
import { JOB_QUEUE, type JobQueue } from '../jobs/job-queue.port';
import { ProjectionsService } from '../projections/projections.service';
import { startProjectionRebuild } from './start-projection-rebuild';
import { Route } from '../http/route.decorator';

/** Operator endpoints: failed jobs and projection rebuilds. Identity's global guard enforces `@AdminOnly()`. */
@AdminOnly()
@Controller()
export class AdminController {
  private readonly logger = new Logger('Admin');

  constructor(
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    private readonly projections: ProjectionsService,
  ) {}

  @Route(listFailedJobsRoute)
  async failedJobs(): Promise<{ items: FailedJob[] }> {
    const failed = await this.queue.listFailed();
    return { items: failed.map((job) => ({ ...job, failedAt: job.failedAt ? job.failedAt.toISOString() : null })) };
  }

  @Route(retryFailedJobRoute)
  async retryFailedJob(@Param() params: unknown): Promise<void> {
    const { id } = parseInput(JobIdParamsSchema, params);
    if (!(await this.queue.retryFailed(id))) throw notFound('FAILED_JOB_NOT_FOUND', `No failed job has id ${id}`);
  }

  /** 204 for an administrator: the check every Bull Board request passes first (`queue-board.ts`). */
  @Route(queuesAccessRoute)
  queuesAccess(): void {}

  @Route(listProjectionsRoute)
  async listProjections() {
    return { items: await this.projections.listProjections() };
  }

  /** Starts the rebuild and answers at once; progress shows in `GET /api/admin/projections`. */
  @Route(rebuildProjectionRoute)
  async rebuildProjection(@Param() params: unknown): Promise<{ name: string; started: true }> {
    const { name } = parseInput(ProjectionNameParamsSchema, params);
    startProjectionRebuild(this.projections, name, this.logger);
    return { name, started: true };
  }
}
