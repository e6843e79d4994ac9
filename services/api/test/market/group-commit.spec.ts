import type { Pool } from 'pg';
import { newTransactionId } from '../../src/modules/ledger';
import { buySharesRoute, type BuySharesResponse } from '@app/contracts/market';
import { MarketCommands } from '../../src/modules/market/infrastructure/market-commands';
import { DATABASE_POOL } from '../../src/platform/database/database.tokens';
import type { IdempotentRequest } from '../../src/platform/idempotency/unit-of-work';
import type { IdentityTestApp } from '../identity/support';
import {
  auth,
  expectLedgerVerifiesClean,
  givenContent,
  givenFunds,
  givenUser,
  marketVerbs,
  startMarketApp,
  usdOf,
  type TestUser,
} from './support';
import { idempotencyScopeOf } from '../../src/platform/idempotency/idempotency-key.decorator';

type Settled = { ok: BuySharesResponse } | { error: { status?: number; code?: string; message?: string } };

/**
 * Primary buys of one item are group-committed (`MarketCommands.buyShares`): buys that arrive in the same tick are
 * decided together in one unit of work. Calling it directly makes the grouping certain; the outcomes are read back
 * over HTTP and from PostgreSQL.
 */
describe('shares market: group commit of primary buys on one item', () => {
  let testApp: IdentityTestApp;
  let commands: MarketCommands;
  const verbs = marketVerbs(() => testApp);

  beforeAll(async () => {
    testApp = await startMarketApp('market_group_commit');
    commands = testApp.app.get(MarketCommands, { strict: false });
  }, 60_000);
  afterAll(async () => {
    await testApp?.close();
  });

  const keyed = (
    buyer: TestUser,
    contentId: string,
    shares: number,
    key?: string,
    onReplay?: () => void,
  ): IdempotentRequest => ({
    scope: `${idempotencyScopeOf(buySharesRoute)}:${buyer.user.id}`,
    key,
    body: { params: {}, body: { content_id: contentId, shares_count: shares } },
    onReplay,
  });
  /** Every buy issued in one tick (so they form one group), settled one by one. */
  const buyTogether = (
    buys: Array<{ buyer: TestUser; contentId: string; shares: number; key?: string; onReplay?: () => void }>,
  ): Promise<Settled[]> =>
    Promise.all(
      buys.map(({ buyer, contentId, shares, key, onReplay }) =>
        commands
          .buyShares({
            contentId,
            buyerId: buyer.user.id,
            quantity: shares,
            transactionId: newTransactionId(),
            now: new Date().toISOString(),
            idempotency: keyed(buyer, contentId, shares, key, onReplay),
          })
          .then(
            (ok): Settled => ({ ok }),
            (error: { status?: number; code?: string; message?: string }): Settled => ({ error }),
          ),
      ),
    );
  const ownedOf = async (buyer: TestUser, contentId: string) =>
    (
      (await verbs.holdings(buyer).expect(200)).body.holdings as Array<{ content_id: string; owned_shares: number }>
    ).find((holding) => holding.content_id === contentId)?.owned_shares ?? 0;
  const tradesOf = async (contentId: string) =>
    Number(
      (
        await testApp.app
          .get<Pool>(DATABASE_POOL)
          .query<{ count: string }>('SELECT count(*) FROM market_trades WHERE content_id = $1', [contentId])
      ).rows[0].count,
    );

  it('12 buyers in one group for the last 100 shares: the first 10 get them, in order, the other 2 are refused', async () => {
    const creator = await givenUser(testApp);
    const contentId = await givenContent(testApp, creator, { total_shares: 125 }); // 25 engagement pool, 100 for sale
    const buyers = await Promise.all(Array.from({ length: 12 }, () => givenUser(testApp)));
    for (const buyer of buyers) await givenFunds(testApp, buyer.user.id, 'usd', '1');
    const creatorBefore = await usdOf(testApp, creator);

    const outcomes = await buyTogether(buyers.map((buyer) => ({ buyer, contentId, shares: 10 })));

    // Decided in turn on the market the ones before left: the available count steps down by 10 per buyer.
    expect(
      outcomes.slice(0, 10).map((outcome) => ('ok' in outcome ? outcome.ok.available_shares : outcome.error.code)),
    ).toEqual([90, 80, 70, 60, 50, 40, 30, 20, 10, 0]);
    expect(
      outcomes
        .slice(10)
        .map((outcome) => ('error' in outcome ? [outcome.error.status, outcome.error.code] : 'accepted')),
    ).toEqual([
      [422, 'NOT_ENOUGH_SHARES'],
      [422, 'NOT_ENOUGH_SHARES'],
    ]);
    expect(await usdOf(testApp, creator)).toBeCloseTo(creatorBefore + 1, 6); // 100 × $0.01
    const owned = await Promise.all(buyers.map((buyer) => ownedOf(buyer, contentId)));
    expect(owned).toEqual([10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 0, 0]);
    expect(await Promise.all(buyers.slice(10).map((buyer) => usdOf(testApp, buyer)))).toEqual([1, 1]);
    expect(await tradesOf(contentId)).toBe(10);
    await verbs.buy(buyers[11], contentId, 1).expect(422);
    await expectLedgerVerifiesClean(testApp);
  }, 60_000);

  it('a member the ledger refuses (not enough USD) moves nothing and does not affect the others', async () => {
    const creator = await givenUser(testApp);
    const contentId = await givenContent(testApp, creator, { total_shares: 100 }); // 80 for sale at $0.01
    const [first, poor, last] = await Promise.all([givenUser(testApp), givenUser(testApp), givenUser(testApp)]);
    await givenFunds(testApp, first.user.id, 'usd', '1');
    await givenFunds(testApp, poor.user.id, 'usd', '0.05');
    await givenFunds(testApp, last.user.id, 'usd', '1');
    const creatorBefore = await usdOf(testApp, creator);

    const [a, b, c] = await buyTogether([
      { buyer: first, contentId, shares: 10 },
      { buyer: poor, contentId, shares: 10, key: 'poor-1' }, // $0.10 > $0.05
      { buyer: last, contentId, shares: 20 },
    ]);

    expect(a).toEqual({
      ok: expect.objectContaining({ shares_count: 10, available_shares: 70, owned_shares: 10, total_cost: 0.1 }),
    });
    expect(b).toEqual({
      error: expect.objectContaining({
        status: 422,
        code: 'INSUFFICIENT_BALANCE',
        message: 'Insufficient balance to purchase 10 shares',
      }),
    });
    // The refused buyer's 10 shares were never taken: the last buyer's answer counts only the first buyer's.
    expect(c).toEqual({
      ok: expect.objectContaining({ shares_count: 20, available_shares: 50, owned_shares: 20, total_cost: 0.2 }),
    });
    expect(await usdOf(testApp, poor)).toBeCloseTo(0.05, 6);
    expect(await ownedOf(poor, contentId)).toBe(0);
    expect(await usdOf(testApp, creator)).toBeCloseTo(creatorBefore + 0.3, 6);
    expect(await tradesOf(contentId)).toBe(2);
    // The refusal is recorded under its key: the same request replays it, even once the buyer could pay.
    await givenFunds(testApp, poor.user.id, 'usd', '1');
    const replayed = await testApp
      .http()
      .post('/api/content/buy-shares')
      .set(auth(poor.token))
      .set('Idempotency-Key', 'poor-1')
      .send({ content_id: contentId, shares_count: 10 })
      .expect(422);
    expect(replayed.body.code).toBe('INSUFFICIENT_BALANCE');
    await expectLedgerVerifiesClean(testApp);
  }, 60_000);

  it('the same Idempotency-Key twice in one group buys once; the twin and later retries replay the answer', async () => {
    const creator = await givenUser(testApp);
    const contentId = await givenContent(testApp, creator, { total_shares: 100 });
    const [buyer, other] = await Promise.all([givenUser(testApp), givenUser(testApp)]);
    await givenFunds(testApp, buyer.user.id, 'usd', '1');
    await givenFunds(testApp, other.user.id, 'usd', '1');
    let replays = 0;
    const onReplay = () => void (replays += 1);

    const outcomes = await buyTogether([
      { buyer, contentId, shares: 5, key: 'k-1', onReplay },
      { buyer: other, contentId, shares: 5 },
      { buyer, contentId, shares: 5, key: 'k-1', onReplay },
      { buyer, contentId, shares: 5, key: 'k-1', onReplay },
    ]);

    const answers = outcomes.map((outcome) => ('ok' in outcome ? outcome.ok : outcome.error));
    expect(answers.every((answer) => 'transaction_id' in answer)).toBe(true);
    const mine = [answers[0], answers[2], answers[3]] as BuySharesResponse[];
    expect(new Set(mine.map((answer) => answer.transaction_id)).size).toBe(1);
    expect(mine[2]).toEqual(mine[0]);
    expect(replays).toBe(2);
    expect(await ownedOf(buyer, contentId)).toBe(5);
    expect(await usdOf(testApp, buyer)).toBeCloseTo(0.95, 6);
    expect(await tradesOf(contentId)).toBe(2);

    // Over HTTP, later: the same key and body replays; the same key with another body is refused.
    const retried = await testApp
      .http()
      .post('/api/content/buy-shares')
      .set(auth(buyer.token))
      .set('Idempotency-Key', 'k-1')
      .send({ content_id: contentId, shares_count: 5 })
      .expect(200);
    expect(retried.headers['idempotency-replayed']).toBe('true');
    expect(retried.body.transaction_id).toBe(mine[0].transaction_id);
    const reused = await testApp
      .http()
      .post('/api/content/buy-shares')
      .set(auth(buyer.token))
      .set('Idempotency-Key', 'k-1')
      .send({ content_id: contentId, shares_count: 6 })
      .expect(409);
    expect(reused.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await ownedOf(buyer, contentId)).toBe(5);
    await expectLedgerVerifiesClean(testApp);
  }, 60_000);

  it('a burst of 40 concurrent HTTP buys of one item: every one answered, shares and USD add up', async () => {
    const creator = await givenUser(testApp);
    const contentId = await givenContent(testApp, creator, { total_shares: 1000 }); // 800 for sale
    const buyers = await Promise.all(Array.from({ length: 8 }, () => givenUser(testApp)));
    for (const buyer of buyers) await givenFunds(testApp, buyer.user.id, 'usd', '1');
    const creatorBefore = await usdOf(testApp, creator);
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, index) => verbs.buy(buyers[index % 8], contentId, 3)),
    );
    expect(results.map((result) => result.status)).toEqual(Array.from({ length: 40 }, () => 200));
    expect(new Set(results.map((result) => result.body.transaction_id)).size).toBe(40);
    expect(Math.min(...results.map((result) => result.body.available_shares))).toBe(800 - 120);
    for (const buyer of buyers) expect(await ownedOf(buyer, contentId)).toBe(15);
    for (const buyer of buyers) expect(await usdOf(testApp, buyer)).toBeCloseTo(1 - 0.15, 6);
    expect(await usdOf(testApp, creator)).toBeCloseTo(creatorBefore + 1.2, 6);
    await expectLedgerVerifiesClean(testApp);
  }, 60_000);
});
