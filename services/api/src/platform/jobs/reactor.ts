import {
  CHECKPOINT_START,
  type Checkpoint,
  compareCheckpoints,
  preparedQuery,
  type EventStore,
  type StoredEvent,
} from '@app/event-store';
import { checkpointFromRow, skippedProgressSaveDue } from '../projections/projection-checkpoints';
import { type LiveReads, type Queryable, type RunnerLogger, untilNextPoll } from '../projections/projection-runner';
import { assertValidJobId, type JobHandler, type JobOptions, type JobQueue } from './job-queue.port';

/** A job an event calls for. */
export interface Reaction {
  jobName: string;
  payload: unknown;
  /** Distinguishes several jobs derived from one event; the job id is `<reactor>.<event id>[.<key>]`. */
  key?: string;
  options?: Omit<JobOptions, 'jobId'>;
}

/**
 * Derives jobs from the event log, so that jobs which must follow an event survive losing the queue: the reactor's
 * checkpoint and the derived job rows commit together in PostgreSQL, a row stays pending until its handler succeeds,
 * and `reconcile()` enqueues again every pending job the queue no longer knows (a flushed Redis, a restart of the
 * in-process queue). Job ids are derived from event ids, so deriving twice enqueues once. Handlers run at least once.
 */
export interface Reactor {
  /** Lower snake case, unique. */
  name: string;
  eventTypes?: readonly string[];
  /** Pure: which jobs this event calls for (often none). */
  react(event: StoredEvent): Reaction[];
  /** The handlers of the job names `react` produces. */
  handlers: Record<string, JobHandler>;
}

export interface ReactorRunnerOptions {
  pollIntervalMs: number;
  batchSize: number;
  /**
   * How long progress over events that call for no job may stay in memory only (default 1 s), as for projections:
   * most polls of a busy log hold nothing for a reactor, and saving each such step took a transaction of four
   * statements. A restart re-reads, and again derives nothing from, what was not saved.
   */
  skippedProgressSaveMs?: number;
  /** Where the loop reads the log (default: the event store): the process's `SharedEventReads`, one read a poll. */
  liveReads?: LiveReads;
  logger: RunnerLogger;
}

export function reactionJobId(reactor: string, event: StoredEvent, key?: string): string {
  return key ? `${reactor}.${event.id}.${key}` : `${reactor}.${event.id}`;
}

export class ReactorRunner {
  private checkpoint: Checkpoint = CHECKPOINT_START;
  /**
   * The checkpoint row as this runner last read or wrote it; `checkpoint` may be ahead of it by job-less events only.
   */
  private saved: Checkpoint = CHECKPOINT_START;
  private savedAt = 0;
  private running: Promise<void> | undefined;
  private stopping = false;
  private wake: (() => void) | undefined;
  lastError: string | undefined;

  constructor(
    readonly reactor: Reactor,
    private readonly eventStore: EventStore,
    private readonly database: Queryable,
    private readonly queue: JobQueue,
    private readonly options: ReactorRunnerOptions,
  ) {}

  /** Registers the wrapped handlers (they mark the job row completed) and creates the checkpoint row. */
  async initialize(): Promise<void> {
    for (const [jobName, handler] of Object.entries(this.reactor.handlers)) {
      this.queue.registerHandler(jobName, async (payload, context) => {
        await handler(payload, context);
        await this.database.query(
          'update reactor_jobs set completed_at = now() where job_id = $1 and completed_at is null',
          [context.id],
        );
      });
    }
    await this.database.query(
      'insert into reactor_checkpoints (name, transaction_id, position) values ($1, 0, 0) on conflict (name) ' +
        'do nothing',
      [this.reactor.name],
    );
    this.adopt(await this.readCheckpoint());
  }

  private adopt(checkpoint: Checkpoint): void {
    this.checkpoint = checkpoint;
    this.saved = checkpoint;
    this.savedAt = Date.now();
  }

  start(): void {
    if (this.running) return;
    this.stopping = false;
    this.running = this.loop();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.wake?.();
    await this.running;
    this.running = undefined;
  }

