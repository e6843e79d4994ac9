import { rebuildBatchLimit, RebuildDidNotFinishError } from '../../src/platform/projections/projection-rebuild';
import { ProjectionRunner } from '../../src/platform/projections/projection-runner';
import { exampleProjection, silentLogger } from './support/example-projection';
import {
  appendExampleEvents,
  expectedExampleTotals,
  openTestStore,
  readExampleTotals,
  settledHead,
  type TestStore,
} from './support/test-store';

describe('a rebuild has a bound', () => {
  it('allows twice the batches that reach the head captured at its start, plus the catch-up batches', () => {
    expect(rebuildBatchLimit({ transactionId: 9n, position: 0n }, 100, 1_000)).toBe(1_000);
    expect(rebuildBatchLimit({ transactionId: 9n, position: 250n }, 100, 1_000)).toBe(1_006);
    expect(rebuildBatchLimit({ transactionId: 9n, position: 250n }, 100, 0)).toBe(6);
  });

  describe('on PostgreSQL', () => {
    let store: TestStore;
    beforeEach(async () => {
      store = await openTestStore('api_rebuild_bound');
    }, 120_000);
    afterEach(() => store?.close());

    it('fails with a clear error instead of waiting forever for a log end it cannot reach, and leaves the live tables alone', async () => {
      await appendExampleEvents(store.eventStore, 250);
      await settledHead(store);
      const runner = new ProjectionRunner(exampleProjection(), store.eventStore, store.database.pool, {
        ownerId: 'owner-a',
        pollIntervalMs: 5,
        leaseDurationMs: 1_500,
        batchSize: 100,
        rebuildCatchUpBatches: 4,
        logger: silentLogger,
      });
      await runner.initialize();
      await runner.catchUp();
      expect(await readExampleTotals(store.database)).toEqual(expectedExampleTotals(250));
      // The live tables claim a position beyond any the log will reach, so the rebuild may never swap (it would go
      // back in time); it keeps waiting for the log's safe end, as it would behind a transaction that never ends.
      await store.database.pool.query(
        `update projection_checkpoints set transaction_id = '9000000000', position = 9000000000 where name = 'example_totals'`,
      );

      const batches: number[] = [];
      const failure = await runner
        .rebuild((progress) => void batches.push(progress.eventsDone))
        .catch((error: unknown) => error);

      expect(failure).toBeInstanceOf(RebuildDidNotFinishError);
      expect((failure as Error).message).toContain('the rebuild read 10 batches without reaching the live tables');
      expect(batches).toHaveLength(10);
      expect(batches.at(-1)).toBe(250);
      const rebuilds = await store.database.pool.query<{ status: string; error: string }>(
        'select status, error from projection_rebuilds',
      );
      expect(rebuilds.rows).toEqual([{ status: 'failed', error: (failure as Error).message }]);
      const tables = await store.database.pool.query(
        `select tablename from pg_tables where tablename like 'example_totals%'`,
      );
      expect(tables.rows).toEqual([{ tablename: 'example_totals' }]);
      expect(await readExampleTotals(store.database)).toEqual(expectedExampleTotals(250));
      expect(runner.isRebuilding()).toBe(false);
    }, 60_000);
  });
});
