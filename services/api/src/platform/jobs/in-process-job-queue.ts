import { randomUUID } from 'node:crypto';
import { CronExpressionParser } from 'cron-parser';
import {
  assertValidJobId,
  backoffDelayMs,
  DEFAULT_JOB_ATTEMPTS,
  DEFAULT_JOB_BACKOFF,
  type FailedJobRecord,
  type JobBackoff,
  type JobCount,
  type CountedJobState,
  type JobHandler,
  type JobOptions,
  type JobQueue,
  type JobSchedule,
} from './job-queue.port';

type JobState = 'waiting' | 'delayed' | 'active' | 'completed' | 'failed';

interface InProcessJob {
  id: string;
  name: string;
  payload: unknown;
  attempts: number;
  backoff: JobBackoff;
  attemptsMade: number;
  state: JobState;
  failedReason?: string;
  failedAt?: Date;
  timer?: NodeJS.Timeout;
}

export interface InProcessJobQueueOptions {
  concurrency?: number;
  /** Completed job ids remembered for idempotency (BullMQ keeps a similar window). */
  completedRetention?: number;
  logger?: { error(message: string, stack?: string): void; warn(message: string): void };
}

/**
 * The embedded default: same semantics as the BullMQ adapter, in memory. Jobs do not survive a restart; work that
 * must not be lost is derived from the event log by a Reactor, which re-enqueues whatever was pending.
 */
export class InProcessJobQueue implements JobQueue {
  readonly kind = 'in_process' as const;
  private readonly jobs = new Map<string, InProcessJob>();
  private readonly ready: string[] = [];
  private readonly completedOrder: string[] = [];
  private readonly handlers = new Map<string, JobHandler>();
  private readonly schedules = new Map<string, NodeJS.Timeout>();
  private readonly active = new Set<Promise<void>>();
  private started = false;
  private closed = false;
  private readonly concurrency: number;
  private readonly completedRetention: number;

  constructor(private readonly options: InProcessJobQueueOptions = {}) {
    this.concurrency = options.concurrency ?? 4;
    this.completedRetention = options.completedRetention ?? 10_000;
  }

  async enqueue<Payload>(name: string, payload: Payload, options: JobOptions = {}): Promise<string> {
    if (this.closed) throw new Error('The job queue is closed');
    const id = options.jobId ?? randomUUID();
    assertValidJobId(id);
    if (this.jobs.has(id)) return id;
    const job: InProcessJob = {
      id,
      name,
      // A copy through JSON, as Redis would store it: the handler never shares objects with the caller.
      payload: payload === undefined ? undefined : JSON.parse(JSON.stringify(payload)),
      attempts: Math.max(1, options.attempts ?? DEFAULT_JOB_ATTEMPTS),
      backoff: options.backoff ?? DEFAULT_JOB_BACKOFF,
      attemptsMade: 0,
      state: 'waiting',
    };
    this.jobs.set(id, job);
    if (options.delayMs && options.delayMs > 0) this.delay(job, options.delayMs);
    else this.makeReady(job);
    return id;
  }

  registerHandler<Payload>(name: string, handler: JobHandler<Payload>): void {
    if (this.handlers.has(name)) throw new Error(`A handler for job ${name} is already registered`);
    this.handlers.set(name, handler as JobHandler);
  }

  async schedule<Payload>(name: string, schedule: JobSchedule, payload?: Payload): Promise<void> {
    const existing = this.schedules.get(name);
    if (existing) clearTimeout(existing);
    const scheduleId = `schedule-${name}`;
    const arm = () => {
      if (this.closed) return;
      const delayMs =
        'everyMs' in schedule
          ? schedule.everyMs
          : Math.max(0, CronExpressionParser.parse(schedule.cron).next().getTime() - Date.now());
      const timer = setTimeout(() => {
        // One id per firing keeps a slow run from being duplicated by the next tick's enqueue.
        void this.enqueue(name, payload, { jobId: `${scheduleId}-${Date.now()}` }).finally(arm);
      }, delayMs);
      timer.unref();
      this.schedules.set(name, timer);
    };
    if ('cron' in schedule) CronExpressionParser.parse(schedule.cron); // a bad expression fails here, not later
    arm();
  }

