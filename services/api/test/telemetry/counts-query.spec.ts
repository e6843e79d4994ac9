import { QueryBus } from '@nestjs/cqrs';
import type pg from 'pg';
import { DATABASE_POOL } from '../../src/platform/database/database.tokens';
import { IdentityModule, TelemetryModule } from '../../src/modules/context-modules';
import { TelemetryCountsQuery, type TelemetryCountRow } from '../../src/modules/telemetry';
import { TelemetryStore } from '../../src/modules/telemetry/infrastructure/telemetry-store';
import { startAppWithModules, type IdentityTestApp } from '../identity/support';

const event = (receivedAt: string, eventType: string, payload: Record<string, unknown>) => ({
  receivedAt,
  sessionId: 's1',
  userId: null,
  eventType,
  payload,
});

describe('TelemetryCountsQuery (the daily rollup other contexts read)', () => {
  let testApp: IdentityTestApp;
  let store: TelemetryStore;
  let queries: QueryBus;

  beforeAll(async () => {
    testApp = await startAppWithModules('telemetry_counts', [IdentityModule, TelemetryModule]);
    store = testApp.app.get(TelemetryStore);
    queries = testApp.app.get(QueryBus);
  });
  afterAll(() => testApp.close());

  it('counts impressions, clicks and views per target and UTC day, for the days overlapping [from, to)', async () => {
    await store.storeBatch('batch-a', [
      event('2026-11-01T23:59:59.000Z', 'impression', { target_type: 'content', target_id: 'c1' }),
      event('2026-11-01T10:00:00.000Z', 'impression', { target_type: 'content', target_id: 'c1' }),
      event('2026-11-02T00:00:00.000Z', 'impression', { target_type: 'content', target_id: 'c1' }),
      event('2026-11-02T08:00:00.000Z', 'click', { target_type: 'content', target_id: 'c1', campaign_id: 'camp' }),
      event('2026-11-02T08:00:00.000Z', 'view', { target_type: 'drop', target_id: 'd1' }),
      event('2026-11-02T08:00:00.000Z', 'scroll_depth', { depth: 80 }),
      event('2026-11-02T08:00:00.000Z', 'impression', { target_type: 'content', target_id: 'other' }),
    ]);
    // A second batch adds to the same rows; the same batch again adds nothing (a job runs at least once).
    await store.storeBatch('batch-b', [
      event('2026-11-02T09:00:00.000Z', 'impression', { target_type: 'content', target_id: 'c1' }),
    ]);
    const replay = await store.storeBatch('batch-b', [
      event('2026-11-02T09:00:00.000Z', 'impression', { target_type: 'content', target_id: 'c1' }),
    ]);
    expect(replay.stored).toBe(false);

    const rows = await queries.execute<TelemetryCountsQuery, TelemetryCountRow[]>(
      new TelemetryCountsQuery(
        [
          { type: 'content', id: 'c1' },
          { type: 'drop', id: 'd1' },
          { type: 'content', id: 'never-seen' },
        ],
        new Date('2026-11-01T00:00:00Z'),
        new Date('2026-11-03T00:00:00Z'),
      ),
    );
    expect(rows).toEqual([
      { targetType: 'content', targetId: 'c1', eventType: 'click', day: '2026-11-02', count: 1 },
      { targetType: 'content', targetId: 'c1', eventType: 'impression', day: '2026-11-01', count: 2 },
      { targetType: 'content', targetId: 'c1', eventType: 'impression', day: '2026-11-02', count: 2 },
      { targetType: 'drop', targetId: 'd1', eventType: 'view', day: '2026-11-02', count: 1 },
    ]);

    // `to` is exclusive: a range ending at midnight leaves that day out; one ending mid-day keeps it.
    const firstDay = await queries.execute<TelemetryCountsQuery, TelemetryCountRow[]>(
      new TelemetryCountsQuery(
        [{ type: 'content', id: 'c1' }],
        new Date('2026-11-01T00:00:00Z'),
        new Date('2026-11-02T00:00:00Z'),
      ),
    );
    expect(firstDay).toEqual([
      { targetType: 'content', targetId: 'c1', eventType: 'impression', day: '2026-11-01', count: 2 },
    ]);
    const intoSecondDay = await queries.execute<TelemetryCountsQuery, TelemetryCountRow[]>(
      new TelemetryCountsQuery(
        [{ type: 'content', id: 'c1' }],
        new Date('2026-11-01T12:00:00Z'),
        new Date('2026-11-02T00:00:01Z'),
      ),
    );
    expect(intoSecondDay.map((row) => `${row.eventType}:${row.day}`)).toEqual([
      'click:2026-11-02',
      'impression:2026-11-01',
      'impression:2026-11-02',
    ]);

    expect(await queries.execute(new TelemetryCountsQuery([], new Date(0), new Date()))).toEqual([]);
  });

  it('keeps every event of a batch raw, free-form types included, without counting those', async () => {
    const raw = await testApp.app
      .get<pg.Pool>(DATABASE_POOL)
      .query(`SELECT event_type, target_id FROM telemetry_events WHERE batch_id = 'batch-a' ORDER BY id`);
    expect(raw.rows).toHaveLength(7);
    expect(raw.rows.find((row: { event_type: string }) => row.event_type === 'scroll_depth')).toEqual({
      event_type: 'scroll_depth',
      target_id: null,
    });
  });

  it('stores a group of batches in one go, each batch id once (a repeat inside the group or one stored before stores nothing)', async () => {
    const impression = (targetId: string) =>
      event('2026-11-05T10:00:00.000Z', 'impression', { target_type: 'drop', target_id: targetId });
    const results = await store.storeBatches([
      { batchId: 'group-1', events: [impression('g'), impression('g')] },
      { batchId: 'batch-a', events: [impression('g')] },
      { batchId: 'group-2', events: [impression('g'), impression('h')] },
      { batchId: 'group-1', events: [impression('g'), impression('g')] },
    ]);
    expect(results.map((result) => result.stored)).toEqual([true, false, true, false]);
    const rows = await queries.execute<TelemetryCountsQuery, TelemetryCountRow[]>(
      new TelemetryCountsQuery(
        [
          { type: 'drop', id: 'g' },
          { type: 'drop', id: 'h' },
        ],
        new Date('2026-11-05T00:00:00Z'),
        new Date('2026-11-06T00:00:00Z'),
      ),
    );
    expect(rows.map((row) => [row.targetId, row.count])).toEqual([
      ['g', 3],
      ['h', 1],
    ]);
    const raw = await testApp.app
      .get<pg.Pool>(DATABASE_POOL)
      .query(
        `SELECT batch_id, count(*)::int AS count FROM telemetry_events WHERE batch_id LIKE 'group-%' GROUP BY batch_id ORDER BY batch_id`,
      );
    expect(raw.rows).toEqual([
      { batch_id: 'group-1', count: 2 },
      { batch_id: 'group-2', count: 2 },
    ]);
  });
});
