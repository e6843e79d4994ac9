import { Inject, Injectable } from '@nestjs/common';
import type { Database, EventStore } from '@app/event-store';
import type { HealthResponse } from '@app/contracts';
import { DATABASE, EVENT_STORE } from '../database/database.tokens';
import { JOB_QUEUE, type JobQueue } from '../jobs/job-queue.port';
import { ProjectionsService } from '../projections/projections.service';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Readiness: the database answers, the queue answers, and no projection is failing. Lag is reported, not judged. */
@Injectable()
export class HealthService {
  constructor(
    @Inject(DATABASE) private readonly database: Database,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    private readonly projections: ProjectionsService,
  ) {}

  async check(): Promise<{ ready: boolean; body: HealthResponse }> {
    const [database, queue] = await Promise.all([this.checkDatabase(), this.checkQueue()]);
    let projections: HealthResponse['projections'] = { head: { transactionId: '0', position: '0' }, items: [] };
    let projectionsReady = database.status === 'up';
    if (database.status === 'up') {
      try {
        const head = await this.eventStore.headCheckpoint();
        const items = await this.projections.lagReport(head);
        projections = { head: { transactionId: head.transactionId.toString(), position: head.position.toString() }, items };
        projectionsReady = items.every((item) => item.status !== 'failed');
      } catch {
        projectionsReady = false;
      }
    }
    const ready = database.status === 'up' && queue.status === 'up' && projectionsReady;
    return { ready, body: { status: ready ? 'ok' : 'unavailable', checkedAt: new Date().toISOString(), database, queue, projections } };
  }

  private async checkDatabase(): Promise<HealthResponse['database']> {
    const started = performance.now();
    try {
      await this.database.pool.query('select 1');
      return { status: 'up', kind: this.database.kind, latencyMs: Math.round((performance.now() - started) * 10) / 10 };
    } catch (error) {
      return { status: 'down', kind: this.database.kind, latencyMs: Math.round(performance.now() - started), error: messageOf(error) };
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
