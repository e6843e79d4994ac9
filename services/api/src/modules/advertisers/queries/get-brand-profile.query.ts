import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { BrandProfile } from '@app/contracts/advertisers';
import { BrandProfiles } from '../infrastructure/brand-profiles';

/**
 * `queryBus.execute(new GetBrandProfileQuery(userId))` → the user's brand profile (all fields null when they have
 * none), read from the inline row written with the brand's events: `GET /api/users/me` shows a save at once.
 */
export class GetBrandProfileQuery extends Query<BrandProfile> {
  constructor(readonly userId: string) {
    super();
  }
}

@QueryHandler(GetBrandProfileQuery)
export class GetBrandProfileHandler implements IQueryHandler<GetBrandProfileQuery, BrandProfile> {
  constructor(private readonly profiles: BrandProfiles) {}

  execute(query: GetBrandProfileQuery): Promise<BrandProfile> {
    return this.profiles.read(query.userId);
  }
}
