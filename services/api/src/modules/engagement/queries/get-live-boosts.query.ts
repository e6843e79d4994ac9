import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { ContentSponsorship } from '@app/contracts/engagement';
import { SponsorshipReader } from '../infrastructure/sponsorship-reader';

/**
 * `queryBus.execute(new GetLiveBoostsQuery(now, limit, contentIds?))` → live sponsorships summed per item, strongest
 * boost first, read from the inline sponsorship rows (current: a sponsorship shows the moment it commits).
 */
export class GetLiveBoostsQuery extends Query<ContentSponsorship[]> {
  constructor(
    readonly now: string = new Date().toISOString(),
    readonly limit = 50,
    readonly contentIds: readonly string[] | null = null,
  ) {
    super();
  }
}

@QueryHandler(GetLiveBoostsQuery)
export class GetLiveBoostsHandler implements IQueryHandler<GetLiveBoostsQuery, ContentSponsorship[]> {
  constructor(private readonly reader: SponsorshipReader) {}

  execute(query: GetLiveBoostsQuery): Promise<ContentSponsorship[]> {
    return this.reader.live(query.now, query.contentIds, query.limit);
  }
}
