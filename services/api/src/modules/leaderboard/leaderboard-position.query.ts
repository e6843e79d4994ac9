import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import { COMPOSITE_WEIGHTS } from '@app/contracts/leaderboard';
import { DATABASE_POOL } from '../../platform/database/database.tokens';
import { periodKey } from './leaderboard-periods';

export interface LeaderboardPosition {
  daily_rank: number;
  composite_score: number;
}

/**
 * `queryBus.execute(new GetLeaderboardPositionQuery(userId))` → the user's place in today's ranking (the same order
 * as `GET /api/leaderboard/daily`: composite score, then user id; demo sandboxes never rank), or null when the user
 * earned nothing today or is a sandbox. Eventual, like the ranking (a projection of ledger events).
 */
export class GetLeaderboardPositionQuery extends Query<LeaderboardPosition | null> {
  constructor(
    readonly userId: string,
    readonly now: string = new Date().toISOString(),
  ) {
    super();
  }
}

@QueryHandler(GetLeaderboardPositionQuery)
export class GetLeaderboardPositionHandler implements IQueryHandler<
  GetLeaderboardPositionQuery,
  LeaderboardPosition | null
> {
  constructor(@Inject(DATABASE_POOL) private readonly pool: pg.Pool) {}

  async execute(query: GetLeaderboardPositionQuery): Promise<LeaderboardPosition | null> {
    const rows = await this.pool.query<{ rank: string; composite: string }>(
      `WITH scored AS (
         SELECT totals.user_id,
                round($3::numeric * totals.points_minor / 10.0 + $4::numeric * totals.gems_minor / 10000.0
                      + $5::numeric * totals.keys_minor + $6::numeric * totals.gold_minor, 1) AS composite
           FROM leaderboard_totals totals LEFT JOIN leaderboard_users users ON users.user_id = totals.user_id
          WHERE totals.period = 'daily' AND totals.period_key = $2 AND users.is_demo IS NOT TRUE
       ), ranked AS (
         SELECT user_id, composite, row_number() OVER (ORDER BY composite DESC, user_id) AS rank FROM scored
       )
       SELECT rank::text AS rank, composite::text AS composite FROM ranked WHERE user_id = $1`,
      [
        query.userId,
        periodKey('daily', query.now),
        COMPOSITE_WEIGHTS.points,
        COMPOSITE_WEIGHTS.gems,
        COMPOSITE_WEIGHTS.keys,
        COMPOSITE_WEIGHTS.gold,
      ],
    );
    const row = rows.rows[0];
    return row ? { daily_rank: Number(row.rank), composite_score: Number(row.composite) } : null;
  }
}
