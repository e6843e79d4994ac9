import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import type { Database, EventStore } from '@app/event-store';
import type { HealthResponse, LivenessResponse, ReadinessResponse } from '@app/contracts';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { DATABASE, DATABASE_POOL, EVENT_STORE } from '../database/database.tokens';
import { projectionLagWithSeconds } from '../metrics/projection-lag';
import type { Queryable } from '../projections/projection-runner';
import { JOB_QUEUE, type JobQueue } from '../jobs/job-queue.port';
import { ProjectionsService } from '../projections/projections.service';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The summary (`check`, `GET /api/health`): the database answers, the queue answers, and no projection is failing;
 * lag is reported, not judged. Liveness only says the process answers; readiness (`ready`) also bounds the lag and
 * turns 503 as soon as the application starts shutting down, so a balancer stops sending traffic first.
 */
@Injectable()
export class HealthService implements OnModuleDestroy {
  private shuttingDown = false;

  constructor(
    @Inject(DATABASE) private readonly database: Database,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    private readonly projections: ProjectionsService,
    @Inject(DATABASE_POOL) private readonly pool: Queryable,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The first shutdown hook Nest calls: from here on the process is not ready (in-flight requests still finish). */
  onModuleDestroy(): void {
    this.shuttingDown = true;
  }

  live(): LivenessResponse {
    return { status: 'alive', uptimeSeconds: Math.round(process.uptime()) };
  }

  async ready(): Promise<{ ready: boolean; body: ReadinessResponse }> {
    const reasons: string[] = [];
    if (this.shuttingDown) reasons.push('shutting down');
    else {
      const [database, queue] = await Promise.all([this.checkDatabase(), this.checkQueue()]);
      if (database.status !== 'up') reasons.push(`database down: ${database.error ?? 'no answer'}`);
      if (queue.status !== 'up') reasons.push(`queue down: ${queue.error ?? 'no answer'}`);
      if (database.status === 'up') {
        try {
          const report = await this.projections.lagReport(await this.eventStore.headCheckpoint());
          const bound = this.config.readyMaxProjectionLagSeconds;
          for (const item of await projectionLagWithSeconds(this.pool, report)) {
            if (item.status === 'failed') reasons.push(`projection ${item.name} failed`);
            else if (item.lagSeconds > bound)
              reasons.push(
                `projection ${item.name} trails the log by ${Math.round(item.lagSeconds)} s (bound ${bound} s)`,
              );
          }
        } catch (error) {
          reasons.push(`projections unreadable: ${messageOf(error)}`);
        }
      }
    }
    const ready = reasons.length === 0;
    return { ready, body: { status: ready ? 'ready' : 'not_ready', checkedAt: new Date().toISOString(), reasons } };
  }

  async check(): Promise<{ ready: boolean; body: HealthResponse }> {
    const [database, queue] = await Promise.all([this.checkDatabase(), this.checkQueue()]);
    let projections: HealthResponse['projections'] = { head: { transactionId: '0', position: '0' }, items: [] };
    let projectionsReady = database.status === 'up';
    if (database.status === 'up') {
      try {
        const head = await this.eventStore.headCheckpoint();
        const items = await this.projections.lagReport(head);
        projections = {
          head: { transactionId: head.transactionId.toString(), position: head.position.toString() },
          items,
        };
        projectionsReady = items.every((item) => item.status !== 'failed');
      } catch {
        projectionsReady = false;
      }
    }
    const ready = database.status === 'up' && queue.status === 'up' && projectionsReady;
    return {
      ready,
      body: { status: ready ? 'ok' : 'unavailable', checkedAt: new Date().toISOString(), database, queue, projections },
    };
  }

  private async checkDatabase(): Promise<HealthResponse['database']> {
    const started = performance.now();
    try {
      await this.database.pool.query('select 1');
      return { status: 'up', kind: this.database.kind, latencyMs: Math.round((performance.now() - started) * 10) / 10 };
    } catch (error) {
      return {
        status: 'down',
        kind: this.database.kind,
        latencyMs: Math.round(performance.now() - started),
        error: messageOf(error),
      };
    }
  }

  private async checkQueue(): Promise<HealthResponse['queue']> {
    try {
      await withTimeout(this.queue.ping(), 2_000);
      return { status: 'up', kind: this.queue.kind, failedJobs: await withTimeout(this.queue.failedCount(), 2_000) };
    } catch (error) {
      return { status: 'down', kind: this.queue.kind, failedJobs: 0, error: messageOf(error) };
    }
  }
}

/** A Redis that is down makes ioredis queue commands forever; health must answer anyway. */
function withTimeout<T>(promise: Promise<T>, milliseconds: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`No answer within ${milliseconds} ms`)), milliseconds);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
