import { SYSTEM_ACCOUNTS, userAccount } from '../../src/modules/ledger/domain/accounts';
import { userStreamId } from '../../src/modules/ledger/domain/streams';
import { LedgerExecutor, newTransactionId } from '../../src/modules/ledger/infrastructure/ledger-executor';
import { verifyLedger } from '../../src/modules/ledger/infrastructure/ledger-audit';
import { LedgerTestContext, openLedgerTestContext } from './support';

jest.setTimeout(60_000);

describe('ledger on PostgreSQL', () => {
  let context: LedgerTestContext;
  let executor: LedgerExecutor;
  const now = () => new Date().toISOString();

  beforeAll(async () => {
    context = await openLedgerTestContext();
    executor = new LedgerExecutor(context.eventStore);
  });
  afterAll(() => context.close());

  async function fundPoints(userId: string, pointsMinor: bigint) {
    const outcome = await executor.execute({
      type: 'PostTransaction',
      data: {
        transactionId: newTransactionId(),
        reasonCode: 'ADJUSTMENT',
        description: 'Test funding',
        postings: [
          {
            debitAccount: SYSTEM_ACCOUNTS.issuance,
            creditAccount: userAccount(userId),
            currency: 'points',
            amountMinor: pointsMinor,
          },
        ],
        now: now(),
      },
    });
    expect(outcome.kind).toBe('accepted');
  }

  it('opens accounts once, even when asked twice at the same time', async () => {
    const command = {
      type: 'OpenUserAccounts' as const,
      data: { userId: 'opener', transactionId: newTransactionId(), now: now() },
    };
    const other = new LedgerExecutor(context.eventStore);
    const outcomes = await Promise.all([
      executor.execute(command),
      other.execute({ ...command, data: { ...command.data, transactionId: newTransactionId() } }),
    ]);
    expect(outcomes.every((outcome) => outcome.kind === 'accepted')).toBe(true);
    const events = await context.eventStore.readStream(userStreamId('opener'));
    expect(events.map((event) => event.type)).toEqual(['LedgerAccountOpened', 'LedgerTransactionPosted']);
    const state = (await new LedgerExecutor(context.eventStore).load('opener')).state;
    expect(state.balances.points).toBe(250n);
    expect(state.balances.keys).toBe(1n);
  });

  it('200 parallel conversions against a balance that affords 3 keys: exactly 3 succeed, the balance is exact', async () => {
    // 1,600 points afford 3 keys (1,500) and leave 100; the daily limit is also 3.
    await fundPoints('parallel', 16_000n);
    // Separate executors stand for separate API processes: only the database's version check can serialise them.
    const executors = Array.from({ length: 4 }, () => new LedgerExecutor(context.eventStore));
    const outcomes = await Promise.all(
      Array.from({ length: 200 }, (_, index) =>
        executors[index % executors.length].execute({
          type: 'ConvertCurrency',
          data: {
            userId: 'parallel',
            fromCurrency: 'points',
            toCurrency: 'keys',
            keys: 1n,
            transactionId: newTransactionId(),
            now: now(),
          },
        }),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.kind === 'accepted')).toHaveLength(3);
    const state = (await new LedgerExecutor(context.eventStore).load('parallel')).state;
    expect(state.balances.points).toBe(1_000n);
    expect(state.balances.keys).toBe(3n);
    await context.catchUp();
    const row = await context.database.pool.query(
      `SELECT currency, balance_minor::text AS balance FROM ledger_balances WHERE account_id = $1 ORDER BY currency`,
      [userAccount('parallel')],
    );
    expect(row.rows).toEqual([
      { currency: 'keys', balance: '3' },
      { currency: 'points', balance: '1000' },
    ]);
  });

  it('200 parallel gem conversions against a balance that affords 3: exactly 3 succeed', async () => {
    await executor.execute({
      type: 'PostTransaction',
      data: {
        transactionId: newTransactionId(),
        reasonCode: 'ADJUSTMENT',
        description: 'Gems',
        postings: [
          {
            debitAccount: SYSTEM_ACCOUNTS.issuance,
            creditAccount: userAccount('gems'),
            currency: 'gems',
            amountMinor: 79_999n,
          },
        ],
        now: now(),
      },
    });
    const executors = Array.from({ length: 4 }, () => new LedgerExecutor(context.eventStore));
    const outcomes = await Promise.all(
      Array.from({ length: 200 }, (_, index) =>
        executors[index % 4].execute({
          type: 'ConvertCurrency',
          data: {
            userId: 'gems',
            fromCurrency: 'gems',
            toCurrency: 'keys',
            keys: 1n,
            transactionId: newTransactionId(),
            now: now(),
          },
        }),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.kind === 'accepted')).toHaveLength(3);
    const state = (await new LedgerExecutor(context.eventStore).load('gems')).state;
    expect(state.balances.gems).toBe(19_999n);
  });

  it('records an idempotency claim in the same group commit as the money: one of many processes wins, the rest see key-taken', async () => {
    await fundPoints('claimer', 100_000n);
    await fundPoints('bystander', 100_000n);
    const claim = (key: string, response: unknown) => ({
      scope: 'test:claimer',
      key,
      requestHash: 'hash',
      status: 200,
      response,
    });
    const convert = (userId: string) => ({
      type: 'ConvertCurrency' as const,
      data: {
        userId,
        fromCurrency: 'points' as const,
        toCurrency: 'keys' as const,
        keys: 1n,
        transactionId: newTransactionId(),
        now: now(),
      },
    });
    // Four executors stand for four API processes sending the same key at once; a bystander without a key shares
    // their batches.
    const executors = Array.from({ length: 4 }, () => new LedgerExecutor(context.eventStore));
    const outcomes = await Promise.all([
      ...executors.map((each, index) =>
        each.executeClaimed(convert('claimer'), (accepted) =>
          claim('same-key', { by: index, transactionId: accepted.transactionId }),
        ),
      ),
      executor.execute(convert('bystander')),
    ]);
    const winners = outcomes.slice(0, 4).filter((outcome) => outcome.kind === 'accepted');
    expect(winners).toHaveLength(1);
    expect(outcomes.slice(0, 4).filter((outcome) => outcome.kind === 'key-taken')).toHaveLength(3);
    expect(outcomes[4].kind).toBe('accepted');
    const state = (await new LedgerExecutor(context.eventStore).load('claimer')).state;
    expect(state.balances.keys).toBe(1n);
    expect(state.balances.points).toBe(100_000n - 5_000n);
    const stored = await context.database.pool.query(
      'SELECT status_code, response FROM idempotency_keys WHERE scope = $1 AND idempotency_key = $2',
      ['test:claimer', 'same-key'],
    );
    expect(stored.rows).toEqual([
      {
        status_code: 200,
        response: expect.objectContaining({
          transactionId: winners[0].kind === 'accepted' ? winners[0].transactionId : null,
        }),
      },
    ]);

    // A refusal records nothing: the key stays free for the caller to store the refusal.
    const poor = await executor.executeClaimed(
      { ...convert('claimer'), data: { ...convert('claimer').data, keys: 1_000n } },
      () => claim('refused-key', {}),
    );
    expect(poor.kind).toBe('refused');
    const none = await context.database.pool.query('SELECT 1 FROM idempotency_keys WHERE idempotency_key = $1', [
      'refused-key',
    ]);
    expect(none.rowCount).toBe(0);
  });

  it('a key taken before fails only its own command: the others of its batch still commit', async () => {
    for (const user of ['retaker', 'neighbour', 'keyless']) await fundPoints(user, 100_000n);
    const convert = (userId: string) => ({
      type: 'ConvertCurrency' as const,
      data: {
        userId,
        fromCurrency: 'points' as const,
        toCurrency: 'keys' as const,
        keys: 1n,
        transactionId: newTransactionId(),
        now: now(),
      },
    });
    const claim = (scope: string, key: string) => () => ({
      scope,
      key,
      requestHash: 'hash',
      status: 200,
      response: { scope },
    });
    expect((await executor.executeClaimed(convert('retaker'), claim('test:retaker', 'retaken'))).kind).toBe('accepted');
    // Sent together from one executor, so that they share group commits.
    const [retaken, neighbour, keyless] = await Promise.all([
      executor.executeClaimed(convert('retaker'), claim('test:retaker', 'retaken')),
      executor.executeClaimed(convert('neighbour'), claim('test:neighbour', 'fresh')),
      executor.execute(convert('keyless')),
    ]);
    expect([retaken.kind, neighbour.kind, keyless.kind]).toEqual(['key-taken', 'accepted', 'accepted']);
    const keysOf = async (userId: string) =>
      (await new LedgerExecutor(context.eventStore).load(userId)).state.balances.keys;
    expect([await keysOf('retaker'), await keysOf('neighbour'), await keysOf('keyless')]).toEqual([1n, 1n, 1n]);
    const stored = await context.database.pool.query(
      'SELECT scope FROM idempotency_keys WHERE idempotency_key = ANY($1::text[]) ORDER BY scope',
      [['retaken', 'fresh']],
    );
    expect(stored.rows).toEqual([{ scope: 'test:neighbour' }, { scope: 'test:retaker' }]);
  });

  it('reverses a transaction the transactions projection has not seen yet, once', async () => {
    await fundPoints('reverser', 1_000n);
    const originalTransactionId = newTransactionId();
    const posted = await executor.execute({
      type: 'PostTransaction',
      data: {
        transactionId: originalTransactionId,
        reasonCode: 'TIP',
        description: 'Tip to reverse',
        postings: [
          {
            debitAccount: userAccount('reverser'),
            creditAccount: userAccount('reversee'),
            currency: 'points',
            amountMinor: 400n,
          },
        ],
        now: now(),
      },
    });
    expect(posted.kind).toBe('accepted');
    // No projection runner has run in this suite: the original is found in the log's tail.
    const projected = await context.database.pool.query('SELECT 1 FROM ledger_transactions WHERE transaction_id = $1', [
      originalTransactionId,
    ]);
    expect(projected.rowCount).toBe(0);
    const reverse = () =>
      executor.execute({
        type: 'ReverseTransaction',
        data: { originalTransactionId, reversalTransactionId: newTransactionId(), description: 'Mistake', now: now() },
      });
    expect((await reverse()).kind).toBe('accepted');
    expect(await reverse()).toEqual({ kind: 'refused', refusal: 'TRANSACTION_MUST_NOT_BE_REVERSED_TWICE' });
    const fresh = new LedgerExecutor(context.eventStore);
    expect((await fresh.load('reverser')).state.balances.points).toBe(1_000n);
    expect((await fresh.load('reversee')).state.balances.points).toBe(0n);
  });

  it('never refuses on a stale cache: money credited by another process is seen before a refusal', async () => {
    const first = new LedgerExecutor(context.eventStore);
    const second = new LedgerExecutor(context.eventStore);
    await first.execute({
      type: 'OpenUserAccounts',
      data: { userId: 'stale', transactionId: newTransactionId(), now: now() },
    });
    // `second` (another API process) credits the user; `first` still holds the opening state in its cache.
    await second.execute({
      type: 'PostTransaction',
      data: {
        transactionId: newTransactionId(),
        reasonCode: 'ADJUSTMENT',
        description: 'Credit elsewhere',
        postings: [
          {
            debitAccount: SYSTEM_ACCOUNTS.issuance,
            creditAccount: userAccount('stale'),
            currency: 'points',
            amountMinor: 5_000n,
          },
        ],
        now: now(),
      },
    });
    const outcome = await first.execute({
      type: 'ConvertCurrency',
      data: {
        userId: 'stale',
        fromCurrency: 'points',
        toCurrency: 'keys',
        keys: 1n,
        transactionId: newTransactionId(),
        now: now(),
      },
    });
    expect(outcome.kind).toBe('accepted');
    expect((await second.load('stale')).state.balances.keys).toBe(2n);
  });

  it('refuses to record the same transaction twice (a retry after a lost commit fails instead of paying twice)', async () => {
    const grant = {
      type: 'PostTransaction' as const,
      data: {
        transactionId: 'grant-once',
        reasonCode: 'REFERRAL_BONUS' as const,
        description: 'Referral bonus',
        postings: [
          {
            debitAccount: SYSTEM_ACCOUNTS.issuance,
            creditAccount: userAccount('once'),
            currency: 'points' as const,
            amountMinor: 5_000n,
          },
        ],
        now: now(),
      },
    };
    expect((await executor.execute(grant)).kind).toBe('accepted');
    await expect(new LedgerExecutor(context.eventStore).execute(grant)).rejects.toThrow(/duplicate key|unique/i);
    expect((await new LedgerExecutor(context.eventStore).load('once')).state.balances.points).toBe(5_000n);
  });

  it('a group in a unit of work reads its users in one statement: never two statements at once on the connection', async () => {
    await fundPoints('group-a', 1_000n);
    await fundPoints('group-b', 1_000n);
    const tip = (from: string, to: string, amountMinor: bigint) => ({
      type: 'PostTransaction' as const,
      data: {
        transactionId: newTransactionId(),
        reasonCode: 'TIP' as const,
        description: 'Tip',
        postings: [
          { debitAccount: userAccount(from), creditAccount: userAccount(to), currency: 'points' as const, amountMinor },
        ],
        now: now(),
      },
    });
    // A cold cache (another process) reads all three users; the refusal then reads them again, fresh.
    const cold = new LedgerExecutor(context.eventStore);
    let inFlight = 0;
    let mostInFlight = 0;
    const outcomes = await context.eventStore.withTransaction(async (transaction) => {
      const watched = new Proxy(transaction, {
        get(target, property) {
          const value = Reflect.get(target, property) as unknown;
          if (typeof value !== 'function') return value;
          return async (...args: unknown[]) => {
            inFlight += 1;
            mostInFlight = Math.max(mostInFlight, inFlight);
            try {
              return await (value as (...callArgs: unknown[]) => Promise<unknown>).apply(target, args);
            } finally {
              inFlight -= 1;
            }
          };
        },
      });
      return cold.executeEachWithin(
        [tip('group-a', 'group-c', 100n), tip('group-b', 'group-c', 100n), tip('group-a', 'group-b', 5_000n)],
        { transaction: watched, afterCommit: () => {} },
      );
    });
    expect(outcomes.map((outcome) => outcome.kind)).toEqual(['accepted', 'accepted', 'refused']);
    expect(mostInFlight).toBe(1);
    const balances = () =>
      Promise.all(
        ['group-a', 'group-b', 'group-c'].map(
          async (userId) => (await new LedgerExecutor(context.eventStore).load(userId)).state.balances.points,
        ),
      );
    // A refusal appends nothing (the others were decided as if it had moved): the caller runs them again without it.
    expect(await balances()).toEqual([1_000n, 1_000n, 0n]);
    const rerun = await context.eventStore.withTransaction((transaction) =>
      cold.executeEachWithin([tip('group-a', 'group-c', 100n), tip('group-b', 'group-c', 100n)], {
        transaction,
        afterCommit: () => {},
      }),
    );
    expect(rerun.map((outcome) => outcome.kind)).toEqual(['accepted', 'accepted']);
    expect(await balances()).toEqual([900n, 900n, 200n]);
  });

  it('transfers between users commit both streams or neither, and verify finds nothing wrong', async () => {
    await fundPoints('payer', 1_000n);
    const tip = (amountMinor: bigint) =>
      executor.execute({
        type: 'PostTransaction',
        data: {
          transactionId: newTransactionId(),
          reasonCode: 'TIP',
          description: 'Tip',
          postings: [
            {
              debitAccount: userAccount('payer'),
              creditAccount: userAccount('payee'),
              currency: 'points',
              amountMinor: (amountMinor * 9n) / 10n,
            },
            {
              debitAccount: userAccount('payer'),
              creditAccount: SYSTEM_ACCOUNTS.fees,
              currency: 'points',
              amountMinor: amountMinor / 10n,
            },
          ],
          now: now(),
        },
      });
    expect((await tip(600n)).kind).toBe('accepted');
    expect(await tip(600n)).toEqual({ kind: 'refused', refusal: 'BALANCE_MUST_COVER_AMOUNT' });
    await context.catchUp();
    const report = await verifyLedger(context.eventStore);
    expect(report.findings).toEqual([]);
    expect(report.ok).toBe(true);
    expect(report.currencies.points.sum).toBe('0');
  });
});
