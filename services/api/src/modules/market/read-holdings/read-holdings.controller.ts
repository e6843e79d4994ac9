import { Controller, Param, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import {
  holdingDetailRoute,
  holdingsRoute,
  MARKET_MESSAGES,
  type Holding,
  type HoldingDetailResponse,
  type HoldingsResponse,
} from '@app/contracts/market';
import { notFound } from '../../../platform/http/api-error';
import { CurrentUser, type AuthenticatedUser } from '../../../platform/http/authenticated-user';
import { Route } from '../../../platform/http/route.decorator';
import { GetContentEngagementQuery, type ContentEngagementFacts } from '../../content';
import { changePct } from '../domain/price';
import { MarketCommands } from '../infrastructure/market-commands';
import { MarketReader, usd } from '../infrastructure/market-reader';
import { idOf } from '../market-ids';

interface PositionRow {
  content_id: string;
  user_id: string;
  owned: number;
  listed: number;
  cost_minor: string;
  last_trade_at: Date | null;
  visibility: 'public' | 'private';
}

const DAY_MS = 86_400_000;

/** Holdings from the market's inline read models; prices from the item's market stream (`domain/price.ts`). */
@Controller()
export class ReadHoldingsController {
  constructor(
    private readonly commands: MarketCommands,
    private readonly reader: MarketReader,
    private readonly queries: QueryBus,
  ) {}

  @Route(holdingsRoute)
  async holdings(
    @CurrentUser() caller: AuthenticatedUser,
    @Query('userId') userId?: string,
  ): Promise<HoldingsResponse> {
    const owner = userId && userId !== caller.userId ? userId : caller.userId;
    const publicOnly = owner !== caller.userId;
    const { rows } = await this.reader.pool.query<PositionRow>(
      `SELECT * FROM market_positions WHERE user_id = $1 AND owned > 0 ${publicOnly ? `AND visibility = 'public'` : ''}
       ORDER BY last_trade_at DESC NULLS LAST`,
      [owner],
    );
    return { holdings: await Promise.all(rows.map((row) => this.holding(row))) };
  }

  /**
   * `?userId` names another holder: only their PUBLIC holding answers (a private one is a 404, the same as none, so
   * its existence does not leak). The ledger is the holder's trades; offers on the shares are shown to the holder
   * only.
   */
  @Route(holdingDetailRoute)
  async detail(
    @CurrentUser() caller: AuthenticatedUser,
    @Param('id') rawId: string,
    @Query('userId') userId?: string,
  ): Promise<HoldingDetailResponse> {
    const contentId = idOf(rawId, 'HOLDING_NOT_FOUND', MARKET_MESSAGES.holdingNotFound);
    const holderId = typeof userId === 'string' && userId !== '' ? userId : caller.userId;
    const isHolder = holderId === caller.userId;
    const { rows } = await this.reader.pool.query<PositionRow>(
      `SELECT * FROM market_positions WHERE content_id = $1 AND user_id = $2 AND owned > 0
       ${isHolder ? '' : `AND visibility = 'public'`}`,
      [contentId, holderId],
    );
    if (!rows[0]) throw notFound('HOLDING_NOT_FOUND', MARKET_MESSAGES.holdingNotFound);
    const holding = await this.holding(rows[0]);
    const { history, ledger, primaryEarningsMinor } = await this.tradeHistory(contentId, holderId);
    const marketplace = await this.marketplace(contentId, isHolder ? caller.userId : null);
    const content = await this.contentStats(contentId, primaryEarningsMinor);
    return { holding, content, performance: { history, ledger }, marketplace };
  }

  /** The item's price and volume per day, the holder's own trades (newest first), and the creator's primary sales. */
  private async tradeHistory(contentId: string, holderId: string) {
    const trades = await this.reader.pool.query<{
      transaction_id: string;
      kind: string;
      buyer_id: string;
      seller_id: string;
      quantity: number;
      price_minor: string;
      at: Date;
    }>(`SELECT * FROM market_trades WHERE content_id = $1 ORDER BY at`, [contentId]);
    const byDay = new Map<string, { price: number; volume: number }>();
    let primaryEarningsMinor = 0n;
    for (const trade of trades.rows) {
      const day = new Date(trade.at).toISOString().slice(0, 10);
      const entry = byDay.get(day) ?? { price: 0, volume: 0 };
      byDay.set(day, { price: usd(trade.price_minor), volume: entry.volume + trade.quantity });
      if (trade.kind === 'primary') primaryEarningsMinor += BigInt(trade.price_minor) * BigInt(trade.quantity);
    }
    const ledger = trades.rows
      .filter((trade) => trade.buyer_id === holderId || trade.seller_id === holderId)
      .map((trade) => ({
        id: trade.transaction_id,
        type: trade.buyer_id === holderId ? 'buy' : 'sell',
        quantity: trade.quantity,
        price: usd(trade.price_minor),
        timestamp: new Date(trade.at).toISOString(),
      }))
      .reverse();
    const history = [...byDay].map(([date, entry]) => ({ date, price: entry.price, volume: entry.volume }));
    return { history, ledger, primaryEarningsMinor };
  }

  /** The item's listings, and the pending offers on it when the caller (`sellerId`) is the holder (else null). */
  private async marketplace(contentId: string, sellerId: string | null): Promise<HoldingDetailResponse['marketplace']> {
    const listings = await this.reader.listings({ contentId });
    const offers = sellerId
      ? (await this.reader.offers({ contentId, sellerId })).filter((offer) => offer.status === 'pending')
      : [];
    const offerViews = await this.reader.offerViews(offers);
    return {
      listings: listings.map((listing) => ({
        id: listing.listing_id,
        owner_id: listing.seller_id,
        quantity: listing.remaining,
        status: listing.status,
        ask_price: usd(listing.ask_minor),
      })),
      offers: offerViews.map((offer) => ({
        id: offer.id,
        quantity: offer.quantity,
        bid_price: offer.bid_price,
        buyer_name: offer.buyer_name,
        status: offer.status,
        message: offer.message,
      })),
    };
  }

  private async contentStats(
    contentId: string,
    primaryEarningsMinor: bigint,
  ): Promise<HoldingDetailResponse['content']> {
    // Views (telemetry) and engagement as the content context counts them; the rate is engagement ÷ views in percent.
    const [facts] = await this.queries.execute<GetContentEngagementQuery, ContentEngagementFacts[]>(
      new GetContentEngagementQuery([contentId], null),
    );
    const views = facts?.views ?? 0;
    const engagement = facts ? facts.likes + facts.saves + facts.shares + facts.reposts + facts.externalMoves : 0;
    return {
      description: null,
      total_views: views,
      engagement_rate: views > 0 ? Math.round((engagement / views) * 10_000) / 100 : 0,
      earnings_to_date: usd(primaryEarningsMinor),
    };
  }

  private async priceAt(contentId: string, at: Date): Promise<bigint | null> {
    const { rows } = await this.reader.pool.query<{ price_minor: string }>(
      `SELECT price_minor FROM market_trades WHERE content_id = $1 AND at <= $2 ORDER BY at DESC LIMIT 1`,
      [contentId, at.toISOString()],
    );
    return rows[0] ? BigInt(rows[0].price_minor) : null;
  }

  private async holding(row: PositionRow): Promise<Holding> {
    const { priceMinor, content } = await this.commands.marketPrice(row.content_id);
    const names = content ? await this.reader.names([content.creatorId]) : new Map<string, string | null>();
    const now = Date.now();
    const [day, week, month] = await Promise.all(
      [1, 7, 30].map((days) => this.priceAt(row.content_id, new Date(now - days * DAY_MS))),
    );
    const { rows: listings } = await this.reader.pool.query<{ listing_id: string; content_thumbnail: string | null }>(
      `SELECT listing_id, content_thumbnail FROM market_listings
       WHERE content_id = $1 AND seller_id = $2 AND status = 'active' ORDER BY created_at DESC LIMIT 1`,
      [row.content_id, row.user_id],
    );
    const costMinor = BigInt(row.cost_minor);
    const valueMinor = priceMinor * BigInt(row.owned);
    return {
      content_id: row.content_id,
      content_title: content?.title ?? '',
      content_thumbnail: listings[0]?.content_thumbnail ?? null,
      creator_id: content?.creatorId ?? '',
      creator_name: content ? (names.get(content.creatorId) ?? null) : null,
      creator_avatar: null,
      platform: content?.platform ?? null,
      owned_shares: row.owned,
      available_to_sell: row.owned - row.listed,
      avg_cost: usd(row.owned > 0 ? costMinor / BigInt(row.owned) : 0n),
      current_price: usd(priceMinor),
      market_value: usd(valueMinor),
      unrealized_gain: usd(valueMinor - costMinor),
      day_change_pct: changePct(day, priceMinor),
      week_change_pct: changePct(week, priceMinor),
      month_change_pct: changePct(month, priceMinor),
      last_trade_at: row.last_trade_at ? new Date(row.last_trade_at).toISOString() : null,
      is_listed: row.listed > 0,
      listing_id: listings[0]?.listing_id ?? null,
      visibility: row.visibility,
    };
  }
}
