import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import { DATABASE_POOL } from '../../../platform/database/database.tokens';
import { GetMarketShareholdersQuery, type Shareholder } from '../../content';

/**
 * Answers content's `GetMarketShareholdersQuery` from the inline `market_positions` written with the market's events
 * (current, so a command may decide on it).
 */
@QueryHandler(GetMarketShareholdersQuery)
export class GetMarketShareholdersHandler implements IQueryHandler<GetMarketShareholdersQuery, Shareholder[]> {
  constructor(@Inject(DATABASE_POOL) private readonly pool: pg.Pool) {}

  async execute(query: GetMarketShareholdersQuery): Promise<Shareholder[]> {
    const sql = 'SELECT user_id, owned FROM market_positions WHERE content_id = $1 AND owned > 0 ORDER BY user_id';
    const result = query.transaction
      ? await query.transaction.query<{ user_id: string; owned: number }>(sql, [query.contentId])
      : await this.pool.query<{ user_id: string; owned: number }>(sql, [query.contentId]);
    return result.rows.map((row) => ({ userId: row.user_id, shares: Number(row.owned) }));
  }
}
