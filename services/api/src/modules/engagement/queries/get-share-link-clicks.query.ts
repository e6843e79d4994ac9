import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import { DATABASE_POOL } from '../../../platform/database/database.tokens';

/** Clicks on share links per UTC day, summed over the links made with the same campaign id and content id. */
export interface ShareLinkClickRow {
  /** The campaign the link was made for (`campaign_id` of `POST /api/shares/create`), or null. */
  campaignId: string | null;
  /** The content item the link was made for, or null. */
  contentId: string | null;
  /** UTC day of the clicks, `YYYY-MM-DD`. */
  day: string;
  clicks: number;
}

export interface ShareLinkClicksScope {
  /** Links made for any of these campaigns (whatever item they carry). */
  campaignIds: readonly string[];
  /** Links made for any of these items without a campaign id. */
  contentIds: readonly string[];
  /** First UTC day counted, `YYYY-MM-DD` (inclusive); every day when absent. */
  since?: string | null;
}

/**
 * `queryBus.execute(new GetShareLinkClicksQuery({ campaignIds, contentIds, since }))` → `ShareLinkClickRow[]`: the
 * clicks on the links made for those campaigns, and on the links made for those items without a campaign, per
 * (campaign id, content id, UTC day); days without a click are absent. Read from the inline
 * `engagement_share_link_clicks` written by the redirect itself, so a click is there once it was redirected. Which
 * rows count for which campaign is the asker's rule (campaigns README: a link made for the campaign always, a link
 * made for one of its items without a campaign from the day the item joined).
 */
export class GetShareLinkClicksQuery extends Query<ShareLinkClickRow[]> {
  constructor(readonly scope: ShareLinkClicksScope) {
    super();
  }
}

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

@QueryHandler(GetShareLinkClicksQuery)
export class GetShareLinkClicksHandler implements IQueryHandler<GetShareLinkClicksQuery, ShareLinkClickRow[]> {
  constructor(@Inject(DATABASE_POOL) private readonly pool: pg.Pool) {}

  async execute({ scope }: GetShareLinkClicksQuery): Promise<ShareLinkClickRow[]> {
    if (scope.campaignIds.length === 0 && scope.contentIds.length === 0) return [];
    const { rows } = await this.pool.query<{ campaign_id: string | null; content_id: string | null; day: string; clicks: string }>(CLICKS_SQL, [
      [...scope.campaignIds],
      [...scope.contentIds],
      scope.since ?? null,
    ]);
    return rows.map((row) => ({ campaignId: row.campaign_id, contentId: row.content_id, day: row.day, clicks: Number(row.clicks) }));
  }
}
