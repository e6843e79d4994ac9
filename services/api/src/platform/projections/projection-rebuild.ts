import { randomBytes } from 'node:crypto';
import {
  CHECKPOINT_START,
  type Checkpoint,
  compareCheckpoints,
  type EventStore,
  type ReadAllBatch,
  type StoredEvent,
} from '@app/event-store';
import { type Projection, type ProjectionTables, type RebuildProgress, tablesWithSuffix } from './projection';
import type { Queryable } from './projection-checkpoints';

export class RebuildAlreadyRunningError extends Error {
  constructor(readonly projectionName: string) {
    super(`A rebuild of ${projectionName} is already running`);
  }
}

/**
 * The rebuild ran out of batches before it could swap: the log outgrew it, or its safe end stayed behind the live
 * tables.
 */
export class RebuildDidNotFinishError extends Error {}

/** Batches a rebuild may take beyond twice those the head captured at its start needs (see `rebuildBatchLimit`). */
export const DEFAULT_REBUILD_CATCH_UP_BATCHES = 1_000;

/**
 * The most batches one rebuild reads before it gives up: reaching the head captured at the start takes
 * ceil(head / batchSize) batches; as many again plus `catchUpBatches` cover events appended meanwhile, waits for
 * the log's safe end to pass the live tables, and the pass after the readers' indexes.
 */
export function rebuildBatchLimit(head: Checkpoint, batchSize: number, catchUpBatches: number): number {
  return 2 * Math.ceil(Number(head.position) / batchSize) + catchUpBatches;
}

/** What a rebuild needs of the runner it belongs to. */
export interface RebuildHost {
  projection: Projection;
  eventStore: EventStore;
  database: Queryable;
  options: {
    ownerId: string;
    pollIntervalMs: number;
    leaseDurationMs: number;
    batchSize: number;
    rebuildBatchSize?: number;
    rebuildCatchUpBatches?: number;
    logger: { log(message: string): void; error(message: string, stack?: string): void };
  };
  /** The events of a batch the projection handles. */
  relevant(events: StoredEvent[]): StoredEvent[];
  /** Renews the runner's lease when it holds it, so no other process starts a second rebuild meanwhile. */
  keepLease(): Promise<void>;
  /** Where the live tables stand: the rebuild never swaps in tables older than them. */
  liveCheckpoint(): Promise<Checkpoint>;
  stopping(): boolean;
  /** The new tables are live at this checkpoint. */
  swappedIn(checkpoint: Checkpoint): void;
}

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

/**
 * One rebuild: builds the projection from position zero into fresh tables while the live ones keep answering, then
 * swaps them in (renames, in one transaction that holds the lease row's lock) and moves the checkpoint to where the
 * rebuild stopped. Progress goes to `onProgress` and to `projection_rebuilds`. On failure the fresh tables are dropped.
 */
export class ProjectionRebuild {
  private readonly suffix = `__r${randomBytes(4).toString('hex')}`;
  private readonly tables: ProjectionTables;
  private rebuildId = '';
  private startedAt = 0;
  private checkpoint: Checkpoint = CHECKPOINT_START;
  private eventsDone = 0;
  private eventsTotal = 0;

  constructor(
    private readonly host: RebuildHost,
    private readonly onProgress?: (progress: RebuildProgress) => void,
  ) {
    this.tables = tablesWithSuffix(host.projection.tableNames, this.suffix);
  }

  private get name(): string {
    return this.host.projection.name;
  }

  async run(): Promise<void> {
    const head = await this.host.eventStore.headCheckpoint();
    this.rebuildId = await this.register(head);
    this.startedAt = Date.now();
    this.eventsTotal = Number(head.position);
    try {
      await this.build(head);
      this.eventsTotal = this.eventsDone;
      this.onProgress?.(this.progress('swapping'));
      await this.swapIn();
      this.host.swappedIn(this.checkpoint);
      this.onProgress?.(this.progress('completed'));
      this.host.options.logger.log(`Projection ${this.name}: rebuilt from ${this.eventsDone} events and swapped in`);
    } catch (error) {
      await this.fail(error);
      throw error;
    }
  }

