import { Job, Queue, Worker } from 'bullmq';
import Redis from 'ioredis';
import {
  assertValidJobId,
  DEFAULT_JOB_ATTEMPTS,
  DEFAULT_JOB_BACKOFF,
  COUNTED_JOB_STATES,
  type FailedJobRecord,
  type JobCount,
  type JobHandler,
  type JobOptions,
  type JobQueue,
  type JobSchedule,
} from './job-queue.port';

export interface BullMqJobQueueOptions {
  redisUrl: string;
  queueName: string;
  /** Key prefix in Redis (tests use their own). Default BullMQ's `bull`. */
  prefix?: string;
  concurrency?: number;
  logger?: { error(message: string, stack?: string): void; warn(message: string): void };
}

/** Job ids per state read for the per-name counts; beyond them a state's jobs count under the name `(unsampled)`. */
const COUNT_SAMPLE = 5_000;

/** How long a graceful close (running jobs finishing) may take before connections are dropped. */
const CLOSE_TIMEOUT_MS = 10_000;

/**
 * Redis connection options of both connections. `disconnectTimeout`: ioredis's `disconnect()` arms a timer (2 s by
 * default) to destroy a socket that `end()` did not close, cleared by the socket's 'close'; a socket that never
 * connected (Redis down, reconnecting) closed before, so the timer runs out in full and keeps the process alive that
 * long after `close()`. A few hundred ms is ample for a live socket's close, and a stopping process (or Jest worker,
 * given 500 ms) is no longer held.
 */
const CONNECTION_OPTIONS = { maxRetriesPerRequest: null, disconnectTimeout: 200 };

/** Completed jobs kept so that re-enqueueing the same id stays a no-op for a while (idempotency window). */
const KEEP_COMPLETED = { count: 10_000, age: 7 * 24 * 3600 };

/** BullMQ on Redis: one queue and one worker per process, jobs dispatched to handlers by name. */
export class BullMqJobQueue implements JobQueue {
  readonly kind = 'redis' as const;
  private readonly queue: Queue;
  private readonly queueConnection: Redis;
  private worker: Worker | undefined;
  private workerConnection: Redis | undefined;
  private readonly handlers = new Map<string, JobHandler>();

  constructor(private readonly options: BullMqJobQueueOptions) {
    // BullMQ's own connections would be left open by Queue.close when shared; these are ours to quit in close().
    this.queueConnection = new Redis(options.redisUrl, CONNECTION_OPTIONS);
    this.queueConnection.on('error', (error: Error) => options.logger?.warn(`Redis (queue): ${error.message}`));
    this.queue = new Queue(options.queueName, {
      connection: this.queueConnection,
      prefix: options.prefix,
      defaultJobOptions: {
        attempts: DEFAULT_JOB_ATTEMPTS,
        backoff: { type: DEFAULT_JOB_BACKOFF.type, delay: DEFAULT_JOB_BACKOFF.delayMs },
        removeOnComplete: KEEP_COMPLETED,
        // Failed jobs stay until an operator retries them.
        removeOnFail: false,
      },
    });
    this.queue.on('error', (error: Error) => options.logger?.warn(`BullMQ queue: ${error.message}`));
  }

  async enqueue<Payload>(name: string, payload: Payload, options: JobOptions = {}): Promise<string> {
    if (options.jobId !== undefined) assertValidJobId(options.jobId);
    const job = await this.queue.add(name, payload, {
      jobId: options.jobId,
      delay: options.delayMs,
      attempts: options.attempts,
      backoff: options.backoff ? { type: options.backoff.type, delay: options.backoff.delayMs } : undefined,
    });
    return job.id as string;
  }

  registerHandler<Payload>(name: string, handler: JobHandler<Payload>): void {
    if (this.handlers.has(name)) throw new Error(`A handler for job ${name} is already registered`);
    this.handlers.set(name, handler as JobHandler);
  }

  async schedule<Payload>(name: string, schedule: JobSchedule, payload?: Payload): Promise<void> {
    await this.queue.upsertJobScheduler(
      `schedule-${name}`,
      'cron' in schedule ? { pattern: schedule.cron } : { every: schedule.everyMs },
      {
        name,
        data: payload ?? {},
      },
    );
  }

  async listFailed(): Promise<FailedJobRecord[]> {
    const jobs = await this.queue.getFailed(0, 999);
    return jobs
      .filter((job): job is Job => Boolean(job))
      .map((job) => ({
        id: job.id as string,
        name: job.name,
        payload: job.data,
        attemptsMade: job.attemptsMade,
        failedReason: job.failedReason ?? '',
        failedAt: job.finishedOn ? new Date(job.finishedOn) : null,
      }));
  }

