import {
  CHECKPOINT_START,
  type Checkpoint,
  compareCheckpoints,
  preparedQuery,
  type EventStore,
  type ReadAllBatch,
  type StoredEvent,
  type TransactionHandle,
} from '@app/event-store';
import {
  type Projection,
  type ProjectionStatus,
  type ProjectionTables,
  type RebuildProgress,
  tablesWithSuffix,
} from './projection';
import {
  lagInEvents,
  type Queryable,
  readProjectionCheckpoint,
  skippedProgressSaveDue,
  type StoredCheckpoint,
} from './projection-checkpoints';
import { CheckpointMovedError, LeaseLostError, ProjectionLease } from './projection-lease';
import { ProjectionRebuild, RebuildAlreadyRunningError } from './projection-rebuild';

export { lagInEvents, readProjectionCheckpoint, type Queryable, type StoredCheckpoint } from './projection-checkpoints';
export { RebuildAlreadyRunningError, RebuildDidNotFinishError } from './projection-rebuild';

export interface RunnerLogger {
  log(message: string): void;
  warn(message: string): void;
  error(message: string, stack?: string): void;
}

export interface ProjectionRunnerOptions {
  /** Identifies this process in lease rows. */
  ownerId: string;
  pollIntervalMs: number;
  leaseDurationMs: number;
  batchSize: number;
  /** Events per batch while rebuilding (default `batchSize`): larger batches fold more events into each upsert. */
  rebuildBatchSize?: number;
  /**
   * Batches a rebuild may read beyond twice those that reach the head captured at its start (default 1,000; see
   * `rebuildBatchLimit`): past them it fails with RebuildDidNotFinishError instead of chasing the log forever.
   */
  rebuildCatchUpBatches?: number;
  /**
   * How long progress over events the projection ignores may stay in memory only (default 1 s). Most batches of a
   * busy log hold nothing for most projections, and saving each such step costs a transaction of five statements. A
   * restart re-reads, and skips again, what was not saved.
   */
  skippedProgressSaveMs?: number;
  /**
   * Where the live loop reads the log (default: the event store itself). The runners of one process share a
   * `SharedEventReads`, so a poll that wakes them all reads the new events once.
   */
  liveReads?: LiveReads;
  logger: RunnerLogger;
}

/** What the live loop needs of the log: the event store itself or a `SharedEventReads`. */
export interface LiveReads {
  readAll(from: Checkpoint, options: { limit: number; eventTypes?: string[] }): Promise<ReadAllBatch>;
}

/**
 * Milliseconds to the next multiple of `intervalMs` on the clock. Caught-up runners poll on these shared ticks rather
 * than `intervalMs` after their own last read, so the runners of a process wake together and share their reads.
 */
export function untilNextPoll(intervalMs: number, now = Date.now()): number {
  return intervalMs - (now % intervalMs);
}

/**
 * Keeps one projection's tables up to date with the log. Several processes may run one for the same projection;
 * the lease row makes exactly one of them write, and every batch re-checks the lease and the checkpoint under row
 * locks inside the batch's transaction, so even a runner that lost its lease mid-batch cannot commit.
 */
export class ProjectionRunner {
  status: ProjectionStatus = 'stopped';
  lastError: string | undefined;
  private checkpoint: StoredCheckpoint = { ...CHECKPOINT_START, version: 0 };
  /**
   * The checkpoint row as this runner last read or wrote it; `checkpoint` may be ahead of it by skipped events only.
   */
  private saved: StoredCheckpoint = { ...CHECKPOINT_START, version: 0 };
  private savedAt = 0;
  private readonly lease: ProjectionLease;
  private running: Promise<void> | undefined;
  private stopping = false;
  private wake: (() => void) | undefined;
  private rebuildInProgress: Promise<void> | undefined;
  private readonly liveTables: ProjectionTables;

  constructor(
    readonly projection: Projection,
    private readonly eventStore: EventStore,
    private readonly database: Queryable,
    private readonly options: ProjectionRunnerOptions,
  ) {
    this.liveTables = tablesWithSuffix(projection.tableNames, '');
    this.lease = new ProjectionLease(projection.name, database, options);
  }

  get name(): string {
    return this.projection.name;
  }

  get currentCheckpoint(): StoredCheckpoint {
    return this.checkpoint;
  }

  /** Creates the live tables and the checkpoint row the first time a projection is seen. Idempotent, race-safe. */
  async initialize(): Promise<void> {
    await this.eventStore.withTransaction(async (transaction) => {
      // The insert goes first: a second process doing the same waits on the row, sees the conflict and skips the DDL.
      const inserted = await transaction.query(
        `insert into projection_checkpoints (name, version, transaction_id, position) values ($1, $2, 0, 0)
         on conflict (name) do nothing returning name`,
        [this.name, this.projection.version],
      );
      if (inserted.rowCount === 1) {
        for (const statement of this.tableDefinition(this.liveTables)) await transaction.query(statement);
      }
    });
    this.adopt(await this.readCheckpoint(this.database));
  }

