/**
 * Background jobs behind one port: BullMQ on Redis when REDIS_URL is set, an in-process queue otherwise, with the
 * same semantics: retries with exponential backoff, jobs that used up their attempts kept in a failed list (never
 * dropped) until retried, idempotent job ids (enqueueing an id the queue already knows is a no-op), and repeating
 * schedules. Handlers must be idempotent: a job runs at least once.
 */
export interface JobBackoff {
  type: 'exponential' | 'fixed';
  /** First retry delay; exponential doubles it on each further attempt. */
  delayMs: number;
}

export interface JobOptions {
  /** Idempotency key: a second enqueue with the same id is ignored while the queue remembers the first. */
  jobId?: string;
  delayMs?: number;
  /** Total runs before the job is kept as failed. Default 5. */
  attempts?: number;
  backoff?: JobBackoff;
}

export interface JobContext {
  id: string;
  name: string;
  /** 1 for the first run. */
  attempt: number;
}

export type JobHandler<Payload = unknown> = (payload: Payload, context: JobContext) => Promise<void>;

export interface FailedJobRecord {
  id: string;
  name: string;
  payload: unknown;
  attemptsMade: number;
  failedReason: string;
  failedAt: Date | null;
}

export type JobSchedule = { cron: string } | { everyMs: number };

/** The states `countsByName` reports (completed jobs are history, not load). */
export const COUNTED_JOB_STATES = ['waiting', 'delayed', 'active', 'failed'] as const;
export type CountedJobState = (typeof COUNTED_JOB_STATES)[number];

export interface JobCount {
  name: string;
  state: CountedJobState;
  count: number;
}

export interface JobQueue {
  readonly kind: 'redis' | 'in_process';
  /** Resolves with the job id once the job is durably queued (in Redis, or in memory in-process). */
  enqueue<Payload>(name: string, payload: Payload, options?: JobOptions): Promise<string>;
  /** One handler per job name; register before `start()` (in `onModuleInit`). */
  registerHandler<Payload>(name: string, handler: JobHandler<Payload>): void;
  /** A repeating job, by cron expression or fixed interval; calling it again replaces the schedule. */
  schedule<Payload>(name: string, schedule: JobSchedule, payload?: Payload): Promise<void>;
  listFailed(): Promise<FailedJobRecord[]>;
  /** Puts a failed job back with fresh attempts; false when no failed job has that id. */
  retryFailed(id: string): Promise<boolean>;
  failedCount(): Promise<number>;
  /** Jobs per name and state (metrics): queue depth, running and failed jobs per job type. */
  countsByName(): Promise<JobCount[]>;
  /** Whether the queue knows a job with this id, in any state (waiting, delayed, running, completed, failed). */
  has(id: string): Promise<boolean>;
  /** Throws when the backend is unreachable. */
  ping(): Promise<void>;
  /** Starts processing. */
  start(): Promise<void>;
  /** Stops processing (waiting for running jobs) and closes every connection. */
  close(): Promise<void>;
}

export const JOB_QUEUE = Symbol('JOB_QUEUE');

export const DEFAULT_JOB_ATTEMPTS = 5;
export const DEFAULT_JOB_BACKOFF: JobBackoff = { type: 'exponential', delayMs: 1_000 };

const JOB_ID = /^[A-Za-z0-9._-]{1,200}$/;

/** Job ids are spliced into Redis keys: no colons, and BullMQ refuses pure integers. Both adapters apply this. */
export function assertValidJobId(id: string): void {
  if (!JOB_ID.test(id) || /^\d+$/.test(id))
    throw new Error(`Invalid job id ${JSON.stringify(id)}: use letters, digits, . _ - and not only digits`);
}

/** Delay before retry number `attemptsMade` (1 after the first failure), BullMQ's formula. */
export function backoffDelayMs(backoff: JobBackoff, attemptsMade: number): number {
  if (backoff.type === 'fixed') return backoff.delayMs;
  return Math.round(2 ** (attemptsMade - 1) * backoff.delayMs);
}
