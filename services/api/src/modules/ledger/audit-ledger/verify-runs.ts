import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import type { EventStore } from '@app/event-store';
import type { StreamEvents, VerifyReport, VerifyRun } from '@app/contracts/ledger';
import { DATABASE_POOL, EVENT_STORE } from '../../../platform/database/database.tokens';
import { conflict, notFound } from '../../../platform/http/api-error';
import { verifyLedger, type Queryable, type VerifyProgress } from '../infrastructure/ledger-audit';

/** Events per read of a console run: small enough that a large log reports progress every few hundred milliseconds. */
export const VERIFY_RUN_BATCH = 1_000;
/** A running run whose process has not written progress for this long died with it; it no longer blocks a new one. */
const ABANDONED_AFTER = '2 minutes';

interface VerifyRunRow {
  id: string;
  status: VerifyRun['status'];
  events_checked: string;
  events_total: string;
  streams_checked: string;
  started_at: Date;
  finished_at: Date | null;
  error: string | null;
  report: VerifyReport | null;
}

const COLUMNS = `id::text, status, events_checked::text, events_total::text, streams_checked::text, started_at,
  finished_at, error, report`;

function toRun(row: VerifyRunRow): VerifyRun {
  return {
    id: row.id,
    status: row.status,
    events_checked: Number(row.events_checked),
    events_total: Number(row.events_total),
    streams_checked: Number(row.streams_checked),
    started_at: row.started_at.toISOString(),
    finished_at: row.finished_at ? row.finished_at.toISOString() : null,
    error: row.error,
    report: row.report,
  };
}

/** JSON for a stream view: bigints (amounts in minor units) as strings, exactly. */
function jsonSafe(value: unknown): unknown {
  return JSON.parse(
    JSON.stringify(value, (_key, item: unknown) => (typeof item === 'bigint' ? item.toString() : item)),
  );
}

/**
 * Ledger verify as a background run (the console's "Run verification"): the row in `ledger_verify_runs` carries the
 * live progress (events checked of the log's head when it started, streams checked), written after every batch, so
 * any API process answers the polls; the report lands in the same row. One run at a time (a unique index).
 */
@Injectable()
export class VerifyRuns implements OnApplicationShutdown {
  private readonly logger = new Logger('LedgerVerifyRuns');
  private readonly running = new Set<Promise<void>>();

  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(DATABASE_POOL) private readonly database: Queryable,
  ) {}

  /** Starts a run and answers at once with its row (status running); a run already going is a 409. */
  async start(options: { batchSize?: number } = {}): Promise<VerifyRun> {
    await this.database.query(
      `UPDATE ledger_verify_runs SET status = 'failed', finished_at = now(),
       error = 'The process running it stopped before it finished'
       WHERE status = 'running' AND heartbeat_at < now() - interval '${ABANDONED_AFTER}'`,
    );
    let row: VerifyRunRow;
    try {
      row = (
        await this.database.query<VerifyRunRow>(
          `INSERT INTO ledger_verify_runs (status) VALUES ('running') RETURNING ${COLUMNS}`,
        )
      ).rows[0];
    } catch (error) {
      if ((error as { code?: string }).code === '23505')
        throw conflict('VERIFY_ALREADY_RUNNING', 'A ledger verification is already running; follow it instead');
      throw error;
    }
    const run = this.execute(row.id, options.batchSize ?? VERIFY_RUN_BATCH).finally(() => this.running.delete(run));
    this.running.add(run);
    return toRun(row);
  }

  async get(id: string): Promise<VerifyRun> {
    const row = (
      await this.database.query<VerifyRunRow>(`SELECT ${COLUMNS} FROM ledger_verify_runs WHERE id = $1`, [id])
    ).rows[0];
    if (!row) throw notFound('VERIFY_RUN_NOT_FOUND', `No verification run ${id}`);
    return toRun(row);
  }

  /** A page of one stream's events (the stream a finding names), in version order. */
  async streamEvents(streamId: string, fromVersion: number, limit: number): Promise<StreamEvents> {
    const version = await this.eventStore.streamVersion(streamId);
    if (version === 0n) throw notFound('STREAM_NOT_FOUND', `No stream ${streamId}`);
    const events = await this.eventStore.readStream(streamId, {
      fromVersion: BigInt(fromVersion),
      toVersion: BigInt(fromVersion + limit - 1),
    });
    const last = events.at(-1)?.streamVersion ?? BigInt(fromVersion - 1);
    return {
      stream_id: streamId,
      events: events.map((event) => ({
        version: Number(event.streamVersion),
        type: event.type,
        position: event.position.toString(),
        recorded_at: event.recordedAt.toISOString(),
        hash: event.hash,
        data: jsonSafe(event.data),
      })),
      next_from_version: last < version ? Number(last) + 1 : null,
    };
  }

  /** Waits for the runs this process started (shutdown, tests). */
  async settled(): Promise<void> {
    await Promise.all([...this.running]);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.settled();
  }

  private async execute(id: string, batchSize: number): Promise<void> {
    const progress = async (value: VerifyProgress) => {
      await this.database.query(
        `UPDATE ledger_verify_runs SET events_checked = $2, events_total = $3, streams_checked = $4,
         heartbeat_at = now() WHERE id = $1`,
        [id, value.eventsChecked, value.eventsTotal, value.streamsChecked],
      );
    };
    try {
      // Completed, the total is what was read: the head position at the start was an estimate (positions have gaps).
      const report = await verifyLedger(this.eventStore, { batchSize, onProgress: progress });
      await this.database.query(
        `UPDATE ledger_verify_runs SET status = 'completed', finished_at = now(), heartbeat_at = now(), report = $2,
           events_checked = $3, events_total = $3, streams_checked = $4 WHERE id = $1`,
        [id, JSON.stringify(report), report.events_checked, report.streams_checked],
      );
    } catch (error) {
      this.logger.error(`Verification run ${id} failed: ${(error as Error).message}`, (error as Error).stack);
      await this.database
        .query(`UPDATE ledger_verify_runs SET status = 'failed', finished_at = now(), error = $2 WHERE id = $1`, [
          id,
          (error as Error).message.slice(0, 500),
        ])
        .catch((next: Error) =>
          this.logger.error(`Verification run ${id} could not be marked failed: ${next.message}`),
        );
    }
  }
}
