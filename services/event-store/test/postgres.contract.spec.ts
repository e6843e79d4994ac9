import pg from 'pg';
import {
  EVENT_STORE_CHANNEL,
  FastAppendMissedError,
  openDatabase,
  PostgresEventStore,
  verifyStreamChain,
  WrongExpectedVersionError,
  type Database,
  type TransactionHandle,
} from '../src';
import { createTestDatabase, statementsSentDuring, type TestDatabase } from '../src/testing';
import { runEventStoreContract } from './contract/event-store.contract';

// The PostgreSQL adapter on the real server, in a database of its own: the full 8 writers x 2,000 events.
runEventStoreContract(
  'PostgreSQL',
  { concurrentSessions: true, concurrency: { writers: 8, eventsPerWriter: 2_000 } },
  async () => {
    const testDatabase: TestDatabase = await createTestDatabase('event_store');
    const database: Database = await openDatabase({ databaseUrl: testDatabase.url, maxConnections: 12 });
    const store = await PostgresEventStore.open(database);
    return {
      store,
      async tamperWithEventData(streamId, streamVersion, data) {
        await database.pool.query('UPDATE events SET data = $3::jsonb WHERE stream_id = $1 AND stream_version = $2', [
          streamId,
          streamVersion.toString(),
          JSON.stringify(data),
        ]);
      },
      async teardown() {
        await store.close();
        await database.close();
        await testDatabase.drop();
      },
    };
  },
);

