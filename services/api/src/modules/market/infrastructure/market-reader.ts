import { Inject, Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { minorToApiNumber } from '@app/contracts/ledger';
import { MARKET_MESSAGES, type Listing, type Offer } from '@app/contracts/market';
import type { TransactionHandle } from '@app/event-store';
import type pg from 'pg';
import { DATABASE_POOL } from '../../../platform/database/database.tokens';
import { badRequest } from '../../../platform/http/api-error';
import { GetUserQuery } from '../../identity';

export const usd = (minor: bigint | string) => minorToApiNumber(BigInt(minor), 'usd');

export interface ListingRow {
  listing_id: string;
  content_id: string;
  seller_id: string;
  quantity: number;
  remaining: number;
  ask_minor: string;
  status: Listing['status'];
  content_title: string;
  content_thumbnail: string | null;
  created_at: Date;
}

export interface OfferRow {
  offer_id: string;
  content_id: string;
  buyer_id: string;
  seller_id: string;
  quantity: number;
  bid_minor: string;
  total_minor: string;
  status: Offer['status'];
  message: string | null;
  content_title: string;
  created_at: Date;
  expires_at: Date;
}

/** Reads of the market's inline read models (current by construction) and the people named in them. */
@Injectable()
export class MarketReader {
  constructor(
    @Inject(DATABASE_POOL) readonly pool: pg.Pool,
    private readonly queryBus: QueryBus,
  ) {}

  private query<Row extends pg.QueryResultRow>(sql: string, params: unknown[], transaction?: TransactionHandle) {
    return transaction ? transaction.query<Row>(sql, params) : this.pool.query<Row>(sql, params);
  }

  async listing(listingId: string, transaction?: TransactionHandle): Promise<ListingRow | null> {
    const { rows } = await this.query<ListingRow>(
      `SELECT * FROM market_listings WHERE listing_id = $1`,
      [listingId],
      transaction,
    );
    return rows[0] ?? null;
  }

  async offer(offerId: string, transaction?: TransactionHandle): Promise<OfferRow | null> {
    const { rows } = await this.query<OfferRow>(
      `SELECT * FROM market_offers WHERE offer_id = $1`,
      [offerId],
      transaction,
    );
    return rows[0] ?? null;
  }

  async listings(filter: { sellerId?: string; contentId?: string }): Promise<ListingRow[]> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (filter.sellerId) where.push(`seller_id = $${params.push(filter.sellerId)}`);
    else where.push(`status = 'active'`);
    if (filter.contentId) where.push(`content_id = $${params.push(filter.contentId)}`);
    const { rows } = await this.query<ListingRow>(
      `SELECT * FROM market_listings WHERE ${where.join(' AND ')} ORDER BY created_at DESC LIMIT 200`,
      params,
    );
    return rows;
  }

  /**
   * One page of listings, newest first, keyset on (created_at, listing_id): everyone's open ones (active with shares
   * remaining), or all of one seller's. `limit + 1` rows are read to know whether another page follows.
   */
  async listingsPage(filter: {
    sellerId?: string;
    sandbox: boolean;
    contentId?: string;
    limit: number;
    cursor?: string;
  }): Promise<{ rows: ListingRow[]; nextCursor: string | null }> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (filter.sellerId) where.push(`seller_id = $${params.push(filter.sellerId)}`);
    else
      where.push(
        `status = 'active' AND remaining > 0 AND (sandbox IS NULL OR sandbox = $${params.push(filter.sandbox)})`,
      );
    if (filter.contentId) where.push(`content_id = $${params.push(filter.contentId)}`);
    if (filter.cursor) {
      const after = decodeListingCursor(filter.cursor);
      where.push(
        `(created_at, listing_id) < ($${params.push(after.createdAt)}::timestamptz, $${params.push(after.id)})`,
      );
    }
    const { rows } = await this.query<ListingRow>(
      `SELECT * FROM market_listings WHERE ${where.join(' AND ')} ORDER BY created_at DESC, listing_id DESC
       LIMIT $${params.push(filter.limit + 1)}`,
      params,
    );
    const page = rows.slice(0, filter.limit);
    const last = page[page.length - 1];
    return {
      rows: page,
      nextCursor:
        rows.length > filter.limit && last ? encodeListingCursor(new Date(last.created_at), last.listing_id) : null,
    };
  }

  async offers(filter: { buyerId?: string; sellerId?: string; contentId?: string }): Promise<OfferRow[]> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (filter.buyerId) where.push(`buyer_id = $${params.push(filter.buyerId)}`);
    if (filter.sellerId) where.push(`seller_id = $${params.push(filter.sellerId)}`);
    if (filter.contentId) where.push(`content_id = $${params.push(filter.contentId)}`);
    const { rows } = await this.query<OfferRow>(
      `SELECT * FROM market_offers WHERE ${where.join(' AND ') || 'true'} ORDER BY created_at DESC LIMIT 200`,
      params,
    );
    return rows;
  }

  /** Display names (display name, else username) of the given users; unknown ids map to null. */
  async names(userIds: readonly string[]): Promise<Map<string, string | null>> {
    const unique = [...new Set(userIds)];
    const users = await Promise.all(unique.map((id) => this.queryBus.execute(new GetUserQuery(id))));
    return new Map(
      unique.map((id, index) => [id, users[index] ? (users[index].display_name ?? users[index].username) : null]),
    );
  }

  async listingViews(
    rows: readonly ListingRow[],
    marketPrice: (contentId: string) => Promise<bigint>,
  ): Promise<Listing[]> {
    const names = await this.names(rows.map((row) => row.seller_id));
    const prices = new Map<string, bigint>();
    for (const contentId of new Set(rows.map((row) => row.content_id)))
      prices.set(contentId, await marketPrice(contentId));
    return rows.map((row) =>
      listingView(row, names.get(row.seller_id) ?? null, prices.get(row.content_id) ?? BigInt(row.ask_minor)),
    );
  }

  async offerViews(rows: readonly OfferRow[]): Promise<Offer[]> {
    const names = await this.names(rows.flatMap((row) => [row.buyer_id, row.seller_id]));
    return rows.map((row) => offerView(row, names.get(row.buyer_id) ?? null, names.get(row.seller_id) ?? null));
  }
}

