import { Inject, Injectable } from '@nestjs/common';
import type { ContentSponsorship } from '@app/contracts/engagement';
import type pg from 'pg';
import { DATABASE_POOL } from '../../../platform/database/database.tokens';

interface Row {
  content_id: string;
  sponsor_count: string;
  total_tenths: string;
  total_gems_minor: string;
  sponsor_names: string[];
  ends_at: Date | null;
}

const GEM_MINOR = 10_000;

/** Live sponsorships (status live, end ahead), summed per item: stacking adds the sponsors' multipliers and gems. */
@Injectable()
export class SponsorshipReader {
  constructor(@Inject(DATABASE_POOL) private readonly pool: pg.Pool) {}

  async live(now: string, contentIds: readonly string[] | null, limit = 50): Promise<ContentSponsorship[]> {
    const result = await this.pool.query<Row>(
      `SELECT content_id, count(*) AS sponsor_count, sum(multiplier_tenths) AS total_tenths,
              sum(gems_minor) AS total_gems_minor,
              array_agg(sponsor_name ORDER BY gems_minor DESC, starts_at) AS sponsor_names, max(ends_at) AS ends_at
       FROM engagement_sponsorships
       WHERE status = 'live' AND ends_at > $1 AND ($2::text[] IS NULL OR content_id = ANY($2))
       GROUP BY content_id
       ORDER BY sum(multiplier_tenths) DESC, max(ends_at) DESC
       LIMIT $3`,
      [now, contentIds, limit],
    );
    return result.rows.map((row) => {
      const names = [...new Set(row.sponsor_names)];
      const total = Number(row.total_tenths) / 10;
      const gems = Number(row.total_gems_minor) / GEM_MINOR;
      return {
        content_id: row.content_id,
        is_sponsored: true,
        sponsor_count: Number(row.sponsor_count),
        total_boost_multiplier: total,
        boost_multiplier: total,
        sponsor_names: names,
        primary_sponsor: names[0] ?? null,
        advertiser_name: names[0] ?? null,
        total_gems_allocated: gems,
        gems_allocated: gems,
        ends_at: row.ends_at ? row.ends_at.toISOString() : null,
      };
    });
  }

  async forContent(contentId: string, now: string): Promise<ContentSponsorship> {
    const [live] = await this.live(now, [contentId], 1);
    return (
      live ?? {
        content_id: contentId,
        is_sponsored: false,
        sponsor_count: 0,
        total_boost_multiplier: 0,
        boost_multiplier: 0,
        sponsor_names: [],
        primary_sponsor: null,
        advertiser_name: null,
        total_gems_allocated: 0,
        gems_allocated: 0,
        ends_at: null,
      }
    );
  }
}
