import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import { DATABASE_POOL } from '../../../platform/database/database.tokens';
import { GetEngagementShareholdersQuery, type Shareholder } from '../../content';

/**
 * Answers content's `GetEngagementShareholdersQuery` from the inline `engagement_user_content` written with the social
 * actions (current, so a command may decide on it).
 */
@QueryHandler(GetEngagementShareholdersQuery)
export class GetEngagementShareholdersHandler implements IQueryHandler<GetEngagementShareholdersQuery, Shareholder[]> {
  constructor(@Inject(DATABASE_POOL) private readonly pool: pg.Pool) {}

  async execute(query: GetEngagementShareholdersQuery): Promise<Shareholder[]> {
    const sql = `SELECT user_id, engagement_shares_held FROM engagement_user_content
       WHERE content_id = $1 AND engagement_shares_held > 0 ORDER BY user_id`;
    const result = query.transaction
      ? await query.transaction.query<{ user_id: string; engagement_shares_held: number }>(sql, [query.contentId])
      : await this.pool.query<{ user_id: string; engagement_shares_held: number }>(sql, [query.contentId]);
    return result.rows.map((row) => ({ userId: row.user_id, shares: Number(row.engagement_shares_held) }));
  }
}
