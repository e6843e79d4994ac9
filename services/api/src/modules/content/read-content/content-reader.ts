import { Inject, Injectable } from '@nestjs/common';
import { QueryBus, QueryHandlerNotFoundException } from '@nestjs/cqrs';
import {
  CONTENT_MESSAGES,
  sharePriceFor,
  type ContentMetrics,
  type ContentPlatform,
  type ContentView,
  type ListContentQuery,
} from '@app/contracts/content';
import { minorToApiNumber } from '@app/contracts/ledger';
import type pg from 'pg';
import { DATABASE_POOL } from '../../../platform/database/database.tokens';
import { badRequest } from '../../../platform/http/api-error';
import {
  ENGAGEMENT_SELECT,
  engagementJoins,
  factsFromRow,
  type EngagementColumns,
} from '../queries/engagement-facts.handlers';
import {
  GetContentEngagementQuery,
  GetLiveSponsorshipsQuery,
  noEngagement,
  type ContentEngagementFacts,
  type LiveSponsorship,
} from '../queries/engagement-facts.query';

export interface ContentRow {
  content_id: string;
  creator_id: string;
  creator_name: string;
  creator_username: string;
  creator_avatar: string | null;
  title: string;
  description: string | null;
  platform: ContentPlatform;
  platform_url: string;
  media_url: string | null;
  total_shares: number;
  engagement_shares_total: number;
  is_demo: boolean;
  creator_is_demo: boolean;
  status: 'active' | 'archived' | 'deleted';
  comments_count: number;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = `content_id, creator_id, creator_name, creator_username, creator_avatar, title, description, platform,
  platform_url, media_url, total_shares, engagement_shares_total, is_demo, creator_is_demo, status, comments_count,
  created_at, updated_at`;

/** A keyset position: the last item's creation time and id, base64url JSON (opaque to clients). */
export function encodeCursor(createdAt: Date, id: string): string {
  return Buffer.from(JSON.stringify([createdAt.toISOString(), id])).toString('base64url');
}

export function decodeCursor(cursor: string): { createdAt: string; id: string } {
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if (typeof createdAt === 'string' && typeof id === 'string' && !Number.isNaN(Date.parse(createdAt)))
      return { createdAt, id };
  } catch {
    // falls through to the 400
  }
  throw badRequest('INVALID_CURSOR', CONTENT_MESSAGES.invalidCursor, [
    { field: 'cursor', message: CONTENT_MESSAGES.invalidCursor },
  ]);
}

/**
 * The statement of one list page: `limit + 1` active items after the cursor, newest first, optionally with the
 * engagement columns for a viewer at an instant. Exported so its plan can be checked (test/content/list-plan.spec.ts).
 */
export function contentPageStatement(
  query: Pick<ListContentQuery, 'limit' | 'cursor'> & Partial<ListContentQuery>,
  excluded: ReadonlySet<string> = new Set(),
  withEngagement?: { viewerId: string | null; now: string },
): { sql: string; params: unknown[] } {
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const params: unknown[] = [query.limit + 1];
  // Active = neither archived nor deleted, written so that the planner walks `content_items_created` for the page
  // with or without column statistics (`status = 'active'` is guessed at 0.5 % of the rows without them, and a
  // cursor page then read and sorted every older item: migration 1764050000001).
  const where = [`status NOT IN ('archived', 'deleted')`];
  if (excluded.size > 0) {
    params.push([...excluded]);
    where.push(`content_id <> ALL($${params.length}::text[])`);
  }
  if (after) {
    params.push(after.createdAt, after.id);
    where.push(`(created_at, content_id) < ($${params.length - 1}::timestamptz, $${params.length})`);
  }
  if (query.platform) {
    params.push(query.platform);
    where.push(`platform = $${params.length}`);
  }
  if (query.creator_id) {
    params.push(query.creator_id);
    where.push(`creator_id = $${params.length}`);
  }
  if (query.q) {
    params.push(`%${query.q.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`);
    where.push(`(lower(title) LIKE $${params.length} OR lower(coalesce(description, '')) LIKE $${params.length})`);
  }
  const pageSql = `SELECT ${COLUMNS} FROM content_items WHERE ${where.join(' AND ')}
    ORDER BY created_at DESC, content_id DESC LIMIT $1`;
  if (!withEngagement) return { sql: pageSql, params };
  params.push(withEngagement.viewerId ?? '', withEngagement.now);
  return {
    sql: `SELECT page.*, ${ENGAGEMENT_SELECT} FROM (${pageSql}) page
          ${engagementJoins('page.content_id', `$${params.length - 1}`, `$${params.length}`)}
          ORDER BY page.created_at DESC, page.content_id DESC`,
    params,
  };
}

/**
 * Reads content from the inline `content_items` (current by construction) and composes each item with the
 * engagement context's facts (likes, revenue, sponsorship), asked in one batch per page.
 */
@Injectable()
export class ContentReader {
  constructor(
    @Inject(DATABASE_POOL) private readonly pool: pg.Pool,
    private readonly queryBus: QueryBus,
  ) {}

  /** Active items, newest first, `limit` per page after the cursor. */
  async page(
    query: Pick<ListContentQuery, 'limit' | 'cursor'> & Partial<ListContentQuery>,
    viewerId: string | null,
    excluded: ReadonlySet<string> = new Set(),
  ): Promise<{ items: ContentView[]; next_cursor: string | null }> {
    // The page and its engagement in one statement (one round trip per list request).
    const page = await this.pageRows(query, excluded, { viewerId, now: new Date().toISOString() });
    return {
      items: page.rows.map((row) =>
        toContentView(row, factsFromRow(row.content_id, row as ContentRow & EngagementColumns)),
      ),
      next_cursor: page.next_cursor,
    };
  }

