import { randomUUID } from 'node:crypto';
import {
  AppendAlongsideConflictError,
  AppendGuardTakenError,
  type EventStore,
  WrongExpectedVersionError,
} from '../../src/event-store.port';
import { GENESIS_HASH, verifyStreamChain } from '../../src/hash-chain';
import { UnsafeEventDataError } from '../../src/json-safety';
import { statementsSentDuring } from '../../src/testing';
import {
  type EventStoreContractCapabilities,
  type EventStoreContractFixture,
  uniqueStream,
  events,
  expectConflict,
} from './contract-support';

/** Appends: versions, multi-stream and guarded appends, transactions, the hash chain. */
export function appendContract(fixture: EventStoreContractFixture, capabilities: EventStoreContractCapabilities): void {
  let store: EventStore;
  let context: EventStoreContractFixture['context'];
  beforeAll(() => {
    store = fixture.store;
    context = fixture.context;
  });

  describe('append and read', () => {
    it('appends events to a new stream and reads them back in version order with positions and hashes', async () => {
      const streamId = uniqueStream('account');
      const result = await store.append([
        {
          streamId,
          expectedVersion: 'no_stream',
          events: [
            { type: 'AccountOpened', data: { owner: 'ada' }, metadata: { correlationId: 'c-1' } },
            { type: 'PointsCredited', data: { amountMinor: '1500' } },
          ],
        },
      ]);
      expect(result.streams).toEqual([{ streamId, nextExpectedVersion: 2n }]);
      expect(result.events.map((event) => event.streamVersion)).toEqual([1n, 2n]);
      expect(result.events[0].position < result.events[1].position).toBe(true);
      expect(result.events.every((event) => event.transactionId === result.transactionId)).toBe(true);

      const read = await store.readStream(streamId);
      expect(read).toEqual(result.events);
      expect(read[0]).toMatchObject({
        streamId,
        type: 'AccountOpened',
        data: { owner: 'ada' },
        metadata: { correlationId: 'c-1' },
        previousHash: GENESIS_HASH,
      });
      expect(read[1].metadata).toEqual({});
      expect(read[0].recordedAt).toBeInstanceOf(Date);
      expect(await store.streamVersion(streamId)).toBe(2n);
    });

    it('reads a range of versions and answers [] and version 0 for a stream that does not exist', async () => {
      const streamId = uniqueStream('range');
      await store.append([{ streamId, expectedVersion: 0, events: events(5) }]);
      const middle = await store.readStream(streamId, { fromVersion: 2n, toVersion: 4n });
      expect(middle.map((event) => event.streamVersion)).toEqual([2n, 3n, 4n]);
      expect(await store.readStream(uniqueStream('missing'))).toEqual([]);
      expect(await store.streamVersion(uniqueStream('missing'))).toBe(0n);
    });

    it('reads several streams in one call, each from its own version, [] for a missing one', async () => {
      const [first, second, missing] = [uniqueStream('many-a'), uniqueStream('many-b'), uniqueStream('many-missing')];
      await store.append([
        { streamId: first, expectedVersion: 0, events: events(3) },
        { streamId: second, expectedVersion: 0, events: events(4) },
      ]);
      const read = await store.readStreams([
        { streamId: second, fromVersion: 3n },
        { streamId: first },
        { streamId: missing, fromVersion: 1n },
      ]);
      expect([...read.keys()].sort()).toEqual([first, second, missing].sort());
      expect(read.get(first)).toEqual(await store.readStream(first));
      expect(read.get(second)).toEqual(await store.readStream(second, { fromVersion: 3n }));
      expect(read.get(second)!.map((event) => event.streamVersion)).toEqual([3n, 4n]);
      expect(read.get(missing)).toEqual([]);
      expect(await store.readStreams([])).toEqual(new Map());
      // Asked for twice: read once, from the lower version.
      const twice = await store.readStreams([
        { streamId: first, fromVersion: 3n },
        { streamId: first, fromVersion: 2n },
      ]);
      expect(twice.get(first)!.map((event) => event.streamVersion)).toEqual([2n, 3n]);
    });

    it('keeps caller-chosen event ids', async () => {
      const streamId = uniqueStream('ids');
      const id = randomUUID();
      const result = await store.append([
        { streamId, expectedVersion: 'any', events: [{ id, type: 'Named', data: {} }] },
      ]);
      expect(result.events[0].id).toBe(id);
      expect((await store.readStream(streamId))[0].id).toBe(id);
    });

    it('refuses bigints and unsafe numbers in payloads, writing nothing (callers send money as decimal strings)', async () => {
      const streamId = uniqueStream('unsafe');
      await expect(
        store.append([{ streamId, expectedVersion: 'any', events: [{ type: 'Bad', data: { amountMinor: 10n } }] }]),
      ).rejects.toBeInstanceOf(UnsafeEventDataError);
      await expect(
        store.append([{ streamId, expectedVersion: 'any', events: [{ type: 'Bad', data: { amountMinor: 2 ** 60 } }] }]),
      ).rejects.toThrow(/decimal string/);
      await expect(
        store.append([
          { streamId, expectedVersion: 'any', events: [{ type: 'Bad', data: {}, metadata: { at: Number.NaN } }] },
        ]),
      ).rejects.toBeInstanceOf(UnsafeEventDataError);
      expect(await store.streamVersion(streamId)).toBe(0n);
    });
  });

  describe('expected versions', () => {
    it('accepts the exact current version (number or bigint) and refuses a stale one with a typed error', async () => {
      const streamId = uniqueStream('exact');
      await store.append([{ streamId, expectedVersion: 0, events: events(2) }]);
      await store.append([{ streamId, expectedVersion: 2n, events: events(1) }]);
      await store.append([{ streamId, expectedVersion: 3, events: events(1) }]);
      await expectConflict(store.append([{ streamId, expectedVersion: 3, events: events(1) }]), streamId, 4n);
      const error = (await store
        .append([{ streamId, expectedVersion: 1n, events: events(1) }])
        .catch((failure: unknown) => failure)) as WrongExpectedVersionError;
      expect(error.expectedVersion).toBe(1n);
      expect(error.message).toContain('version 4');
      expect(await store.streamVersion(streamId)).toBe(4n);
    });

    it("'no_stream' succeeds only for a new stream", async () => {
      const streamId = uniqueStream('no-stream');
      await store.append([{ streamId, expectedVersion: 'no_stream', events: events(1) }]);
      await expectConflict(store.append([{ streamId, expectedVersion: 'no_stream', events: events(1) }]), streamId, 1n);
      await expectConflict(store.append([{ streamId, expectedVersion: 0, events: events(1) }]), streamId, 1n);
    });

    it("'stream_exists' succeeds only once the stream has events", async () => {
      const streamId = uniqueStream('exists');
      await expectConflict(
        store.append([{ streamId, expectedVersion: 'stream_exists', events: events(1) }]),
        streamId,
        0n,
      );
      await store.append([{ streamId, expectedVersion: 'any', events: events(1) }]);
      await store.append([{ streamId, expectedVersion: 'stream_exists', events: events(1) }]);
      expect(await store.streamVersion(streamId)).toBe(2n);
    });

    it("'any' appends to new and existing streams without a check", async () => {
      const streamId = uniqueStream('any');
      await store.append([{ streamId, expectedVersion: 'any', events: events(1) }]);
      const result = await store.append([{ streamId, expectedVersion: 'any', events: events(2) }]);
      expect(result.streams[0].nextExpectedVersion).toBe(3n);
    });

    it('lets exactly one of several racing writers with the same expected version win', async () => {
      const streamId = uniqueStream('race');
      await store.append([{ streamId, expectedVersion: 'no_stream', events: events(1) }]);
      const outcomes = await Promise.allSettled(
        Array.from({ length: 6 }, () => store.append([{ streamId, expectedVersion: 1, events: events(1) }])),
      );
      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
      const refusals = outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
      expect(refusals).toHaveLength(5);
      refusals.forEach((refusal) => expect(refusal.reason).toBeInstanceOf(WrongExpectedVersionError));
      expect(await store.streamVersion(streamId)).toBe(2n);
    });
  });

  describe('multi-stream append', () => {
    it('commits every stream in one transaction and reports versions in request order', async () => {
      const payer = uniqueStream('payer');
      const payee = uniqueStream('payee');
      await store.append([{ streamId: payer, expectedVersion: 'no_stream', events: events(2) }]);
      const result = await store.append([
        { streamId: payer, expectedVersion: 2, events: [{ type: 'TipSent', data: { amountMinor: '100' } }] },
        {
          streamId: payee,
          expectedVersion: 'no_stream',
          events: [{ type: 'TipReceived', data: { amountMinor: '100' } }],
        },
      ]);
      expect(result.streams).toEqual([
        { streamId: payer, nextExpectedVersion: 3n },
        { streamId: payee, nextExpectedVersion: 1n },
      ]);
      expect(result.events.map((event) => event.type)).toEqual(['TipSent', 'TipReceived']);
      expect(new Set(result.events.map((event) => event.transactionId)).size).toBe(1);
    });

    it('writes nothing at all when one stream of the request conflicts', async () => {
      const first = uniqueStream('first');
      const second = uniqueStream('second');
      await store.append([{ streamId: second, expectedVersion: 'no_stream', events: events(1) }]);
      await expectConflict(
        store.append([
          { streamId: first, expectedVersion: 'no_stream', events: events(3) },
          { streamId: second, expectedVersion: 'no_stream', events: events(1) },
        ]),
        second,
        1n,
      );
      expect(await store.readStream(first)).toEqual([]);
      expect(await store.streamVersion(first)).toBe(0n);
      expect(await store.streamVersion(second)).toBe(1n);
    });

    it('refuses the same stream twice in one request', async () => {
      const streamId = uniqueStream('twice');
      await expect(
        store.append([
          { streamId, expectedVersion: 'any', events: events(1) },
          { streamId, expectedVersion: 'any', events: events(1) },
        ]),
      ).rejects.toThrow(/twice/);
    });
  });

  describe('guarded appends', () => {
    const table = 'append_guard_contract';
    const guard = (key: string, answer: unknown = { ok: true }) => ({
      table,
      rows: [{ scope: 'contract', key, answer }],
    });
    const guardRows = async (keys: string[]) =>
      (
        await store.withTransaction((transaction) =>
          transaction.query<{ key: string; answer: unknown }>(
            `SELECT key, answer FROM ${table} WHERE key = ANY($1::text[]) ORDER BY key`,
            [keys],
          ),
        )
      ).rows;

    beforeAll(async () => {
      await store.withTransaction((transaction) =>
        transaction.query(
          `CREATE TABLE IF NOT EXISTS ${table} (scope text NOT NULL, key text NOT NULL, answer jsonb NOT NULL, PRIMARY KEY (scope, key))`,
        ),
      );
    });

    it('writes the guard rows with the events, and refuses a taken row writing nothing', async () => {
      const streamId = uniqueStream('guarded');
      const key = randomUUID();
      await store.append([{ streamId, expectedVersion: 'no_stream', events: events(1) }]);
      await store.append([{ streamId, expectedVersion: 1, events: events(1) }], {
        guard: guard(key, { answer: 'first', amount: 3 }),
      });
      expect(await guardRows([key])).toEqual([{ key, answer: { answer: 'first', amount: 3 } }]);
      const refusal = await store
        .append([{ streamId, expectedVersion: 2, events: events(1) }], { guard: guard(key, { answer: 'second' }) })
        .catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(AppendGuardTakenError);
      expect(await store.streamVersion(streamId)).toBe(2n);
      expect(await guardRows([key])).toEqual([{ key, answer: { answer: 'first', amount: 3 } }]);
    });

    it('writes nothing of several streams and rows when one row is taken', async () => {
      const [left, right] = [uniqueStream('guarded-left'), uniqueStream('guarded-right')];
      const [taken, fresh] = [randomUUID(), randomUUID()];
      await store.append([{ streamId: uniqueStream('guard-owner'), expectedVersion: 'no_stream', events: events(1) }], {
        guard: guard(taken),
      });
      const refusal = await store
        .append(
          [
            { streamId: left, expectedVersion: 'no_stream', events: events(1) },
            { streamId: right, expectedVersion: 'no_stream', events: events(1) },
          ],
          {
            guard: {
              table,
              rows: [
                { scope: 'contract', key: fresh, answer: {} },
                { scope: 'contract', key: taken, answer: {} },
              ],
            },
          },
        )
        .catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(AppendGuardTakenError);
      expect(await store.streamVersion(left)).toBe(0n);
      expect(await store.streamVersion(right)).toBe(0n);
      expect(await guardRows([fresh])).toEqual([]);
    });

    it('leaves no guard row behind when the append itself is refused', async () => {
      const streamId = uniqueStream('guarded-conflict');
      await store.append([{ streamId, expectedVersion: 'no_stream', events: events(2) }]);
      const [stale, missing] = [randomUUID(), randomUUID()];
      // 'no_stream' is tried on the one-statement path, which misses and must undo its guard row; 5 is refused by the locking path.
      await expectConflict(
        store.append([{ streamId, expectedVersion: 'no_stream', events: events(1) }], { guard: guard(stale) }),
        streamId,
        2n,
      );
      await expectConflict(
        store.append([{ streamId, expectedVersion: 5, events: events(1) }], { guard: guard(missing) }),
        streamId,
        2n,
      );
      expect(await guardRows([stale, missing])).toEqual([]);
      expect(await store.streamVersion(streamId)).toBe(2n);
    });

    it("joins a caller's transaction: a rollback removes the rows with the events", async () => {
      const streamId = uniqueStream('guarded-rollback');
      const key = randomUUID();
      const failure = new Error('caller failed after appending');
      await expect(
        store.withTransaction(async (transaction) => {
          await store.append([{ streamId, expectedVersion: 'no_stream', events: events(1) }], {
            transaction,
            guard: guard(key),
          });
          throw failure;
        }),
      ).rejects.toBe(failure);
      expect(await guardRows([key])).toEqual([]);
      expect(await store.streamVersion(streamId)).toBe(0n);
    });

    it('refuses a table or column that is not a plain SQL name, before writing anything', async () => {
      const streamId = uniqueStream('guarded-invalid');
      await expect(
        store.append([{ streamId, expectedVersion: 'no_stream', events: events(1) }], {
          guard: { table: 'x; DROP TABLE events', rows: [{ a: 1 }] },
        }),
      ).rejects.toThrow(TypeError);
      await expect(
        store.append([{ streamId, expectedVersion: 'no_stream', events: events(1) }], {
          guard: { table, rows: [{ 'key"': 1 }] },
        }),
      ).rejects.toThrow(TypeError);
      await expect(
        store.append([{ streamId, expectedVersion: 'no_stream', events: events(1) }], {
          guard: { table, rows: [{ scope: 'a', key: 'b', answer: {} }, { scope: 'a' }] },
        }),
      ).rejects.toThrow(TypeError);
      expect(await store.streamVersion(streamId)).toBe(0n);
    });

    if (capabilities.concurrentSessions) {
      it('lets exactly one of several racing appends with the same guard row write', async () => {
        const key = randomUUID();
        const outcomes = await Promise.allSettled(
          Array.from({ length: 6 }, (_, index) =>
            store.append(
              [{ streamId: uniqueStream(`racer-${index}`), expectedVersion: 'no_stream', events: events(1) }],
              { guard: guard(key, { index }) },
            ),
          ),
        );
        expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
        const refusals = outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
        expect(refusals).toHaveLength(5);
        refusals.forEach((refusal) => expect(refusal.reason).toBeInstanceOf(AppendGuardTakenError));
      });
    }
  });

  describe('writes alongside an append', () => {
    const table = 'append_alongside_contract';
    // A compare-and-set of a counter (checked: exactly one row) and an upsert (unchecked), as a caller's inline rows are.
    const setCounter = (key: string, from: number, to: number) => ({
      statement: `UPDATE ${table} SET value = $2 WHERE key = $1 AND value = $3 RETURNING 1`,
      params: [key, to, from],
      expectedRows: 1,
    });
    const upsert = (key: string, value: number) => ({
      statement: `INSERT INTO ${table} (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = ${table}.value + EXCLUDED.value RETURNING 1`,
      params: [key, value],
    });
    const valueOf = async (key: string) =>
      (
        await store.withTransaction((transaction) =>
          transaction.query<{ value: number }>(`SELECT value FROM ${table} WHERE key = $1`, [key]),
        )
      ).rows[0]?.value;
    const givenCounter = (key: string, value: number) =>
      store.withTransaction((transaction) =>
        transaction.query(`INSERT INTO ${table} (key, value) VALUES ($1, $2)`, [key, value]),
      );

    beforeAll(async () => {
      await store.withTransaction((transaction) =>
        transaction.query(`CREATE TABLE IF NOT EXISTS ${table} (key text PRIMARY KEY, value int NOT NULL)`),
      );
    });

    it('commits the rows with the events, in one statement (no transaction of its own when the heads are known)', async () => {
      const [left, right] = [uniqueStream('alongside-left'), uniqueStream('alongside-right')];
      const [counter, total] = [randomUUID(), randomUUID()];
      await givenCounter(counter, 3);
      const { sent } = await statementsSentDuring(() =>
        store.append(
          [
            { streamId: left, expectedVersion: 'no_stream', events: events(2) },
            { streamId: right, expectedVersion: 'no_stream', events: events(1) },
          ],
          { alongside: [setCounter(counter, 3, 4), upsert(total, 5)] },
        ),
      );
      // The store's NOTIFY to other processes runs on a timer after an earlier test's commit and may land in this
      // window: it is not one of the append's statements.
      const appendStatements = sent.filter((text) => !text.includes('pg_notify('));
      expect(appendStatements).toHaveLength(1);
      expect(appendStatements[0]).toContain('INSERT INTO events');
      expect([
        await store.streamVersion(left),
        await store.streamVersion(right),
        await valueOf(counter),
        await valueOf(total),
      ]).toEqual([2n, 1n, 4, 5]);
    });

    it('writes nothing, events or rows, when a checked write finds its row moved (in one statement and on the locking path)', async () => {
      const streamId = uniqueStream('alongside-moved');
      const [counter, total] = [randomUUID(), randomUUID()];
      await givenCounter(counter, 7);
      // A new stream takes the one statement; the counter is at 7, not 6.
      const fast = await store
        .append([{ streamId, expectedVersion: 'no_stream', events: events(1) }], {
          alongside: [upsert(total, 1), setCounter(counter, 6, 8)],
        })
        .catch((error: unknown) => error);
      expect(fast).toBeInstanceOf(AppendAlongsideConflictError);
      expect(fast).toBeInstanceOf(WrongExpectedVersionError);
      // In a transaction that does not rerun on conflicts the append takes the locking path: the writes run one by one.
      const locked = await store
        .withTransaction((transaction) =>
          store.append([{ streamId, expectedVersion: 'no_stream', events: events(1) }], {
            transaction,
            alongside: [upsert(total, 1), setCounter(counter, 6, 8)],
          }),
        )
        .catch((error: unknown) => error);
      expect(locked).toBeInstanceOf(AppendAlongsideConflictError);
      expect([await store.streamVersion(streamId), await valueOf(counter), await valueOf(total)]).toEqual([
        0n,
        7,
        undefined,
      ]);
    });

    it('writes no row when the append itself is refused', async () => {
      const streamId = uniqueStream('alongside-conflict');
      const total = randomUUID();
      await store.append([{ streamId, expectedVersion: 'no_stream', events: events(2) }]);
      await expectConflict(
        store.append([{ streamId, expectedVersion: 1, events: events(1) }], { alongside: [upsert(total, 1)] }),
        streamId,
        2n,
      );
      await expectConflict(
        store.append([{ streamId, expectedVersion: 'no_stream', events: events(1) }], {
          alongside: [upsert(total, 1)],
        }),
        streamId,
        2n,
      );
      expect(await valueOf(total)).toBeUndefined();
      expect(await store.streamVersion(streamId)).toBe(2n);
    });

    it("joins a caller's transaction: a rollback removes the rows with the events", async () => {
      const streamId = uniqueStream('alongside-rollback');
      const total = randomUUID();
      const failure = new Error('caller failed after appending');
      await expect(
        store.withTransaction(
          async (transaction) => {
            await store.append([{ streamId, expectedVersion: 'no_stream', events: events(1) }], {
              transaction,
              alongside: [upsert(total, 2)],
            });
            throw failure;
          },
          { rerunsOnConflict: true },
        ),
      ).rejects.toBe(failure);
      expect(await valueOf(total)).toBeUndefined();
      expect(await store.streamVersion(streamId)).toBe(0n);
    });

    it('refuses a write without RETURNING (its rows are what it changed) before writing anything', async () => {
      const streamId = uniqueStream('alongside-invalid');
      await expect(
        store.append([{ streamId, expectedVersion: 'no_stream', events: events(1) }], {
          alongside: [{ statement: `DELETE FROM ${table}`, params: [] }],
        }),
      ).rejects.toThrow(TypeError);
      expect(await store.streamVersion(streamId)).toBe(0n);
    });
  });

  describe('transactions', () => {
    it("joins the caller's transaction: reads inside see the append, and a rollback removes it", async () => {
      const streamId = uniqueStream('outer-rollback');
      const failure = new Error('caller failed after appending');
      await expect(
        store.withTransaction(async (transaction) => {
          await store.append([{ streamId, expectedVersion: 'no_stream', events: events(2) }], { transaction });
          expect(await store.streamVersion(streamId, { transaction })).toBe(2n);
          expect(await store.readStream(streamId, { transaction })).toHaveLength(2);
          expect((await store.readStreams([{ streamId }], { transaction })).get(streamId)).toHaveLength(2);
          const own = await transaction.query<{ answer: number }>('SELECT 42 AS answer');
          expect(own.rows[0].answer).toBe(42);
          throw failure;
        }),
      ).rejects.toBe(failure);
      expect(await store.readStream(streamId)).toEqual([]);
      expect(await store.streamVersion(streamId)).toBe(0n);
    });

    it("commits several appends of the caller's transaction together", async () => {
      const left = uniqueStream('outer-left');
      const right = uniqueStream('outer-right');
      const transactionIds = await store.withTransaction(async (transaction) => {
        const first = await store.append([{ streamId: left, expectedVersion: 'no_stream', events: events(1) }], {
          transaction,
        });
        const second = await store.append([{ streamId: right, expectedVersion: 'no_stream', events: events(1) }], {
          transaction,
        });
        return [first.transactionId, second.transactionId];
      });
      expect(transactionIds[0]).toBe(transactionIds[1]);
      expect(await store.streamVersion(left)).toBe(1n);
      expect(await store.streamVersion(right)).toBe(1n);
    });
  });

  describe('hash chain', () => {
    it('chains every event on the previous one across appends and verifies', async () => {
      const streamId = uniqueStream('chain');
      await store.append([{ streamId, expectedVersion: 'no_stream', events: events(3) }]);
      await store.append([
        { streamId, expectedVersion: 3, events: events(2, 'Other', { nested: { b: 1, a: [1, 'two', null] } }) },
      ]);
      const stored = await store.readStream(streamId);
      expect(stored[0].previousHash).toBe(GENESIS_HASH);
      for (let index = 1; index < stored.length; index += 1)
        expect(stored[index].previousHash).toBe(stored[index - 1].hash);
      expect(verifyStreamChain(stored)).toEqual({ valid: true, streamId, eventsChecked: 5, lastHash: stored[4].hash });
      // A slice verifies when told where it continues from.
      expect(verifyStreamChain(stored.slice(2), { streamVersion: 2n, hash: stored[1].hash }).valid).toBe(true);
    });

    it('detects a row whose data was changed behind the store', async () => {
      const streamId = uniqueStream('tampered');
      await store.append([
        {
          streamId,
          expectedVersion: 'no_stream',
          events: [
            { type: 'PointsCredited', data: { amountMinor: '100' } },
            { type: 'PointsCredited', data: { amountMinor: '5' } },
            { type: 'PointsDebited', data: { amountMinor: '5' } },
          ],
        },
      ]);
      await context.tamperWithEventData(streamId, 2n, { amountMinor: '5000000' });
      const verification = verifyStreamChain(await store.readStream(streamId));
      expect(verification).toMatchObject({ valid: false, streamId, streamVersion: 2n, reason: 'HASH_MISMATCH' });
    });

    it('detects a missing event as a gap', async () => {
      const streamId = uniqueStream('gap');
      await store.append([{ streamId, expectedVersion: 'no_stream', events: events(3) }]);
      const stored = await store.readStream(streamId);
      expect(verifyStreamChain([stored[0], stored[2]])).toMatchObject({
        valid: false,
        reason: 'VERSION_GAP',
        streamVersion: 3n,
      });
    });
  });
}
