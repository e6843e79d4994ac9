import type { IdempotentRequest } from '../../../platform/idempotency/unit-of-work';
import { Inject, Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { contentPoolStreamId, parseEngagementEvent } from '@app/contracts/engagement';
import type { EventStore, StoredEvent, TransactionHandle } from '@app/event-store';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/app-config';
import { EVENT_STORE } from '../../../platform/database/database.tokens';
import type { ApiError } from '../../../platform/http/api-error';
import type { UnitOfWork } from '../../../platform/idempotency/idempotency.service';
import { UseCaseRunner } from '../../../platform/use-cases/use-case-runner';
import { GetContentForCommandQuery, type ContentForCommand } from '../../content';
import { MARKET_EVENT_SCHEMAS, MARKET_MESSAGES, type BuySharesResponse } from '@app/contracts/market';
import { minorToApiNumber } from '@app/contracts/ledger';
import { notFound, unprocessable } from '../../../platform/http/api-error';
import { eventParser } from '../../../platform/event-sourcing/aggregate-stream';
import type { GroupMemberDecision } from '../../../platform/use-cases/use-case-runner';
import { GroupQueues } from '../../../platform/use-cases/group-queues';
import type { Decision, MarketCommand } from '../domain/decide';
import { decideMarket, primaryAvailable } from '../domain/decide';
import { evolveMarket, initialMarket, marketStreamId, type MarketEvent, type MarketState } from '../domain/market';
import { marketPriceFor } from '../domain/price';
import { marketRefusalToApiError } from '../market-refusals';
import { applyMarketEvents, type ReadModelContext } from './inline-read-model';
import { primarySalesAlongside, type PendingBuy } from './primary-sales';

const usd = (minor: bigint) => minorToApiNumber(minor, 'usd');
/** Every stored market event is parsed at the edge: a fact that no longer reads fails loudly, not into a wrong fold. */
const parseMarketEvent = eventParser<MarketEvent>(MARKET_EVENT_SCHEMAS, 'market');

export interface LoadedMarket {
  state: MarketState;
  version: bigint;
}

type Accepted = Extract<Decision, { kind: 'accepted' }>;

/**
 * The market's one way to commit: load the item's market stream in the unit of work, decide purely, write the inline
 * read models, and append the events (expected version = loaded) with the ledger postings in one atomic append.
 */
@Injectable()
export class MarketCommands {
  private readonly folds = new Map<string, LoadedMarket>();
  /** Each item's funding folded so far (`ContentTipped` facts are only ever added): only newer ones are read. */
  private readonly fundings = new Map<string, { version: bigint; totalMinor: bigint }>();
  /** Per item, the buys waiting for its next group commit (at most 200 a group). */
  private readonly primarySales: GroupQueues<PendingBuy>;

  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    private readonly runner: UseCaseRunner,
    private readonly queryBus: QueryBus,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.primarySales = new GroupQueues<PendingBuy>(
      (contentId, group) => this.commitPrimarySales(contentId, group),
      undefined,
      config.commitTickMs,
    );
  }

  /**
   * The item's market, folded. A hot item's stream grows with every trade, so the fold is kept per item and only the
   * events after it are read: what was read is committed, and the append's expected version catches anything newer.
   */
  async load(contentId: string, transaction?: TransactionHandle): Promise<LoadedMarket> {
    const stored = await this.eventStore.readStream(marketStreamId(contentId), {
      ...(transaction ? { transaction } : {}),
      fromVersion: this.marketReadFrom(contentId),
    });
    return this.foldMarket(contentId, stored);
  }

  /** Where the item's market stream is to be read from: after the kept fold (from the start without one). */
  private marketReadFrom(contentId: string): bigint {
    const cached = this.folds.get(contentId);
    return cached ? cached.version + 1n : 1n;
  }

  /** Folds the market events read after the kept fold onto it, and keeps the result. */
  private foldMarket(contentId: string, stored: readonly StoredEvent[]): LoadedMarket {
    const cached = this.folds.get(contentId);
    const state = stored.map(parseMarketEvent).reduce(evolveMarket, cached?.state ?? initialMarket());
    const loaded = { state, version: stored.at(-1)?.streamVersion ?? cached?.version ?? 0n };
    if (this.folds.size >= 10_000) this.folds.clear();
    this.folds.set(contentId, loaded);
    return loaded;
  }

  /**
   * `load` and `fundingUsdMinor` in one statement (`readStreams`): a group of buys reads both streams on its
   * transaction's connection, and each statement there is a round trip the group waits for.
   */
  private async loadWithFunding(
    contentId: string,
    transaction: TransactionHandle,
  ): Promise<{ market: LoadedMarket; fundingUsdMinor: bigint }> {
    const marketId = marketStreamId(contentId);
    const poolId = contentPoolStreamId(contentId);
    const read = await this.eventStore.readStreams(
      [
        { streamId: marketId, fromVersion: this.marketReadFrom(contentId) },
        { streamId: poolId, fromVersion: this.fundingReadFrom(contentId) },
      ],
      { transaction },
    );
    return {
      market: this.foldMarket(contentId, read.get(marketId)!),
      fundingUsdMinor: this.foldFunding(contentId, read.get(poolId)!),
    };
  }

  content(contentId: string, transaction?: TransactionHandle): Promise<ContentForCommand | null> {
    return this.queryBus.execute(new GetContentForCommandQuery(contentId, transaction));
  }

  /** Tips and funds the item has received, in USD: the engagement context's published `ContentTipped` facts. */
  async fundingUsdMinor(contentId: string, transaction?: TransactionHandle): Promise<bigint> {
    const stored = await this.eventStore.readStream(contentPoolStreamId(contentId), {
      ...(transaction ? { transaction } : {}),
      fromVersion: this.fundingReadFrom(contentId),
    });
    return this.foldFunding(contentId, stored);
  }

  /** Where the item's pool stream is to be read from: after the kept funding fold (from the start without one). */
  private fundingReadFrom(contentId: string): bigint {
    const cached = this.fundings.get(contentId);
    return cached ? cached.version + 1n : 1n;
  }

  /** Adds the `ContentTipped` facts read after the kept funding fold to it, and keeps the result. */
  private foldFunding(contentId: string, stored: readonly StoredEvent[]): bigint {
    const cached = this.fundings.get(contentId);
    let total = cached?.totalMinor ?? 0n;
    for (const event of stored) {
      if (event.type !== 'ContentTipped') continue;
      const parsed = parseEngagementEvent(event.type, event.data);
      if (parsed.type === 'ContentTipped') total += BigInt(parsed.data.usdMinor);
    }
    // What was read is committed (read in a transaction or not), so the fold can only move forward.
    const version = stored.at(-1)?.streamVersion ?? cached?.version;
    if (version !== undefined && (!cached || version > cached.version)) {
      if (this.fundings.size >= 10_000) this.fundings.clear();
      this.fundings.set(contentId, { version, totalMinor: total });
    }
    return total;
  }

  /**
   * A primary purchase, group-committed: buys of one item that arrive while its previous group commits are decided
   * together in one unit of work (`commitPrimarySales`); each buyer is still refused or answered on their own.
   */
  buyShares(request: {
    contentId: string;
    buyerId: string;
    quantity: number;
    transactionId: string;
    now: string;
    idempotency: IdempotentRequest;
  }): Promise<BuySharesResponse> {
    return new Promise((resolve, reject) => this.primarySales.add(request.contentId, { ...request, resolve, reject }));
  }

  /**
   * One group of buys on one item: one lock, one read of the item's market and pool (funding) streams, the content
   * read once, each buyer decided in turn on the market the ones before left (so the last shares go to exactly who
   * asked first), and ONE append of every accepted buyer's events, ledger transaction and read-model rows (the
   * runner's `runGroup`). Idempotency stays per request: each key records its own answer or refusal.
   */
  private async commitPrimarySales(contentId: string, group: PendingBuy[]): Promise<void> {
    const streamId = marketStreamId(contentId);
    const outcomes = await this.runner.runGroup<BuySharesResponse>({
      lockKeys: [streamId],
      members: group.map((buy) => ({ idempotency: buy.idempotency })),
      decide: async (unit, indexes) => {
        // Started together: the transaction is pipelined, so both reads (and its BEGIN) leave in one write.
        const [{ market, fundingUsdMinor }, content] = await Promise.all([
          this.loadWithFunding(contentId, unit.transaction),
          this.content(contentId, unit.transaction),
        ]);
        if (!content) throw notFound('CONTENT_NOT_FOUND', MARKET_MESSAGES.contentNotFound);
        const facts = {
          creatorId: content.creatorId,
          status: content.status,
          totalShares: content.totalShares,
          engagementPool: content.engagementSharesTotal,
          fundingUsdMinor,
        };
        let state = market.state;
        const events: Extract<MarketEvent, { type: 'SharesBought' }>[] = [];
        const members = new Map<number, GroupMemberDecision<BuySharesResponse>>();
        for (const index of indexes) {
          const buy = group[index];
          const { buyerId, quantity, transactionId, now } = buy;
          const command = {
            type: 'BuyShares' as const,
            data: { contentId, buyerId, content: facts, quantity, transactionId, now },
          };
          const decision = decideMarket(command, state);
          if (decision.kind === 'refused') {
            members.set(index, { refusal: marketRefusalToApiError(decision.refusal) });
            continue;
          }
          state = decision.events.reduce(evolveMarket, state);
          events.push(...(decision.events as Extract<MarketEvent, { type: 'SharesBought' }>[]));
          const after = state;
          members.set(index, {
            money: decision.money,
            moneyRefusal: (refusal) =>
              refusal === 'BALANCE_MUST_COVER_AMOUNT'
                ? unprocessable('INSUFFICIENT_BALANCE', MARKET_MESSAGES.insufficient(buy.quantity))
                : undefined,
            answer: () => ({
              success: true as const,
              transaction_id: buy.transactionId,
              content_id: contentId,
              shares_count: buy.quantity,
              share_price: usd(decision.priceMinor),
              total_cost: usd(decision.totalMinor),
              available_shares: primaryAvailable(after, facts),
              owned_shares: after.owned.get(buy.buyerId) ?? 0,
            }),
          });
        }
        const appends =
          events.length > 0
            ? [{ streamId, expectedVersion: market.version, events: events.map(({ type, data }) => ({ type, data })) }]
            : [];
        return { appends, members, alongside: primarySalesAlongside(contentId, events) };
      },
    });
    outcomes.forEach((outcome, index) =>
      'ok' in outcome ? group[index].resolve(outcome.ok) : group[index].reject(outcome.error),
    );
  }

  /** The item's market price now (`domain/price.ts`), with its loaded market. */
  async marketPrice(
    contentId: string,
  ): Promise<{ priceMinor: bigint; market: LoadedMarket; content: ContentForCommand | null }> {
    const [market, content, funding] = await Promise.all([
      this.load(contentId),
      this.content(contentId),
      this.fundingUsdMinor(contentId),
    ]);
    const priceMinor = marketPriceFor({
      fundingUsdMinor: funding,
      totalShares: content?.totalShares ?? 1,
      lastTradePriceMinor: market.state.lastTradePriceMinor,
    });
    return { priceMinor, market, content };
  }

  /**
   * Runs one market command on one item. `prepare` loads what the command needs besides the stream (in the unit)
   * and builds it; `answer` shapes the reply from the accepted decision. The money is the decider's.
   */
  run<Body>(options: {
    contentId: string;
    prepare(unit: UnitOfWork, market: LoadedMarket): Promise<{ command: MarketCommand; context: ReadModelContext }>;
    answer(decision: Accepted, market: LoadedMarket): Body;
    moneyRefusal?(refusal: string): ApiError | undefined;
    /** The route's `Idempotency-Key` (`@IdempotencyKey`); none for a job. */
    idempotency?: IdempotentRequest;
    idempotencyBody?: unknown;
  }): Promise<Body> {
    const streamId = marketStreamId(options.contentId);
    return this.runner.run<Body>({
      lockKeys: [streamId],
      idempotency: options.idempotency,
      idempotencyBody: options.idempotencyBody,
      moneyRefusal: options.moneyRefusal ? (refusal) => options.moneyRefusal!(refusal) : undefined,
      decide: async (unit) => {
        const market = await this.load(options.contentId, unit.transaction);
        const { command, context } = await options.prepare(unit, market);
        const decision = decideMarket(command, market.state);
        if (decision.kind === 'refused') throw marketRefusalToApiError(decision.refusal);
        await applyMarketEvents(unit.transaction, context, decision.events);
        const appends = [
          {
            streamId,
            expectedVersion: market.version,
            events: decision.events.map(({ type, data }) => ({ type, data })),
          },
        ];
        return { appends, money: decision.money, answer: () => options.answer(decision, market) };
      },
    });
  }
}
