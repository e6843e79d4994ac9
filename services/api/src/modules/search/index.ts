/** The search context's public surface: import `SearchModule` and register a provider for your category. */
export { SearchModule } from './search.module';
export { SearchProviderRegistry, matchScoreSql, type SearchProvider, type SearchHit } from './search-provider';
