import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import type { EventStore } from '@app/event-store';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { DATABASE_POOL, EVENT_STORE } from '../database/database.tokens';
import type { ProjectionStatus, RebuildProgress } from './projection';
import { ProjectionRegistry } from './projection-registry';
import { rebuildProjection } from './rebuild-projection';
import { lagInEvents, ProjectionRunner, type Queryable } from './projection-runner';
import { SharedEventReads } from './shared-event-reads';

export { UnknownProjectionError } from './rebuild-projection';

export interface RebuildSummary {
  id: string;
  status: 'running' | 'completed' | 'failed';
  eventsDone: number;
  eventsTotal: number;
  eventsPerSecond: number;
  startedAt: string;
  finishedAt: string | null;
  error: string | null;
}

export interface ProjectionSummary {
  name: string;
  version: number;
  status: ProjectionStatus;
  checkpoint: { transactionId: string; position: string };
  lagEvents: number;
  lastError?: string;
  lastRebuild: RebuildSummary | null;
}

/** Identifies this process in lease rows: readable in SQL, unique across restarts. */
export function processOwnerId(): string {
  return `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
}

/** Starts one runner per registered projection once every module has registered, and stops them at shutdown. */
@Injectable()
export class ProjectionsService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Projections');
  private readonly runners = new Map<string, ProjectionRunner>();
  readonly ownerId = processOwnerId();

  constructor(
    private readonly registry: ProjectionRegistry,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(DATABASE_POOL) private readonly database: Queryable,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly liveReads: SharedEventReads,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const liveReads = this.liveReads;
    for (const projection of this.registry.list()) {
      const runner = new ProjectionRunner(projection, this.eventStore, this.database, {
        ownerId: this.ownerId,
        pollIntervalMs: this.config.projections.pollIntervalMs,
        leaseDurationMs: this.config.projections.leaseDurationMs,
        batchSize: this.config.projections.batchSize,
        rebuildBatchSize: this.config.projections.rebuildBatchSize,
        liveReads,
        logger: this.logger,
      });
      await runner.initialize();
      this.runners.set(projection.name, runner);
      // An `http` process keeps its runners idle (worker processes project) but can still rebuild and report lag.
      if (this.config.role === 'http') runner.status = 'standby';
      else runner.start();
    }
  }

  /** Before the database module closes the pool (in `onApplicationShutdown`). */
  async beforeApplicationShutdown(): Promise<void> {
    await Promise.all([...this.runners.values()].map((runner) => runner.stop()));
  }

  runner(name: string): ProjectionRunner | undefined {
    return this.runners.get(name);
  }

  /** Lag and status per projection against one head, for health. */
  async lagReport(head: { transactionId: bigint; position: bigint }) {
    const rows = await this.database.query<{ name: string; version: number; transaction_id: string; position: string }>(
      'select name, version, transaction_id, position from projection_checkpoints',
    );
    const stored = new Map(rows.rows.map((row) => [row.name, row]));
    return [...this.runners.values()].map((runner) => {
      const row = stored.get(runner.name);
      const checkpoint = row
        ? { transactionId: BigInt(row.transaction_id), position: BigInt(row.position) }
        : { transactionId: 0n, position: 0n };
      return {
        name: runner.name,
        version: runner.projection.version,
        status: runner.status,
        checkpoint: { transactionId: checkpoint.transactionId.toString(), position: checkpoint.position.toString() },
        lagEvents: lagInEvents(checkpoint, head),
        ...(runner.lastError ? { lastError: runner.lastError } : {}),
      };
    });
  }

  /** Every projection with its checkpoint, lag and latest rebuild (admin). */
  async listProjections(): Promise<ProjectionSummary[]> {
    const head = await this.eventStore.headCheckpoint();
    const report = await this.lagReport(head);
    const rebuilds = await this.database.query<{
      id: string;
      name: string;
      status: RebuildSummary['status'];
      events_done: string;
      events_total: string;
      events_per_second: number;
      started_at: Date;
      finished_at: Date | null;
      error: string | null;
    }>('select distinct on (name) * from projection_rebuilds order by name, id desc');
    const latest = new Map(rebuilds.rows.map((row) => [row.name, row]));
    return report.map((entry) => {
      const row = latest.get(entry.name);
      return {
        ...entry,
        lastRebuild: row
          ? {
              id: String(row.id),
              status: row.status,
              eventsDone: Number(row.events_done),
              eventsTotal: Number(row.events_total),
              eventsPerSecond: Number(row.events_per_second),
              startedAt: new Date(row.started_at).toISOString(),
              finishedAt: row.finished_at ? new Date(row.finished_at).toISOString() : null,
              error: row.error,
            }
          : null,
      };
    });
  }

  /** Rebuilds into fresh tables and swaps them in (`rebuildProjection`); resolves when the swap is done. */
  rebuildProjection(name: string, onProgress?: (progress: RebuildProgress) => void): Promise<void> {
    return rebuildProjection(this, name, onProgress);
  }
}
