import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { ContentView } from '@app/contracts/content';
import { ContentReader } from '../read-content/content-reader';

/**
 * `queryBus.execute(new GetCreatorContentQuery(creatorId, limit))` → the creator's active content, newest first, as
 * `GET /api/content` shows it (public profiles compose it). Archived and deleted items are left out.
 */
export class GetCreatorContentQuery extends Query<ContentView[]> {
  constructor(
    readonly creatorId: string,
    readonly limit = 50,
    readonly viewerId: string | null = null,
  ) {
    super();
  }
}

@QueryHandler(GetCreatorContentQuery)
export class GetCreatorContentHandler implements IQueryHandler<GetCreatorContentQuery, ContentView[]> {
  constructor(private readonly reader: ContentReader) {}

  async execute(query: GetCreatorContentQuery): Promise<ContentView[]> {
    return this.reader.views(await this.reader.byCreator(query.creatorId, query.limit), query.viewerId);
  }
}
