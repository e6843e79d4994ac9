import { Inject, Injectable } from '@nestjs/common';
import type { EventStore, TransactionHandle } from '@app/event-store';
import type pg from 'pg';
import {
  telemetryBatchStreamId,
  type ClientError,
  type ClientErrorReport,
  type ContentViewsCounted,
} from '@app/contracts/telemetry';
import { DATABASE_POOL, EVENT_STORE } from '../../../platform/database/database.tokens';
import { rowsDocument, rowsTable, upsertRows } from '../../../platform/database/upsert-rows';
import { contentViewsOf, rollupOf, targetOf, type StoredEvent } from '../domain/rollup';
import type { TelemetryCountRow, TelemetryTarget } from '../index';

/** Raw events and client error reports are kept this long; the daily counts stay. */
export const TELEMETRY_RETENTION_DAYS = 30;

interface ClientErrorRow {
  id: string;
  received_at: Date;
  source: string;
  error: string;
  drop_id: string | null;
  response_status: number | null;
  error_details: unknown;
  client_timestamp: string | null;
  user_id: string | null;
  user_agent: string | null;
}

/** The telemetry context's tables (migrations/): raw events, daily counts, stored batches, client errors. */
@Injectable()
export class TelemetryStore {
  constructor(
    @Inject(DATABASE_POOL) private readonly pool: pg.Pool,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
  ) {}

  /** One batch: `storeBatches` with a group of one. */
  async storeBatch(batchId: string, events: readonly StoredEvent[]): Promise<{ stored: boolean }> {
    const [result] = await this.storeBatches([{ batchId, events }]);
    return result!;
  }

  /**
   * Stores a group of batches in ONE transaction (one commit, one statement per table for the whole group), each
   * batch once: a batch id already stored (a resend, or a job that ran before and failed after committing) stores
   * nothing and answers `stored: false`. Adds the stored batches to the daily counts and publishes their content
   * views (`ContentViewsCounted`, one event per group) in the same transaction.
   */
  async storeBatches(batches: ReadonlyArray<StoredBatch>): Promise<Array<{ stored: boolean }>> {
    // A batch id twice in one group is the same batch twice: the first is stored, the second answers not stored.
    const firstOf = new Map<string, number>();
    batches.forEach((batch, index) => (firstOf.has(batch.batchId) ? undefined : firstOf.set(batch.batchId, index)));
    const claimedIds = await this.eventStore.withTransaction(async (transaction) => {
      const claimed = await transaction.query<{ batch_id: string }>(
        `INSERT INTO telemetry_batches (batch_id, events, stored_at)
         SELECT batch_id, events, now() FROM ${rowsTable(1, { batch_id: 'text', events: 'integer' })} AS b
         ON CONFLICT DO NOTHING RETURNING batch_id`,
        [rowsDocument([...firstOf].map(([batchId, index]) => [batchId, batches[index]!.events.length]))],
      );
      const ids = new Set(claimed.rows.map((row) => row.batch_id));
      if (ids.size === 0) return ids;
      const stored = [...firstOf.entries()].filter(([batchId]) => ids.has(batchId)).map(([, index]) => batches[index]!);
      await insertEvents(transaction, stored);
      const rollup = rollupOf(stored.flatMap((batch) => batch.events));
      await upsertRows(
        transaction,
        'telemetry_daily_counts',
        { target_type: 'text', target_id: 'text', event_type: 'text', day: 'date', count: 'bigint' },
        rollup.targets.map((row) => [row.targetType, row.targetId, row.eventType, row.day, row.count]),
        'ON CONFLICT (target_type, target_id, event_type, day) DO UPDATE SET count = target.count + excluded.count',
      );
      await upsertRows(
        transaction,
        'telemetry_campaign_daily_counts',
        { campaign_id: 'text', event_type: 'text', day: 'date', count: 'bigint' },
        rollup.campaigns.map((row) => [row.campaignId, row.eventType, row.day, row.count]),
        'ON CONFLICT (campaign_id, event_type, day) DO UPDATE SET count = target.count + excluded.count',
      );
      await this.publishContentViews(transaction, stored, rollup.targets);
      return ids;
    });
    return batches.map((batch, index) => ({
      stored: firstOf.get(batch.batchId) === index && claimedIds.has(batch.batchId),
    }));
  }

  private async publishContentViews(
    transaction: TransactionHandle,
    stored: ReadonlyArray<StoredBatch>,
    targets: ReturnType<typeof rollupOf>['targets'],
  ) {
    // The group's content views, published once (the batches were claimed by this transaction): content folds them.
    const views = contentViewsOf(targets);
    if (views.length > 0) {
      const data: ContentViewsCounted = {
        batchIds: stored.map((batch) => batch.batchId),
        views,
        at: new Date().toISOString(),
      };
      await this.eventStore.append(
        [
          {
            streamId: telemetryBatchStreamId(stored[0]!.batchId),
            expectedVersion: 'no_stream',
            events: [{ type: 'ContentViewsCounted', data }],
          },
        ],
        { transaction },
      );
    }
  }