  private async loop(): Promise<void> {
    let nextReconcileAt = 0;
    let failures = 0;
    while (!this.stopping) {
      let pauseMs = this.options.pollIntervalMs;
      try {
        if (Date.now() >= nextReconcileAt) {
          await this.reconcile();
          nextReconcileAt = Date.now() + 60_000;
        }
        const { caughtUp } = await this.processNextBatch();
        // Caught up, on the projections' shared clock: their poll and ours become one read (`liveReads`).
        pauseMs = caughtUp ? untilNextPoll(this.options.pollIntervalMs) : 0;
        failures = 0;
        this.lastError = undefined;
      } catch (error) {
        failures += 1;
        this.lastError = error instanceof Error ? error.message : String(error);
        this.options.logger.error(
          `Reactor ${this.reactor.name} failed: ${this.lastError}`,
          error instanceof Error ? error.stack : undefined,
        );
        pauseMs = Math.min(30_000, this.options.pollIntervalMs * 2 ** Math.min(failures, 8));
      }
      if (pauseMs > 0 && !this.stopping) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, pauseMs);
          this.wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        this.wake = undefined;
      }
    }
  }

  /**
   * Derives the jobs of the next batch of events, records them with the checkpoint, then enqueues them. A batch that
   * calls for no job only moves the checkpoint in memory; the row follows once `skippedProgressSaveMs` have passed
   * since it was last written (or at once with `saveSkipped`), in one statement, or with the next batch that has jobs.
   */
  async processNextBatch(options: { saveSkipped?: boolean } = {}): Promise<{ caughtUp: boolean; jobsDerived: number }> {
    const from = this.checkpoint;
    const batch = await (this.options.liveReads ?? this.eventStore).readAll(from, {
      limit: this.options.batchSize,
      eventTypes: this.reactor.eventTypes ? [...this.reactor.eventTypes] : undefined,
    });
    const derived = this.deriveJobs(batch.events);
    const next = batch.nextCheckpoint;
    const saved = this.saved;
    if (derived.length === 0) {
      const unsaved = compareCheckpoints(next, saved) > 0;
      const saveDue = skippedProgressSaveDue(this.savedAt, this.options.skippedProgressSaveMs, options.saveSkipped);
      if (!unsaved || !saveDue) {
        this.checkpoint = next;
        return { caughtUp: batch.caughtUp, jobsDerived: 0 };
      }
      // Moves the row only from where this runner last saved it: another process that moved it first wins, as below.
      const moved = await this.database.query(
        'update reactor_checkpoints set transaction_id = $2, position = $3, updated_at = now() where name = $1 ' +
          'and transaction_id = $4 and position = $5',
        [
          this.reactor.name,
          next.transactionId.toString(),
          next.position.toString(),
          saved.transactionId.toString(),
          saved.position.toString(),
        ],
      );
      if (moved.rowCount !== 1) {
        this.adopt(await this.readCheckpoint());
        return { caughtUp: false, jobsDerived: 0 };
      }
      this.adopt(next);
      return { caughtUp: batch.caughtUp, jobsDerived: 0 };
    }
    const committed = await this.eventStore.withTransaction(async (transaction) => {
      const stored = await preparedQuery<{ transaction_id: string; position: string }>(
        transaction,
        'select transaction_id, position from reactor_checkpoints where name = $1 for update',
        [this.reactor.name],
      );
      const row = stored.rows[0];
      // Another process derived these events already: its rows are in, just follow its checkpoint.
      if (!row || compareCheckpoints(checkpointFromRow(row), saved) !== 0) return false;
      for (const { jobId, reaction } of derived) {
        await preparedQuery(
          transaction,
          'insert into reactor_jobs (job_id, reactor, job_name, payload) values ($1, $2, $3, $4) on conflict ' +
            '(job_id) do nothing',
          [jobId, this.reactor.name, reaction.jobName, JSON.stringify(reaction.payload ?? null)],
        );
      }
      await preparedQuery(
        transaction,
        'update reactor_checkpoints set transaction_id = $2, position = $3, updated_at = now() where name = $1',
        [this.reactor.name, next.transactionId.toString(), next.position.toString()],
      );
      return true;
    });
    if (!committed) {
      this.adopt(await this.readCheckpoint());
      return { caughtUp: false, jobsDerived: 0 };
    }
    this.adopt(next);
    // After the commit: a crash before these enqueues leaves pending rows that reconcile() enqueues.
    for (const { jobId, reaction } of derived) {
      await this.queue.enqueue(reaction.jobName, reaction.payload ?? null, { ...reaction.options, jobId });
    }
    return { caughtUp: batch.caughtUp, jobsDerived: derived.length };
  }

  /** The jobs the reactor calls for on these events, each with its deterministic job id. */
  private deriveJobs(events: readonly StoredEvent[]): { jobId: string; reaction: Reaction }[] {
    const derived: { jobId: string; reaction: Reaction }[] = [];
    for (const event of events) {
      if (this.reactor.eventTypes && !this.reactor.eventTypes.includes(event.type)) continue;
      for (const reaction of this.reactor.react(event)) {
        const jobId = reactionJobId(this.reactor.name, event, reaction.key);
        assertValidJobId(jobId);
        derived.push({ jobId, reaction });
      }
    }
    return derived;
  }

  /** Re-enqueues every pending job of this reactor that the queue does not know. Returns how many. */
  async reconcile(): Promise<number> {
    const pending = await this.database.query<{ job_id: string; job_name: string; payload: unknown }>(
      'select job_id, job_name, payload from reactor_jobs where reactor = $1 and completed_at is null order by ' +
        'created_at, job_id',
      [this.reactor.name],
    );
    let enqueued = 0;
    for (const row of pending.rows) {
      if (await this.queue.has(row.job_id)) continue;
      await this.queue.enqueue(row.job_name, row.payload, { jobId: row.job_id });
      enqueued += 1;
    }
    if (enqueued > 0)
      this.options.logger.warn(`Reactor ${this.reactor.name}: enqueued ${enqueued} pending jobs the queue had lost`);
    return enqueued;
  }

  /**
   * Runs batches until the log's safe end and saves the checkpoint (tests and the CLI; the loop does the same in the
   * background).
   */
  async catchUp(): Promise<void> {
    for (;;) if ((await this.processNextBatch({ saveSkipped: true })).caughtUp) return;
  }

  private async readCheckpoint(): Promise<Checkpoint> {
    const result = await this.database.query<{ transaction_id: string; position: string }>(
      'select transaction_id, position from reactor_checkpoints where name = $1',
      [this.reactor.name],
    );
    const row = result.rows[0];
    return row ? checkpointFromRow(row) : CHECKPOINT_START;
  }
}
