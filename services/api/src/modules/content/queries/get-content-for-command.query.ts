import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { ContentPlatform } from '@app/contracts/content';
import { preparedQuery, type TransactionHandle } from '@app/event-store';
import type pg from 'pg';
import { DATABASE_POOL } from '../../../platform/database/database.tokens';

/** What another context's command may decide on about a content item (from the inline `content_items`, current). */
export interface ContentForCommand {
  contentId: string;
  creatorId: string;
  /** `archived` items take no new engagement; deleted items answer null. */
  status: 'active' | 'archived';
  title: string;
  platform: ContentPlatform;
  platformUrl: string;
  totalShares: number;
  engagementSharesTotal: number;
  /** Title or description mentions demo: no real rewards. */
  isDemo: boolean;
  /** The creator is a demo sandbox account: real accounts and sandboxes never exchange value. */
  creatorIsDemo: boolean;
}

/**
 * `queryBus.execute(new GetContentForCommandQuery(contentId, transaction?))` → the item, or null when it does not
 * exist or was deleted. Read from an inline read model (written with the content's events), so a command may decide
 * on it. Inside a unit of work pass its transaction: an embedded database has one connection, and a query on the
 * pool inside a transaction would wait forever.
 */
export class GetContentForCommandQuery extends Query<ContentForCommand | null> {
  constructor(
    readonly contentId: string,
    readonly transaction?: TransactionHandle,
  ) {
    super();
  }
}

interface Row {
  content_id: string;
  creator_id: string;
  status: 'active' | 'archived';
  title: string;
  platform: ContentPlatform;
  platform_url: string;
  total_shares: number;
  engagement_shares_total: number;
  is_demo: boolean;
  creator_is_demo: boolean;
}

/**
 * `queryBus.execute(new GetContentsForCommandQuery(contentIds, transaction?))` → the items that exist and were not
 * deleted, by id, in one statement (a group commit of actions on several items). As GetContentForCommandQuery.
 */
export class GetContentsForCommandQuery extends Query<Map<string, ContentForCommand>> {
  constructor(
    readonly contentIds: readonly string[],
    readonly transaction?: TransactionHandle,
  ) {
    super();
  }
}

@QueryHandler(GetContentForCommandQuery)
export class GetContentForCommandHandler implements IQueryHandler<GetContentForCommandQuery, ContentForCommand | null> {
  constructor(@Inject(DATABASE_POOL) private readonly pool: pg.Pool) {}

  async execute(query: GetContentForCommandQuery): Promise<ContentForCommand | null> {
    return (
      (await readContentsForCommand(query.transaction ?? this.pool, [query.contentId])).get(query.contentId) ?? null
    );
  }
}

@QueryHandler(GetContentsForCommandQuery)
export class GetContentsForCommandHandler implements IQueryHandler<
  GetContentsForCommandQuery,
  Map<string, ContentForCommand>
> {
  constructor(@Inject(DATABASE_POOL) private readonly pool: pg.Pool) {}

  execute(query: GetContentsForCommandQuery): Promise<Map<string, ContentForCommand>> {
    return readContentsForCommand(query.transaction ?? this.pool, query.contentIds);
  }
}

const COMMAND_COLUMNS = `content_id, creator_id, status, title, platform, platform_url, total_shares,
  engagement_shares_total, is_demo, creator_is_demo`;

async function readContentsForCommand(
  queryable: Pick<TransactionHandle, 'query'>,
  contentIds: readonly string[],
): Promise<Map<string, ContentForCommand>> {
  const distinct = [...new Set(contentIds)];
  // One item (a buy, a tip, a group of likes on one hot item) is the common case: by `= $1` the statement is prepared
  // once per connection and runs a cached plan; PostgreSQL plans an array parameter (`= ANY($1)`) on every call.
  const result =
    distinct.length === 1
      ? await preparedQuery<Row>(
          queryable,
          `SELECT ${COMMAND_COLUMNS} FROM content_items WHERE content_id = $1 AND status <> 'deleted'`,
          distinct,
        )
      : await queryable.query<Row>(
          `SELECT ${COMMAND_COLUMNS} FROM content_items WHERE content_id = ANY($1::text[]) AND status <> 'deleted'`,
          [distinct],
        );
  return new Map(
    result.rows.map((row) => [
      row.content_id,
      {
        contentId: row.content_id,
        creatorId: row.creator_id,
        status: row.status,
        title: row.title,
        platform: row.platform,
        platformUrl: row.platform_url,
        totalShares: row.total_shares,
        engagementSharesTotal: row.engagement_shares_total,
        isDemo: row.is_demo,
        creatorIsDemo: row.creator_is_demo,
      },
    ]),
  );
}
