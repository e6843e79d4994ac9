import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import { GetShareLinkClicksQuery, type ShareLinkClickRow } from '@app/contracts/engagement';
import { DATABASE_POOL } from '../../../platform/database/database.tokens';

// Each branch of the OR matches one partial index of engagement_share_links (migration 1764700000000); the days come
// from the primary key (link_id, day) of the clicks.
const CLICKS_SQL = `
  SELECT l.campaign_id, l.content_id, to_char(c.day, 'YYYY-MM-DD') AS day, sum(c.clicks)::bigint AS clicks
  FROM engagement_share_links l
  JOIN engagement_share_link_clicks c ON c.link_id = l.link_id
  WHERE (l.campaign_id = ANY($1::text[]) OR (l.campaign_id IS NULL AND l.content_id = ANY($2::text[])))
    AND ($3::date IS NULL OR c.day >= $3::date)
  GROUP BY l.campaign_id, l.content_id, c.day
  ORDER BY c.day, l.campaign_id, l.content_id`;

/**
 * Answers `GetShareLinkClicksQuery` (`@app/contracts/engagement`) from the inline `engagement_share_link_clicks`,
 * written by the share-link redirect itself.
 */
@QueryHandler(GetShareLinkClicksQuery)
export class GetShareLinkClicksHandler implements IQueryHandler<GetShareLinkClicksQuery, ShareLinkClickRow[]> {
  constructor(@Inject(DATABASE_POOL) private readonly pool: pg.Pool) {}

  async execute({ scope }: GetShareLinkClicksQuery): Promise<ShareLinkClickRow[]> {
    if (scope.campaignIds.length === 0 && scope.contentIds.length === 0) return [];
    const { rows } = await this.pool.query<{
      campaign_id: string | null;
      content_id: string | null;
      day: string;
      clicks: string;
    }>(CLICKS_SQL, [[...scope.campaignIds], [...scope.contentIds], scope.since ?? null]);
    return rows.map((row) => ({
      campaignId: row.campaign_id,
      contentId: row.content_id,
      day: row.day,
      clicks: Number(row.clicks),
    }));
  }
}