  async listFailed(): Promise<FailedJobRecord[]> {
    return [...this.jobs.values()]
      .filter((job) => job.state === 'failed')
      .map((job) => ({
        id: job.id,
        name: job.name,
        payload: job.payload,
        attemptsMade: job.attemptsMade,
        failedReason: job.failedReason ?? '',
        failedAt: job.failedAt ?? null,
      }));
  }

  async retryFailed(id: string): Promise<boolean> {
    const job = this.jobs.get(id);
    if (!job || job.state !== 'failed') return false;
    job.attemptsMade = 0;
    job.failedReason = undefined;
    job.failedAt = undefined;
    this.makeReady(job);
    return true;
  }

  async failedCount(): Promise<number> {
    let count = 0;
    for (const job of this.jobs.values()) if (job.state === 'failed') count += 1;
    return count;
  }

  async countsByName(): Promise<JobCount[]> {
    const counts = new Map<string, JobCount>();
    for (const job of this.jobs.values()) {
      if (job.state === 'completed') continue;
      const state: CountedJobState = job.state;
      const key = `${job.name}\u0000${state}`;
      const entry = counts.get(key) ?? { name: job.name, state, count: 0 };
      entry.count += 1;
      counts.set(key, entry);
    }
    return [...counts.values()];
  }

  async has(id: string): Promise<boolean> {
    return this.jobs.has(id);
  }

  async ping(): Promise<void> {
    if (this.closed) throw new Error('The job queue is closed');
  }

  async start(): Promise<void> {
    this.started = true;
    this.pump();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.started = false;
    for (const timer of this.schedules.values()) clearTimeout(timer);
    for (const job of this.jobs.values()) if (job.timer) clearTimeout(job.timer);
    await Promise.all([...this.active]);
  }

  private delay(job: InProcessJob, delayMs: number): void {
    job.state = 'delayed';
    job.timer = setTimeout(() => {
      job.timer = undefined;
      this.makeReady(job);
    }, delayMs);
  }

  private makeReady(job: InProcessJob): void {
    job.state = 'waiting';
    this.ready.push(job.id);
    this.pump();
  }

  private pump(): void {
    while (this.started && !this.closed && this.active.size < this.concurrency && this.ready.length > 0) {
      const job = this.jobs.get(this.ready.shift() as string);
      if (!job || job.state !== 'waiting') continue;
      const run = this.run(job).finally(() => {
        this.active.delete(run);
        this.pump();
      });
      this.active.add(run);
    }
  }

  private async run(job: InProcessJob): Promise<void> {
    job.state = 'active';
    job.attemptsMade += 1;
    try {
      const handler = this.handlers.get(job.name);
      if (!handler) throw new Error(`No handler registered for job ${job.name}`);
      await handler(job.payload, { id: job.id, name: job.name, attempt: job.attemptsMade });
      job.state = 'completed';
      job.payload = undefined;
      this.rememberCompleted(job.id);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (job.attemptsMade < job.attempts && !this.closed) {
        this.options.logger?.warn(
          `Job ${job.name} (${job.id}) failed attempt ${job.attemptsMade}/${job.attempts}: ${reason}`,
        );
        job.failedReason = reason;
        this.delay(job, backoffDelayMs(job.backoff, job.attemptsMade));
      } else {
        job.state = 'failed';
        job.failedReason = reason;
        job.failedAt = new Date();
        this.options.logger?.error(
          `Job ${job.name} (${job.id}) failed for good after ${job.attemptsMade} attempts: ${reason}`,
        );
      }
    }
  }

  private rememberCompleted(id: string): void {
    this.completedOrder.push(id);
    while (this.completedOrder.length > this.completedRetention) {
      const oldest = this.completedOrder.shift() as string;
      if (this.jobs.get(oldest)?.state === 'completed') this.jobs.delete(oldest);
    }
  }
}
