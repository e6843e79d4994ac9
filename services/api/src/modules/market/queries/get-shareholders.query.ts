import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { TransactionHandle } from '@app/event-store';
import type pg from 'pg';
import { DATABASE_POOL } from '../../../platform/database/database.tokens';

/**
 * `queryBus.execute(new GetShareholdersQuery(contentId, transaction?))` → everyone holding shares of the item through
 * the market (bought or resold; listed shares still count: they are owned), from the inline `market_positions`
 * written with the market's events (current, so a command may decide on it).
 */
export class GetShareholdersQuery extends Query<Array<{ userId: string; shares: number }>> {
  constructor(
    readonly contentId: string,
    readonly transaction?: TransactionHandle,
  ) {
    super();
  }
}

@QueryHandler(GetShareholdersQuery)
export class GetShareholdersHandler implements IQueryHandler<GetShareholdersQuery, Array<{ userId: string; shares: number }>> {
  constructor(@Inject(DATABASE_POOL) private readonly pool: pg.Pool) {}

  async execute(query: GetShareholdersQuery): Promise<Array<{ userId: string; shares: number }>> {
    const sql = 'SELECT user_id, owned FROM market_positions WHERE content_id = $1 AND owned > 0 ORDER BY user_id';
    const result = query.transaction ? await query.transaction.query<{ user_id: string; owned: number }>(sql, [query.contentId]) : await this.pool.query<{ user_id: string; owned: number }>(sql, [query.contentId]);
    return result.rows.map((row) => ({ userId: row.user_id, shares: Number(row.owned) }));
  }
}