  /** The rows of a page (without engagement facts), for callers that compose several lists into one batch. */
  async pageRows(
    query: Pick<ListContentQuery, 'limit' | 'cursor'> & Partial<ListContentQuery>,
    excluded: ReadonlySet<string> = new Set(),
    /** With it, each row also carries the engagement columns for this viewer at this instant. */
    withEngagement?: { viewerId: string | null; now: string },
  ): Promise<{ rows: ContentRow[]; next_cursor: string | null }> {
    const { sql, params } = contentPageStatement(query, excluded, withEngagement);
    const rows = (await this.pool.query<ContentRow>(sql, params)).rows;
    const pageRows = rows.slice(0, query.limit);
    const last = pageRows.at(-1);
    return {
      rows: pageRows,
      next_cursor: rows.length > query.limit && last ? encodeCursor(last.created_at, last.content_id) : null,
    };
  }

  /** The row of an item that was not deleted (archived ones included), or undefined. */
  async row(contentId: string): Promise<ContentRow | undefined> {
    return (
      await this.pool.query<ContentRow>(
        `SELECT ${COLUMNS} FROM content_items WHERE content_id = $1 AND status <> 'deleted'`,
        [contentId],
      )
    ).rows[0];
  }

  async rowsByIds(contentIds: readonly string[]): Promise<ContentRow[]> {
    if (contentIds.length === 0) return [];
    const rows = (
      await this.pool.query<ContentRow>(
        `SELECT ${COLUMNS} FROM content_items WHERE content_id = ANY($1::text[]) AND status = 'active'`,
        [contentIds],
      )
    ).rows;
    const byId = new Map(rows.map((row) => [row.content_id, row]));
    return contentIds.flatMap((id) => byId.get(id) ?? []);
  }

  /** Active items of one creator, newest first (public profiles). */
  async byCreator(creatorId: string, limit: number): Promise<ContentRow[]> {
    return (
      await this.pool.query<ContentRow>(
        `SELECT ${COLUMNS} FROM content_items WHERE creator_id = $1 AND status = 'active'
         ORDER BY created_at DESC, content_id DESC LIMIT $2`,
        [creatorId, limit],
      )
    ).rows;
  }

  async engagement(
    contentIds: readonly string[],
    viewerId: string | null,
  ): Promise<Map<string, ContentEngagementFacts>> {
    const facts = new Map(contentIds.map((id) => [id, noEngagement(id)]));
    if (contentIds.length === 0) return facts;
    try {
      for (const fact of await this.queryBus.execute(new GetContentEngagementQuery(contentIds, viewerId)))
        facts.set(fact.contentId, fact);
    } catch (error) {
      // No engagement context in this application: nothing was liked, saved or funded.
      if (!(error instanceof QueryHandlerNotFoundException)) throw error;
    }
    return facts;
  }

  async liveSponsorships(now: string, limit: number): Promise<LiveSponsorship[]> {
    try {
      return await this.queryBus.execute(new GetLiveSponsorshipsQuery(now, limit));
    } catch (error) {
      if (error instanceof QueryHandlerNotFoundException) return [];
      throw error;
    }
  }

  async views(rows: readonly ContentRow[], viewerId: string | null): Promise<ContentView[]> {
    const facts = await this.engagement(
      rows.map((row) => row.content_id),
      viewerId,
    );
    return rows.map((row) => toContentView(row, facts.get(row.content_id) ?? noEngagement(row.content_id)));
  }
}

export function toMetrics(row: ContentRow, facts: ContentEngagementFacts): ContentMetrics {
  const comments = row.comments_count;
  return {
    content_id: row.content_id,
    likes: facts.likes,
    comments,
    shares: facts.shares,
    saves: facts.saves,
    reposts: facts.reposts,
    views: facts.views,
    internal_moves: facts.internalMoves,
    external_moves: facts.externalMoves,
    total_engagement: facts.likes + comments + facts.shares + facts.saves + facts.reposts + facts.externalMoves,
  };
}

export function toContentView(row: ContentRow, facts: ContentEngagementFacts): ContentView {
  const metrics = toMetrics(row, facts);
  const remaining = Math.max(0, row.engagement_shares_total - facts.engagementSharesGiven);
  return {
    id: row.content_id,
    user_id: row.creator_id,
    creator_id: row.creator_id,
    creator_name: row.creator_name,
    creator_username: row.creator_username,
    creator_avatar: row.creator_avatar,
    title: row.title,
    description: row.description,
    platform: row.platform,
    platform_url: row.platform_url,
    media_url: row.media_url,
    image_url: row.media_url,
    total_shares: row.total_shares,
    // The engagement pool is never sold; the market's primary sales take the rest.
    available_shares: Math.max(0, row.total_shares - row.engagement_shares_total - facts.sharesSold),
    share_price: minorToApiNumber(sharePriceFor(facts.revenueUsdMinor, row.total_shares), 'usd'),
    engagement_shares_total: row.engagement_shares_total,
    engagement_shares_remaining: remaining,
    current_revenue: minorToApiNumber(facts.revenueUsdMinor, 'usd'),
    performance_metrics: {
      impressions: metrics.views,
      clicks: metrics.shares,
      conversions: metrics.saves,
      engagement_rate: metrics.views > 0 ? Math.round((metrics.total_engagement / metrics.views) * 10_000) / 100 : 0,
    },
    views_count: metrics.views,
    likes_count: metrics.likes,
    comments_count: metrics.comments,
    reposts_count: metrics.reposts,
    shares_count: metrics.shares,
    is_demo: row.is_demo,
    is_sponsored: facts.sponsorship !== null,
    status: row.status === 'archived' ? 'archived' : 'active',
    metrics,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
