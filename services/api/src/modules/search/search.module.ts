import { Module } from '@nestjs/common';
import { projectionProviders } from '../../platform/projections/projection-registry';
import { DropsSearchProvider } from './search-drops/drops-search.provider';
import { searchDropsProjection } from './projections/search-drops.projection';
import { SearchController } from './search.controller';
import { SearchProviderRegistry } from './search-provider';
import { searchUsersProjection } from './projections/search-users.projection';
import { UsersSearchProvider } from './search-users/users-search.provider';

/**
 * Search over users and drops (own projections of identity, progress, shop and drops events). Content joins when
 * the content context exists: it registers a `SearchProvider<'content'>` with the exported registry.
 */
@Module({
  controllers: [SearchController],
  providers: [
    SearchProviderRegistry,
    UsersSearchProvider,
    DropsSearchProvider,
    ...projectionProviders(searchUsersProjection, searchDropsProjection),
  ],
  exports: [SearchProviderRegistry],
})
export class SearchModule {}