  /** Daily counts of the targets for the UTC days that overlap [from, to). */
  async counts(targets: ReadonlyArray<TelemetryTarget>, from: Date, to: Date): Promise<TelemetryCountRow[]> {
    if (targets.length === 0 || !(from < to)) return [];
    const result = await this.pool.query<{
      target_type: TelemetryCountRow['targetType'];
      target_id: string;
      event_type: TelemetryCountRow['eventType'];
      day: string;
      count: string;
    }>(
      `SELECT c.target_type, c.target_id, c.event_type, to_char(c.day, 'YYYY-MM-DD') AS day, c.count::text AS count
         FROM ${rowsTable(1, { target_type: 'text', target_id: 'text' })} AS t
         JOIN telemetry_daily_counts c ON c.target_type = t.target_type AND c.target_id = t.target_id
        WHERE c.day >= ($2::timestamptz AT TIME ZONE 'UTC')::date
          AND c.day::timestamp < ($3::timestamptz AT TIME ZONE 'UTC')
        ORDER BY c.target_type, c.target_id, c.event_type, c.day`,
      [rowsDocument(targets.map((target) => [target.type, target.id])), from.toISOString(), to.toISOString()],
    );
    return result.rows.map((row) => ({
      targetType: row.target_type,
      targetId: row.target_id,
      eventType: row.event_type,
      day: row.day,
      count: Number(row.count),
    }));
  }

  async recordClientError(
    report: ClientErrorReport,
    details: string | null,
    caller: { userId: string | null; userAgent: string | null },
  ): Promise<string> {
    const result = await this.pool.query<{ id: string }>(
      `INSERT INTO telemetry_client_errors
         (received_at, source, error, drop_id, response_status, error_details, client_timestamp, user_id, user_agent)
       VALUES (now(), $1, $2, $3, $4, $5::jsonb, $6, $7, $8) RETURNING id::text AS id`,
      [
        report.source,
        report.error,
        report.dropId === undefined || report.dropId === null ? null : String(report.dropId),
        report.responseStatus ?? null,
        details,
        report.timestamp ?? null,
        caller.userId,
        caller.userAgent,
      ],
    );
    return result.rows[0]!.id;
  }

  async recentClientErrors(limit: number, source: string | undefined): Promise<ClientError[]> {
    const result = await this.pool.query<ClientErrorRow>(
      `SELECT id::text AS id, received_at, source, error, drop_id, response_status, error_details, client_timestamp,
              user_id, user_agent
         FROM telemetry_client_errors WHERE ($2::text IS NULL OR source = $2)
        ORDER BY received_at DESC, id DESC LIMIT $1`,
      [limit, source ?? null],
    );
    return result.rows.map((row) => ({
      ...row,
      received_at: row.received_at.toISOString(),
      error_details: row.error_details ?? null,
    }));
  }

  /** Drops raw events and error reports older than the retention; the daily counts are kept. */
  async prune(now: Date): Promise<void> {
    const before = new Date(now.getTime() - TELEMETRY_RETENTION_DAYS * 86_400_000).toISOString();
    await this.pool.query(`DELETE FROM telemetry_events WHERE received_at < $1`, [before]);
    await this.pool.query(`DELETE FROM telemetry_client_errors WHERE received_at < $1`, [before]);
    await this.pool.query(`DELETE FROM telemetry_batches WHERE stored_at < $1`, [before]);
  }
}

/** A batch of the group, as received. */
type StoredBatch = { batchId: string; events: readonly StoredEvent[] };

/** The raw events of the batches this transaction claimed, with the target each one names (if any). */
async function insertEvents(transaction: TransactionHandle, stored: ReadonlyArray<StoredBatch>) {
  await upsertRows(
    transaction,
    'telemetry_events',
    {
      batch_id: 'text',
      received_at: 'timestamptz',
      session_id: 'text',
      user_id: 'text',
      event_type: 'text',
      target_type: 'text',
      target_id: 'text',
      campaign_id: 'text',
      payload: 'jsonb',
    },
    stored.flatMap(({ batchId, events }) =>
      events.map((event) => {
        const target = targetOf(event);
        return [
          batchId,
          event.receivedAt,
          event.sessionId,
          event.userId,
          event.eventType,
          target?.targetType ?? null,
          target?.targetId ?? null,
          target?.campaignId ?? null,
          JSON.stringify(event.payload),
        ];
      }),
    ),
    '',
  );
}