  /** Records the rebuild as running (refusing a second one in any process) and creates its fresh tables. */
  private register(head: Checkpoint): Promise<string> {
    return this.host.eventStore.withTransaction(async (transaction) => {
      // Serialises concurrent rebuild requests for the same projection (in any process) on the checkpoint row.
      await transaction.query('select 1 from projection_checkpoints where name = $1 for update', [this.name]);
      const running = await transaction.query(
        `select id from projection_rebuilds where name = $1 and status = 'running' and updated_at > now() - $2 ` +
          `* interval '1 millisecond'`,
        [this.name, this.host.options.leaseDurationMs * 2],
      );
      if (running.rowCount) throw new RebuildAlreadyRunningError(this.name);
      await transaction.query(
        `update projection_rebuilds set status = 'failed', error = 'abandoned', finished_at = now() where name ` +
          `= $1 and status = 'running'`,
        [this.name],
      );
      const inserted = await transaction.query<{ id: string }>(
        `insert into projection_rebuilds (name, version, table_suffix, status, owner_id, events_total) values ` +
          `($1, $2, $3, 'running', $4, $5) returning id`,
        [this.name, this.host.projection.version, this.suffix, this.host.options.ownerId, head.position.toString()],
      );
      for (const statement of this.host.projection.createTables(this.tables)) await transaction.query(statement);
      return inserted.rows[0].id;
    });
  }

  /** Folds batches into the fresh tables until they have reached the live ones and carry the readers' indexes. */
  private async build(head: Checkpoint): Promise<void> {
    const { options } = this.host;
    const batchSize = options.rebuildBatchSize ?? options.batchSize;
    const limit = rebuildBatchLimit(head, batchSize, options.rebuildCatchUpBatches ?? DEFAULT_REBUILD_CATCH_UP_BATCHES);
    // Every event is read (not just the projection's types) so that "events done" counts toward the log's total.
    const read = (after: Checkpoint) => this.host.eventStore.readAll(after, { limit: batchSize });
    // The next batch is read while this one is written (the two are on different connections), so the rebuild
    // waits for reads only when it is at the head of the log.
    let nextRead: Promise<ReadAllBatch> | undefined;
    // Built once the batches have caught up; a projection without readers' indexes goes straight to the swap.
    let readerIndexes = this.host.projection.createIndexes?.(this.tables) ?? [];
    for (let batches = 0; batches < limit; batches += 1) {
      await this.host.keepLease();
      const batch = await (nextRead ?? read(this.checkpoint));
      nextRead = batch.caughtUp ? undefined : read(batch.nextCheckpoint);
      // A failed read ahead surfaces when it is awaited; until then it must not count as unhandled.
      nextRead?.catch(() => undefined);
      await this.writeBatch(batch);
      if (this.host.stopping()) throw new Error('Stopped during the rebuild');
      if (!batch.caughtUp) continue;
      // Never swap in tables older than the live ones: the safe end of the log can be held back for a while by
      // another transaction still in flight, and readers must not see the projection go back in time.
      if (compareCheckpoints(this.checkpoint, await this.host.liveCheckpoint()) < 0) {
        await sleep(options.pollIntervalMs);
        continue;
      }
      if (readerIndexes.length === 0) return;
      this.onProgress?.(this.progress('indexing'));
      for (const statement of readerIndexes) await this.host.database.query(statement);
      readerIndexes = [];
      // Events appended while the indexes were built are folded in (with the indexes) before the swap.
    }
    throw new RebuildDidNotFinishError(
      `Projection ${this.name}: the rebuild read ${limit} batches without reaching the live tables ` +
        `(log head at its start: position ${head.position}; reached: ${this.checkpoint.position}). ` +
        `The log grows faster than the rebuild folds it, or a long transaction holds its safe end back.`,
    );
  }