  /** Takes a checkpoint read from or written to the row as both the position and the saved position. */
  private adopt(checkpoint: StoredCheckpoint): void {
    this.checkpoint = checkpoint;
    this.saved = checkpoint;
    this.savedAt = Date.now();
  }

  /** The whole DDL of one table set: tables, then the readers' indexes. */
  private tableDefinition(tables: ProjectionTables): string[] {
    return [...this.projection.createTables(tables), ...(this.projection.createIndexes?.(tables) ?? [])];
  }

  start(): void {
    if (this.running) return;
    this.stopping = false;
    this.status = 'starting';
    this.running = this.loop();
  }

  /** Stops after the batch in flight and hands the lease back so another process can take over at once. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.wake?.();
    await this.running;
    this.running = undefined;
    await this.rebuildInProgress?.catch(() => undefined);
    await this.lease.release();
    this.status = 'stopped';
  }

  /** Wakes a caught-up runner now instead of at its next poll. */
  poke(): void {
    this.wake?.();
  }

  private async loop(): Promise<void> {
    let consecutiveFailures = 0;
    while (!this.stopping) {
      let pauseMs = this.options.pollIntervalMs;
      try {
        if (!(await this.holdLease())) {
          this.status = 'standby';
          pauseMs = this.lease.standbyPauseMs();
        } else if (this.checkpoint.version !== this.projection.version) {
          this.options.logger.log(
            `Projection ${this.name}: version ${this.checkpoint.version} is live, code is ` +
              `${this.projection.version}; rebuilding`,
          );
          await this.rebuild();
          pauseMs = 0;
        } else {
          const { caughtUp } = await this.processNextBatch();
          this.status = caughtUp ? 'live' : 'catching_up';
          pauseMs = caughtUp ? untilNextPoll(this.options.pollIntervalMs) : 0;
        }
        consecutiveFailures = 0;
        this.lastError = undefined;
      } catch (error) {
        if (error instanceof LeaseLostError) {
          this.lease.lost();
          this.status = 'standby';
        } else if (error instanceof RebuildAlreadyRunningError) {
          // Another process is rebuilding this projection (after a version bump, say); it swaps the tables in.
          this.status = 'rebuilding';
          pauseMs = Math.max(this.options.pollIntervalMs, Math.floor(this.options.leaseDurationMs / 3));
        } else if (error instanceof CheckpointMovedError) {
          this.adopt(await this.readCheckpoint(this.database).catch(() => this.checkpoint));
          pauseMs = 0;
        } else {
          consecutiveFailures += 1;
          this.status = 'failed';
          this.lastError = error instanceof Error ? error.message : String(error);
          this.options.logger.error(
            `Projection ${this.name} failed (attempt ${consecutiveFailures}): ${this.lastError}`,
            error instanceof Error ? error.stack : undefined,
          );
          // Back off so a poison event does not spin the CPU; health reports the projection as failed meanwhile.
          pauseMs = Math.min(30_000, this.options.pollIntervalMs * 2 ** Math.min(consecutiveFailures, 8));
        }
      }
      if (pauseMs > 0 && !this.stopping) await this.pause(pauseMs);
    }
  }

