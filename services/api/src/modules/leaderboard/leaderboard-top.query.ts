import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import { COMPOSITE_WEIGHTS, type LeaderboardPeriod } from '@app/contracts/leaderboard';
import { DATABASE_POOL } from '../../platform/database/database.tokens';

export interface LeaderboardTopEntry {
  userId: string;
  username: string | null;
  rank: number;
}

/**
 * `queryBus.execute(new GetLeaderboardTopQuery('weekly', '2026-11-23', 10, 'composite'))` → the first `limit` users of
 * a period (by `periodKey`: day, Monday of the ISO week, or month), ranked like `GET /api/leaderboard/:period`
 * (composite score, then user id) or by gems earned (`'gems'`); demo sandboxes never rank. Eventual (a projection).
 */
export class GetLeaderboardTopQuery extends Query<LeaderboardTopEntry[]> {
  constructor(
    readonly period: LeaderboardPeriod,
    readonly periodKey: string,
    readonly limit: number,
    readonly orderBy: 'composite' | 'gems' = 'composite',
  ) {
    super();
  }
}

@QueryHandler(GetLeaderboardTopQuery)
export class GetLeaderboardTopHandler implements IQueryHandler<GetLeaderboardTopQuery, LeaderboardTopEntry[]> {
  constructor(@Inject(DATABASE_POOL) private readonly pool: pg.Pool) {}

  async execute(query: GetLeaderboardTopQuery): Promise<LeaderboardTopEntry[]> {
    const score =
      query.orderBy === 'gems'
        ? 'totals.gems_minor::numeric'
        : `round($4::numeric * totals.points_minor / 10.0 + $5::numeric * totals.gems_minor / 10000.0
             + $6::numeric * totals.keys_minor + $7::numeric * totals.gold_minor, 1)`;
    const rows = await this.pool.query<{ user_id: string; username: string | null }>(
      `SELECT totals.user_id, users.username
         FROM leaderboard_totals totals LEFT JOIN leaderboard_users users ON users.user_id = totals.user_id
        WHERE totals.period = $1 AND totals.period_key = $2 AND users.is_demo IS NOT TRUE
          AND ($8::boolean OR totals.gems_minor > 0)
        ORDER BY ${score} DESC, totals.user_id
        LIMIT $3`,
      [
        query.period,
        query.periodKey,
        Math.max(0, Math.min(query.limit, 1000)),
        COMPOSITE_WEIGHTS.points,
        COMPOSITE_WEIGHTS.gems,
        COMPOSITE_WEIGHTS.keys,
        COMPOSITE_WEIGHTS.gold,
        query.orderBy !== 'gems',
      ],
    );
    return rows.rows.map((row, index) => ({ userId: row.user_id, username: row.username, rank: index + 1 }));
  }
}