  async retryFailed(id: string): Promise<boolean> {
    const job = await this.queue.getJob(id);
    if (!job || !(await job.isFailed())) return false;
    await job.retry('failed', { resetAttemptsMade: true, resetAttemptsStarted: true });
    return true;
  }

  failedCount(): Promise<number> {
    return this.queue.getFailedCount();
  }

  /**
   * BullMQ counts per state only; the names come from the jobs' hashes (one pipelined HGET per job id, no payloads).
   * `prioritized` jobs are waiting ones.
   */
  async countsByName(): Promise<JobCount[]> {
    const totals = await this.queue.getJobCounts(...COUNTED_JOB_STATES, 'prioritized');
    const counts: JobCount[] = [];
    for (const state of COUNTED_JOB_STATES) {
      const types = state === 'waiting' ? (['waiting', 'prioritized'] as const) : ([state] as const);
      const ids = await this.queue.getRanges([...types], 0, COUNT_SAMPLE - 1);
      const pipeline = this.queueConnection.pipeline();
      for (const id of ids) pipeline.hget(this.queue.toKey(id), 'name');
      const names = ((await pipeline.exec()) ?? []).map(([, name]) => (typeof name === 'string' ? name : '(unknown)'));
      const byName = new Map<string, number>();
      for (const name of names) byName.set(name, (byName.get(name) ?? 0) + 1);
      const total = types.reduce((sum, type) => sum + (totals[type] ?? 0), 0);
      if (total > names.length) byName.set('(unsampled)', total - names.length);
      for (const [name, count] of byName) counts.push({ name, state, count });
    }
    return counts;
  }

  /** The BullMQ queue itself, for Bull Board (the admins' full view). */
  get bullQueue(): Queue {
    return this.queue;
  }

  async has(id: string): Promise<boolean> {
    return (await this.queue.getJob(id)) !== undefined;
  }

  async ping(): Promise<void> {
    await this.queueConnection.ping();
  }

  async start(): Promise<void> {
    if (this.worker) return;
    this.workerConnection = new Redis(this.options.redisUrl, CONNECTION_OPTIONS);
    this.workerConnection.on('error', (error: Error) => this.options.logger?.warn(`Redis (worker): ${error.message}`));
    this.worker = new Worker(
      this.options.queueName,
      async (job: Job) => {
        const handler = this.handlers.get(job.name);
        if (!handler) throw new Error(`No handler registered for job ${job.name}`);
        await handler(job.data, { id: job.id as string, name: job.name, attempt: job.attemptsMade + 1 });
      },
      { connection: this.workerConnection, prefix: this.options.prefix, concurrency: this.options.concurrency ?? 4 },
    );
    this.worker.on('error', (error: Error) => this.options.logger?.warn(`BullMQ worker: ${error.message}`));
    this.worker.on('failed', (job: Job | undefined, error: Error) => {
      if (job && job.attemptsMade >= (job.opts.attempts ?? 1)) {
        this.options.logger?.error(
          `Job ${job.name} (${job.id}) failed for good after ${job.attemptsMade} attempts: ${error.message}`,
        );
      }
    });
  }

  async close(): Promise<void> {
    const connections = [this.workerConnection, this.queueConnection].filter(
      (connection): connection is Redis => connection !== undefined,
    );
    // BullMQ's close waits for its connections to be ready: with Redis unreachable it would wait forever, and there is
    // nothing in flight to hand over anyway, so drop the connections first.
    const reachable = connections.every((connection) => connection.status === 'ready');
    if (!reachable) for (const connection of connections) connection.disconnect();
    const graceful = (async () => {
      await this.worker?.close();
      await this.queue.close();
    })();
    let timer: NodeJS.Timeout | undefined;
    const closedInTime = await Promise.race([
      graceful.then(() => true),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), CLOSE_TIMEOUT_MS);
      }),
    ]).finally(() => clearTimeout(timer));
    if (!closedInTime) {
      this.options.logger?.warn(`BullMQ did not close within ${CLOSE_TIMEOUT_MS} ms; dropping its Redis connections`);
      for (const connection of connections) connection.disconnect();
      await Promise.race([graceful.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 1_000))]);
    }
    for (const connection of connections) {
      // quit() waits for replies in flight, and would wait forever on a connection that is not up: drop those.
      if (connection.status === 'ready') await connection.quit().catch(() => connection.disconnect());
      else connection.disconnect();
    }
  }
}