  private pause(milliseconds: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, milliseconds);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    }).then(() => {
      this.wake = undefined;
    });
  }

  /** Takes or renews the lease; true while this process is the one runner allowed to write. */
  holdLease(): Promise<boolean> {
    // Another process may have moved the checkpoint while we waited.
    return this.lease.hold(async () => this.adopt(await this.readCheckpoint(this.database)));
  }

  /**
   * Reads one batch after the checkpoint and commits its rows and the new checkpoint together. A batch with nothing
   * for this projection only moves the checkpoint in memory; the row follows once `skippedProgressSaveMs` have
   * passed since it was last written (or at once with `saveSkipped`), with the next batch that has rows to write, or
   * by itself when caught up, in one statement (`saveSkippedProgress`).
   */
  async processNextBatch(
    options: { saveSkipped?: boolean } = {},
  ): Promise<{ caughtUp: boolean; eventsHandled: number }> {
    const from = this.checkpoint;
    const batch = await (this.options.liveReads ?? this.eventStore).readAll(from, {
      limit: this.options.batchSize,
      eventTypes: this.projection.eventTypes ? [...this.projection.eventTypes] : undefined,
    });
    const events = this.relevant(batch.events);
    const next: StoredCheckpoint = { ...batch.nextCheckpoint, version: from.version };
    const unsaved = compareCheckpoints(next, this.saved) > 0;
    const saveDue = skippedProgressSaveDue(this.savedAt, this.options.skippedProgressSaveMs, options.saveSkipped);
    if (events.length === 0 && (!unsaved || !saveDue)) {
      this.checkpoint = next;
      return { caughtUp: batch.caughtUp, eventsHandled: 0 };
    }
    if (events.length === 0) await this.saveSkippedProgress(next);
    else {
      const saved = this.saved;
      await this.eventStore.withTransaction(async (transaction) => {
        await this.lease.lockWithCheckpoint(transaction, saved);
        await this.projection.handle(events, transaction, this.liveTables);
        await preparedQuery(
          transaction,
          'update projection_checkpoints set transaction_id = $2, position = $3, updated_at = now() where name = $1',
          [this.name, next.transactionId.toString(), next.position.toString()],
        );
      });
    }
    this.adopt(next);
    return { caughtUp: batch.caughtUp, eventsHandled: events.length };
  }

  /**
   * Progress over events this projection ignores, saved in one statement (a batch transaction is five): the row moves
   * only while it is still where this runner last saved it and this process holds the lease. Nothing is written to
   * the tables, so no lock needs holding across statements: a takeover or a swapped-in rebuild changes the row, and
   * the move then finds nothing to update (CheckpointMovedError, as in a batch); the lease, to the same end.
   */
  private async saveSkippedProgress(next: StoredCheckpoint): Promise<void> {
    const saved = this.saved;
    const moved = await this.database.query(
      `update projection_checkpoints set transaction_id = $3, position = $4, updated_at = now()
        where name = $1 and transaction_id = $5 and position = $6 and version = $7
          and exists (select 1 from projection_leases
                       where name = $1 and owner_id = $2 and expires_at > clock_timestamp())`,
      [
        this.name,
        this.options.ownerId,
        next.transactionId.toString(),
        next.position.toString(),
        saved.transactionId.toString(),
        saved.position.toString(),
        saved.version,
      ],
    );
    if (moved.rowCount !== 1) {
      await this.lease.checkStillHeld();
      throw new CheckpointMovedError();
    }
  }

  /**
   * Runs batches until the log's safe end and saves the checkpoint (tests and the CLI; the loop does the same in the
   * background).
   */
  async catchUp(): Promise<void> {
    if (!(await this.holdLease()))
      throw new LeaseLostError(`Projection ${this.name}: the lease is held by another process`);
    for (;;) {
      if ((await this.processNextBatch({ saveSkipped: true })).caughtUp) return;
    }
  }

  private relevant(events: StoredEvent[]): StoredEvent[] {
    const types = this.projection.eventTypes;
    return types ? events.filter((event) => types.includes(event.type)) : events;
  }

  private async readCheckpoint(client: Queryable | TransactionHandle, forUpdate = false): Promise<StoredCheckpoint> {
    const checkpoint = await readProjectionCheckpoint(client, this.name, forUpdate);
    if (!checkpoint) throw new Error(`Projection ${this.name} has no checkpoint row; initialize() was not called`);
    return checkpoint;
  }

  /**
   * Events after this projection's checkpoint, for health and for readers waiting on their own writes. While the row
   * is still where this runner last saved it, the runner's own checkpoint counts: it is ahead only by events the
   * projection ignores.
   */
  async lag(head: Checkpoint): Promise<number> {
    const row = await this.readCheckpoint(this.database);
    const ownIsCurrent = row.version === this.saved.version && compareCheckpoints(row, this.saved) === 0;
    return lagInEvents(ownIsCurrent ? this.checkpoint : row, head);
  }

  isRebuilding(): boolean {
    return this.rebuildInProgress !== undefined;
  }

  /**
   * Builds the projection from position zero into fresh tables while the live ones keep answering, then swaps them in
   * (renames, in one transaction that holds the lease row's lock) and moves the checkpoint to where the rebuild
   * stopped; the live runner carries on from there into the new tables. Progress goes to `onProgress` and to
   * `projection_rebuilds`. Only one rebuild per projection runs at a time across processes.
   */
  rebuild(onProgress?: (progress: RebuildProgress) => void): Promise<void> {
    if (this.rebuildInProgress) return Promise.reject(new RebuildAlreadyRunningError(this.name));
    const previousStatus = this.status;
    this.status = 'rebuilding';
    const rebuild = new ProjectionRebuild(
      {
        projection: this.projection,
        eventStore: this.eventStore,
        database: this.database,
        options: this.options,
        relevant: (events) => this.relevant(events),
        // A long rebuild run by the lease holder keeps its lease alive, so no other process starts a second one.
        keepLease: async () => {
          if (this.lease.held) await this.holdLease();
        },
        liveCheckpoint: () => this.readCheckpoint(this.database),
        stopping: () => this.stopping,
        swappedIn: (checkpoint) => this.adopt({ ...checkpoint, version: this.projection.version }),
      },
      onProgress,
    );
    this.rebuildInProgress = rebuild.run().finally(() => {
      this.rebuildInProgress = undefined;
      if (this.status === 'rebuilding') this.status = previousStatus === 'rebuilding' ? 'catching_up' : previousStatus;
    });
    return this.rebuildInProgress;
  }
}