/** A keyset position: the last listing's creation time and id, base64url JSON (opaque to clients). */
export function encodeListingCursor(createdAt: Date, listingId: string): string {
  return Buffer.from(JSON.stringify([createdAt.toISOString(), listingId])).toString('base64url');
}

export function decodeListingCursor(cursor: string): { createdAt: string; id: string } {
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if (typeof createdAt === 'string' && typeof id === 'string' && !Number.isNaN(Date.parse(createdAt)))
      return { createdAt, id };
  } catch {
    // falls through to the 400
  }
  throw badRequest('INVALID_CURSOR', MARKET_MESSAGES.invalidCursor, [
    { field: 'cursor', message: MARKET_MESSAGES.invalidCursor },
  ]);
}

export function listingView(row: ListingRow, ownerName: string | null, marketPriceMinor: bigint): Listing {
  return {
    id: row.listing_id,
    content_id: row.content_id,
    content_title: row.content_title,
    content_thumbnail: row.content_thumbnail,
    owner_id: row.seller_id,
    owner_name: ownerName,
    quantity: row.quantity,
    remaining_quantity: row.remaining,
    ask_price: usd(row.ask_minor),
    market_price: usd(marketPriceMinor),
    status: row.status,
    created_at: new Date(row.created_at).toISOString(),
    expires_at: null,
  };
}

export function offerView(row: OfferRow, buyerName: string | null, sellerName: string | null): Offer {
  return {
    id: row.offer_id,
    content_id: row.content_id,
    content_title: row.content_title,
    buyer_id: row.buyer_id,
    buyer_name: buyerName,
    seller_id: row.seller_id,
    seller_name: sellerName,
    quantity: row.quantity,
    bid_price: usd(row.bid_minor),
    total: usd(row.total_minor),
    status: row.status,
    message: row.message,
    created_at: new Date(row.created_at).toISOString(),
    expires_at: new Date(row.expires_at).toISOString(),
  };
}
