import { PostgresEventStore, openDatabase, verifyEventStore, type Database } from '../src';
import { createTestDatabase, type TestDatabase } from '../src/testing';

// verifyEventStore is what `ledger verify` runs: it must pass an untouched store and name every kind of tampering.
describe('verifyEventStore', () => {
  let testDatabase: TestDatabase;
  let database: Database;
  let store: PostgresEventStore;

  beforeEach(async () => {
    testDatabase = await createTestDatabase('event_store_verify');
    database = await openDatabase({ databaseUrl: testDatabase.url });
    store = await PostgresEventStore.open(database);
    for (const streamId of ['alpha', 'beta', 'gamma']) {
      await store.append([
        {
          streamId,
          expectedVersion: 'no_stream',
          events: [1, 2, 3].map((step) => ({ type: 'Stepped', data: { step } })),
        },
      ]);
    }
  });

  afterEach(async () => {
    await store.close();
    await database.close();
    await testDatabase.drop();
  });

  it('passes an untouched store and reports progress', async () => {
    const progress: number[] = [];
    const result = await verifyEventStore(store, {
      pageSize: 2,
      onProgress: ({ streamsChecked }) => progress.push(streamsChecked),
    });
    expect(result).toEqual({ valid: true, streamsChecked: 3, eventsChecked: 9, failures: [] });
    expect(progress).toEqual([2, 3]);
  });

  it('names a changed payload, a removed middle event, a removed newest event and events without a stream row', async () => {
    await database.pool.query(
      `UPDATE events SET data = '{"step": 20}' WHERE stream_id = 'alpha' AND stream_version = 2`,
    );
    await database.pool.query(`DELETE FROM events WHERE stream_id = 'beta' AND stream_version = 2`);
    await database.pool.query(`DELETE FROM events WHERE stream_id = 'gamma' AND stream_version = 3`);
    await store.append([
      { streamId: 'delta', expectedVersion: 'no_stream', events: [{ type: 'Stepped', data: { step: 1 } }] },
    ]);
    await database.pool.query(`DELETE FROM streams WHERE stream_id = 'delta'`);
    const result = await verifyEventStore(store);
    expect(result.valid).toBe(false);
    expect(result.failures.map((failure) => [failure.reason, failure.streamId])).toEqual([
      ['HASH_MISMATCH', 'alpha'],
      ['VERSION_GAP', 'beta'],
      ['HEAD_MISMATCH', 'gamma'],
      ['STREAM_WITHOUT_HEAD', 'delta'],
    ]);
  });
});
