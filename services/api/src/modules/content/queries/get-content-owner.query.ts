import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { TransactionHandle } from '@app/event-store';
import type pg from 'pg';
import { DATABASE_POOL } from '../../../platform/database/database.tokens';

/** Who owns an item and how many shares it has, deleted items included (for settling what an item leaves behind). */
export interface ContentOwner {
  contentId: string;
  creatorId: string;
  totalShares: number;
  status: 'active' | 'archived' | 'deleted';
}

/** `queryBus.execute(new GetContentOwnerQuery(contentId, transaction?))` → the owner, or null for an unknown id. */
export class GetContentOwnerQuery extends Query<ContentOwner | null> {
  constructor(
    readonly contentId: string,
    readonly transaction?: TransactionHandle,
  ) {
    super();
  }
}

@QueryHandler(GetContentOwnerQuery)
export class GetContentOwnerHandler implements IQueryHandler<GetContentOwnerQuery, ContentOwner | null> {
  constructor(@Inject(DATABASE_POOL) private readonly pool: pg.Pool) {}

  async execute(query: GetContentOwnerQuery): Promise<ContentOwner | null> {
    const sql = 'SELECT content_id, creator_id, total_shares, status FROM content_items WHERE content_id = $1';
    const result = query.transaction
      ? await query.transaction.query<{
          content_id: string;
          creator_id: string;
          total_shares: number;
          status: ContentOwner['status'];
        }>(sql, [query.contentId])
      : await this.pool.query(sql, [query.contentId]);
    const row = result.rows[0] as
      { content_id: string; creator_id: string; total_shares: number; status: ContentOwner['status'] } | undefined;
    return row
      ? { contentId: row.content_id, creatorId: row.creator_id, totalShares: row.total_shares, status: row.status }
      : null;
  }
}
