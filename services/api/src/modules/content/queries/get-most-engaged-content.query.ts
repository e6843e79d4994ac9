import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { GetMostEngagedContentQuery, type ContentView } from '@app/contracts/content';
import type pg from 'pg';
import { DATABASE_POOL } from '../../../platform/database/database.tokens';
import { ContentReader, type ContentRow } from '../read-content/content-reader';

/** Answers `GetMostEngagedContentQuery` (`@app/contracts/content`) from `content_engagement_totals`. */
@QueryHandler(GetMostEngagedContentQuery)
export class GetMostEngagedContentHandler implements IQueryHandler<GetMostEngagedContentQuery, ContentView[]> {
  constructor(
    @Inject(DATABASE_POOL) private readonly pool: pg.Pool,
    private readonly reader: ContentReader,
  ) {}

  async execute(query: GetMostEngagedContentQuery): Promise<ContentView[]> {
    const { rows } = await this.pool.query<{ content_id: string }>(
      `SELECT c.content_id FROM content_items c JOIN content_engagement_totals t ON t.content_id = c.content_id
        WHERE c.status = 'active' AND NOT c.is_demo AND NOT c.creator_is_demo
          AND (t.likes + greatest(t.saves, 0) + t.shares + t.reposts + t.internal_moves + t.external_moves) > 0
        ORDER BY (t.likes + greatest(t.saves, 0) + t.shares + t.reposts + t.internal_moves + t.external_moves) DESC,
          c.created_at DESC, c.content_id
        LIMIT $1`,
      [Math.max(1, Math.min(query.limit, 100))],
    );
    const contentRows: ContentRow[] = await this.reader.rowsByIds(rows.map((row) => row.content_id));
    return this.reader.views(contentRows, null);
  }
}
