import { Controller, Header, Inject, Param } from '@nestjs/common';
import type pg from 'pg';
import {
  COMPOSITE_WEIGHTS,
  TOP_EARNERS_LIMIT,
  getLeaderboardRoute,
  getTopEarnersRoute,
  type LeaderboardEntry,
  type LeaderboardPeriod,
  type TopEarnersResponse,
} from '@app/contracts/leaderboard';
import { DATABASE_POOL } from '../../platform/database/database.tokens';
import { Public } from '../../platform/http/public.decorator';
import { ZodValidationPipe } from '../../platform/http/zod-validation';
import { periodKey } from './leaderboard-periods';
import { Route } from '../../platform/http/route.decorator';

const LIMIT = 100;

/**
 * GET /api/leaderboard/{daily|weekly|monthly}: the current period's ranking. The composite score is computed in
 * SQL `numeric` from minor units (points scale 1, gems scale 4, keys and gold whole), so it is exact before
 * rounding to one decimal.
 */
@Controller()
export class LeaderboardController {
  constructor(@Inject(DATABASE_POOL) private readonly pool: pg.Pool) {}

  /** The OpenAPI definition of the public route (importing it registers it in the document). */
  static readonly topEarnersRoute = getTopEarnersRoute;

  /**
   * GET /api/leaderboard/top-earners (public): the month's top three, as the landing page's success stories. Only
   * names and what they earned: the ranking itself stays for signed-in users.
   */
  @Public()
  @Route(getTopEarnersRoute)
  @Header('Cache-Control', 'public, max-age=60')
  async topEarners(): Promise<TopEarnersResponse> {
    const now = new Date().toISOString();
    const entries = await this.top('monthly', now, TOP_EARNERS_LIMIT);
    return {
      month: periodKey('monthly', now),
      earners: entries.map(({ rank, username, display_name, avatar_url, points_earned, gems_earned }) => ({
        rank,
        username,
        display_name,
        avatar_url,
        points_earned,
        gems_earned,
      })),
    };
  }

  @Route(getLeaderboardRoute)
  ranking(
    @Param(new ZodValidationPipe(getLeaderboardRoute.params)) params: { period: LeaderboardPeriod },
  ): Promise<LeaderboardEntry[]> {
    return this.top(params.period, new Date().toISOString(), LIMIT);
  }

  private async top(period: LeaderboardPeriod, now: string, limit: number): Promise<LeaderboardEntry[]> {
    const key = periodKey(period, now);
    const rows = await this.pool.query<{
      user_id: string;
      username: string | null;
      display_name: string | null;
      avatar_url: string | null;
      points: string;
      gems: string;
      keys: string;
      gold: string;
      composite: string;
    }>(
      `WITH scored AS (
         SELECT user_id,
                points_minor / 10.0 AS points, gems_minor / 10000.0 AS gems,
                keys_minor::numeric AS keys, gold_minor::numeric AS gold
           FROM leaderboard_totals WHERE period = $1 AND period_key = $2
       )
       SELECT scored.user_id, users.username, users.display_name, users.avatar_url,
              scored.points::text AS points, scored.gems::text AS gems,
              scored.keys::text AS keys, scored.gold::text AS gold,
              round($3::numeric * scored.points + $4::numeric * scored.gems
                + $5::numeric * scored.keys + $6::numeric * scored.gold, 1)::text AS composite
         FROM scored LEFT JOIN leaderboard_users users ON users.user_id = scored.user_id
        -- Demo sandboxes never rank among real users.
        WHERE users.is_demo IS NOT TRUE
        ORDER BY round($3::numeric * scored.points + $4::numeric * scored.gems
                   + $5::numeric * scored.keys + $6::numeric * scored.gold, 1) DESC,
                 scored.user_id
        LIMIT $7`,
      [
        period,
        key,
        COMPOSITE_WEIGHTS.points,
        COMPOSITE_WEIGHTS.gems,
        COMPOSITE_WEIGHTS.keys,
        COMPOSITE_WEIGHTS.gold,
        limit,
      ],
    );
    return rows.rows.map((row, index) => ({
      id: row.user_id,
      rank: index + 1,
      display_name: row.display_name ?? row.username,
      username: row.username,
      avatar_url: row.avatar_url,
      points_earned: Number(row.points),
      gems_earned: Number(row.gems),
      keys_used: Number(row.keys),
      gold_collected: Number(row.gold),
      composite_score: Number(row.composite),
    }));
  }
}