describe('PostgreSQL: appends heard by other processes', () => {
  let testDatabase: TestDatabase;
  const closers: (() => Promise<void>)[] = [];
  const openStore = async () => {
    const database = await openDatabase({ databaseUrl: testDatabase.url, maxConnections: 4 });
    const store = await PostgresEventStore.open(database);
    closers.push(async () => {
      await store.close();
      await database.close();
    });
    return store;
  };
  beforeAll(async () => {
    testDatabase = await createTestDatabase('event_store_notify');
  });
  afterAll(async () => {
    for (const close of closers.reverse()) await close();
    await testDatabase.drop();
  });

  it('a multi-stream append whose remembered head went stale (another process wrote) leaves nothing half done', async () => {
    const [first, second] = [await openStore(), await openStore()];
    const [left, right] = [`left-${Date.now()}`, `right-${Date.now()}`];
    const event = (type: string) => ({ type, data: { type } });
    await first.append([
      { streamId: left, expectedVersion: 'no_stream', events: [event('L1')] },
      { streamId: right, expectedVersion: 'no_stream', events: [event('R1')] },
    ]);
    // The other process moves `right` on: `first` still remembers it at version 1.
    await second.append([{ streamId: right, expectedVersion: 1n, events: [event('R2')] }]);

    // Exact versions: `right` is refused, and `left`, which the fast statement could have claimed, is untouched.
    await expect(
      first.append([
        { streamId: left, expectedVersion: 1n, events: [event('L2')] },
        { streamId: right, expectedVersion: 1n, events: [event('R-stale')] },
      ]),
    ).rejects.toBeInstanceOf(WrongExpectedVersionError);
    expect((await first.readStream(left)).map((stored) => stored.type)).toEqual(['L1']);
    expect(await first.streamVersion(left)).toBe(1n);

    // 'any' on both: the fast statement misses on `right`, undoes its claim of `left`, and the locked path writes both.
    await first.append([
      { streamId: left, expectedVersion: 'any', events: [event('L2')] },
      { streamId: right, expectedVersion: 'any', events: [event('R3')] },
    ]);
    expect((await first.readStream(left)).map((stored) => [stored.type, stored.streamVersion])).toEqual([
      ['L1', 1n],
      ['L2', 2n],
    ]);
    expect((await first.readStream(right)).map((stored) => [stored.type, stored.streamVersion])).toEqual([
      ['R1', 1n],
      ['R2', 2n],
      ['R3', 3n],
    ]);
    for (const streamId of [left, right])
      expect(verifyStreamChain(await first.readStream(streamId))).toMatchObject({ valid: true });
  });

  it('in a transaction that reruns on conflicts, a multi-stream append is one statement; a stale head aborts it with FastAppendMissedError, and the rerun writes', async () => {
    const [first, second] = [await openStore(), await openStore()];
    const [left, right] = [`rerun-left-${Date.now()}`, `rerun-right-${Date.now()}`];
    const event = (type: string) => ({ type, data: { type } });
    await first.append([
      { streamId: left, expectedVersion: 'no_stream', events: [event('L1')] },
      { streamId: right, expectedVersion: 'no_stream', events: [event('R1')] },
    ]);
    // Runs `work` in a transaction that reruns on conflicts: what it threw (or null), and the statements sent.
    const inRerunningTransaction = async (work: (transaction: TransactionHandle) => Promise<unknown>) => {
      const { result: outcome, sent } = await statementsSentDuring(() =>
        first.withTransaction(work, { rerunsOnConflict: true }).then(
          () => null,
          (error: unknown) => error,
        ),
      );
      return { outcome, sent };
    };

    // Both heads known: one statement claims both streams and writes both events.
    const fresh = await inRerunningTransaction((transaction) =>
      first.append(
        [
          { streamId: left, expectedVersion: 1n, events: [event('L2')] },
          { streamId: right, expectedVersion: 1n, events: [event('R2')] },
        ],
        { transaction },
      ),
    );
    expect(fresh.outcome).toBeNull();
    // (A throttled NOTIFY of an earlier append may go out meanwhile: only writes of the log count.)
    expect(fresh.sent.filter((text) => /INSERT INTO (events|streams)/.test(text))).toHaveLength(1);

    // Another process moves `right` on: `first` remembers it at version 2. The one statement misses and aborts the
    // transaction; nothing of it stays, `left` included, and every stream of the append is named.
    await second.append([{ streamId: right, expectedVersion: 2n, events: [event('R3')] }]);
    const stale = await inRerunningTransaction((transaction) =>
      first.append(
        [
          { streamId: left, expectedVersion: 2n, events: [event('L3')] },
          { streamId: right, expectedVersion: 2n, events: [event('R-stale')] },
        ],
        { transaction },
      ),
    );
    expect(stale.outcome).toBeInstanceOf(FastAppendMissedError);
    expect(stale.outcome).toBeInstanceOf(WrongExpectedVersionError);
    expect((stale.outcome as FastAppendMissedError).streamIds).toEqual([left, right]);
    expect((await first.readStream(left)).map((stored) => stored.type)).toEqual(['L1', 'L2']);

    // The rerun: the heads were forgotten, so the locking path reads them and gives the authoritative answer.
    await expect(
      first.withTransaction(
        (transaction) =>
          first.append(
            [
              { streamId: right, expectedVersion: 2n, events: [event('R-stale')] },
              { streamId: left, expectedVersion: 2n, events: [event('L3')] },
            ],
            { transaction },
          ),
        {
          rerunsOnConflict: true,
        },
      ),
    ).rejects.toMatchObject({ name: 'WrongExpectedVersionError', streamId: right, actualVersion: 3n });
    await first.withTransaction(
      (transaction) =>
        first.append(
          [
            { streamId: left, expectedVersion: 2n, events: [event('L3')] },
            { streamId: right, expectedVersion: 3n, events: [event('R4')] },
          ],
          { transaction },
        ),
      { rerunsOnConflict: true },
    );
    expect((await first.readStream(left)).map((stored) => stored.type)).toEqual(['L1', 'L2', 'L3']);
    expect((await first.readStream(right)).map((stored) => stored.type)).toEqual(['R1', 'R2', 'R3', 'R4']);
    for (const streamId of [left, right])
      expect(verifyStreamChain(await first.readStream(streamId))).toMatchObject({ valid: true });
  });

  it("wakes another store's subscriber through NOTIFY, sending at most one NOTIFY per 25 ms however many appends", async () => {
    const [writer, reader] = [await openStore(), await openStore()];
    let heard = 0;
    const subscription = reader.subscribe(
      async (events) => {
        heard += events.length;
      },
      { from: await reader.headCheckpoint(), pollIntervalMs: 60_000 },
    );
    closers.push(() => subscription.stop());
    const raw = new pg.Client({ connectionString: testDatabase.url });
    await raw.connect();
    closers.push(() => raw.end());
    let notifications = 0;
    raw.on('notification', () => (notifications += 1));
    await raw.query(`LISTEN ${EVENT_STORE_CHANNEL}`);
    const deadline = Date.now() + 10_000;
    // The reader's LISTEN connection comes up in the background (its poll is a minute away): append until it hears.
    while (heard === 0 && Date.now() < deadline) {
      await writer.append([
        {
          streamId: `probe-${Date.now()}-${Math.random()}`,
          expectedVersion: 'no_stream',
          events: [{ type: 'Probe', data: {} }],
        },
      ]);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(heard).toBeGreaterThan(0);

    await new Promise((resolve) => setTimeout(resolve, 100));
    notifications = 0;
    const started = Date.now();
    await Promise.all(
      Array.from({ length: 200 }, (_, index) =>
        writer.append([
          {
            streamId: `burst-${started}-${index}`,
            expectedVersion: 'no_stream',
            events: [{ type: 'Burst', data: { index } }],
          },
        ]),
      ),
    );
    const elapsed = Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(notifications).toBeGreaterThan(0);
    expect(notifications).toBeLessThanOrEqual(Math.ceil((elapsed + 100) / 25) + 1);
    expect(notifications).toBeLessThan(200);
  });
});
