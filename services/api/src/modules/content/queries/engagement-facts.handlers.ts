import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import { DATABASE_POOL } from '../../../platform/database/database.tokens';
import {
  GetContentEngagementQuery,
  GetLiveSponsorshipsQuery,
  noEngagement,
  type ContentEngagementFacts,
  type LiveSponsorship,
} from './engagement-facts.query';

interface SponsorshipRow {
  content_id: string;
  multiplier_tenths: string;
  sponsor_count: string;
  ends_at: Date;
}

const toSponsorship = (row: SponsorshipRow): LiveSponsorship => ({
  contentId: row.content_id,
  // Stacking sums the sponsors' multipliers (issue 21).
  totalBoostMultiplier: Number(row.multiplier_tenths) / 10,
  sponsorCount: Number(row.sponsor_count),
  endsAt: row.ends_at.toISOString(),
});

const LIVE_SPONSORSHIPS = `SELECT content_id, sum(multiplier_tenths)::text AS multiplier_tenths,
    count(*)::text AS sponsor_count, max(ends_at) AS ends_at
  FROM content_sponsorships WHERE NOT spent AND starts_at <= $1 AND ends_at > $1 GROUP BY content_id`;

/** The engagement columns `engagementJoins` adds to a row. */
export interface EngagementColumns {
  likes: number | null;
  saves: number | null;
  shares: number | null;
  reposts: number | null;
  external_moves: number | null;
  internal_moves: number | null;
  shares_given: number | null;
  shares_sold: number | null;
  revenue_usd_minor: string | null;
  /** bigint as text. */
  views: string | null;
  has_liked: boolean | null;
  has_saved: boolean | null;
  engagement_shares: number | null;
  multiplier_tenths: string | null;
  sponsor_count: string;
  ends_at: Date | null;
}

export const ENGAGEMENT_SELECT = `t.likes, t.saves, t.shares, t.reposts, t.external_moves, t.internal_moves,
  t.shares_given, t.shares_sold, t.revenue_usd_minor::text AS revenue_usd_minor, t.views::text AS views,
  v.has_liked, v.has_saved, v.engagement_shares, s.multiplier_tenths, s.sponsor_count, s.ends_at`;

/**
 * Joins an item's totals, the viewer's state and its live sponsorship onto rows whose id is `idColumn`, so a page
 * and its engagement come back in one statement. `viewer` and `now` are the parameters holding them.
 */
export const engagementJoins = (idColumn: string, viewer: string, now: string) => `
  LEFT JOIN content_engagement_totals t ON t.content_id = ${idColumn}
  LEFT JOIN content_engagement_viewers v ON v.content_id = ${idColumn} AND v.user_id = ${viewer}
  CROSS JOIN LATERAL (
    SELECT sum(multiplier_tenths)::text AS multiplier_tenths, count(*)::text AS sponsor_count, max(ends_at) AS ends_at
      FROM content_sponsorships WHERE content_id = ${idColumn} AND NOT spent
        AND starts_at <= ${now} AND ends_at > ${now}
  ) s`;

export function factsFromRow(contentId: string, row: EngagementColumns): ContentEngagementFacts {
  return {
    ...noEngagement(contentId),
    likes: row.likes ?? 0,
    saves: Math.max(0, row.saves ?? 0),
    shares: row.shares ?? 0,
    reposts: row.reposts ?? 0,
    internalMoves: row.internal_moves ?? 0,
    externalMoves: row.external_moves ?? 0,
    engagementSharesGiven: row.shares_given ?? 0,
    sharesSold: row.shares_sold ?? 0,
    revenueUsdMinor: BigInt(row.revenue_usd_minor ?? '0'),
    // Views come from the telemetry context (ContentViewsCounted, README).
    views: Number(row.views ?? '0'),
    sponsorship:
      row.multiplier_tenths !== null && row.ends_at !== null
        ? toSponsorship({
            content_id: contentId,
            multiplier_tenths: row.multiplier_tenths,
            sponsor_count: row.sponsor_count,
            ends_at: row.ends_at,
          })
        : null,
    viewer: {
      hasLiked: row.has_liked ?? false,
      hasSaved: row.has_saved ?? false,
      engagementSharesHeld: row.engagement_shares ?? 0,
    },
  };
}

/** Engagement facts from the `content_engagement` projection of the engagement context's events. */
@QueryHandler(GetContentEngagementQuery)
export class GetContentEngagementHandler implements IQueryHandler<GetContentEngagementQuery, ContentEngagementFacts[]> {
  constructor(@Inject(DATABASE_POOL) private readonly pool: pg.Pool) {}

  async execute(query: GetContentEngagementQuery): Promise<ContentEngagementFacts[]> {
    // One statement per batch: totals, the viewer's state and the live sponsorship of every item asked.
    const rows = await this.pool.query<EngagementColumns & { content_id: string }>(
      `SELECT ids.content_id, ${ENGAGEMENT_SELECT} FROM unnest($1::text[]) AS ids(content_id)
       ${engagementJoins('ids.content_id', '$2', '$3')}`,
      [[...query.contentIds], query.viewerId ?? '', query.now],
    );
    return rows.rows.map((row) => factsFromRow(row.content_id, row));
  }
}

@QueryHandler(GetLiveSponsorshipsQuery)
export class GetLiveSponsorshipsHandler implements IQueryHandler<GetLiveSponsorshipsQuery, LiveSponsorship[]> {
  constructor(@Inject(DATABASE_POOL) private readonly pool: pg.Pool) {}

  async execute(query: GetLiveSponsorshipsQuery): Promise<LiveSponsorship[]> {
    const rows = await this.pool.query<SponsorshipRow>(
      `${LIVE_SPONSORSHIPS} ORDER BY sum(multiplier_tenths) DESC, max(ends_at) DESC LIMIT $2`,
      [query.now, query.limit],
    );
    return rows.rows.map(toSponsorship);
  }
}