  /** One batch's rows and the rebuild's progress row, committed together. */
  private async writeBatch(batch: ReadAllBatch): Promise<void> {
    const events = this.host.relevant(batch.events);
    const next = batch.nextCheckpoint;
    this.eventsDone += batch.events.length;
    if (batch.caughtUp && this.eventsDone > this.eventsTotal) this.eventsTotal = this.eventsDone;
    const current = this.progress('building');
    await this.host.eventStore.withTransaction(async (transaction) => {
      if (events.length > 0) await this.host.projection.handle(events, transaction, this.tables);
      await transaction.query(
        `update projection_rebuilds set events_done = $2, events_total = $3, events_per_second = $4,
         transaction_id = $5, position = $6, updated_at = now() where id = $1`,
        [
          this.rebuildId,
          current.eventsDone,
          current.eventsTotal,
          current.eventsPerSecond,
          next.transactionId.toString(),
          next.position.toString(),
        ],
      );
    });
    this.checkpoint = next;
    this.onProgress?.(current);
  }

  /** Renames the fresh tables into place and moves the checkpoint, holding the lease row's lock. */
  private swapIn(): Promise<void> {
    return this.host.eventStore.withTransaction(async (transaction) => {
      // Holding the lease row's lock: no batch of the live runner (in any process) commits during the swap.
      await transaction.query('select 1 from projection_leases where name = $1 for update', [this.name]);
      await transaction.query('select 1 from projection_checkpoints where name = $1 for update', [this.name]);
      const retiredSuffix = `__old${this.suffix.slice(3)}`;
      for (const table of this.host.projection.tableNames) {
        await transaction.query(`alter table if exists ${table} rename to ${table}${retiredSuffix}`);
        await transaction.query(`alter table ${this.tables[table]} rename to ${table}`);
        await transaction.query(`drop table if exists ${table}${retiredSuffix} cascade`);
      }
      await transaction.query(
        'update projection_checkpoints set version = $2, transaction_id = $3, position = $4, updated_at = ' +
          'now() where name = $1',
        [
          this.name,
          this.host.projection.version,
          this.checkpoint.transactionId.toString(),
          this.checkpoint.position.toString(),
        ],
      );
      const final = this.progress('completed');
      await transaction.query(
        `update projection_rebuilds set status = 'completed', events_done = $2, events_total = $3,
         events_per_second = $4, finished_at = now(), updated_at = now() where id = $1`,
        [this.rebuildId, final.eventsDone, final.eventsTotal, final.eventsPerSecond],
      );
    });
  }

  /** Marks the rebuild failed and drops its fresh tables (best effort: the error that got here is what matters). */
  private async fail(error: unknown): Promise<void> {
    const message = error instanceof Error ? error.message : String(error);
    this.host.options.logger.error(
      `Projection ${this.name}: rebuild ${this.rebuildId} failed: ${message}`,
      error instanceof Error ? error.stack : undefined,
    );
    await this.host.database
      .query(
        `update projection_rebuilds set status = 'failed', error = $2, finished_at = now(), updated_at = now() ` +
          `where id = $1`,
        [this.rebuildId, message],
      )
      .catch(() => undefined);
    for (const table of Object.values(this.tables))
      await this.host.database.query(`drop table if exists ${table} cascade`).catch(() => undefined);
  }

  private progress(phase: RebuildProgress['phase']): RebuildProgress {
    const elapsedSeconds = Math.max((Date.now() - this.startedAt) / 1000, 0.001);
    const { eventsDone } = this;
    return {
      rebuildId: this.rebuildId,
      eventsDone,
      eventsTotal: Math.max(this.eventsTotal, eventsDone),
      eventsPerSecond: Math.round(eventsDone / elapsedSeconds),
      phase,
    };
  }
}
