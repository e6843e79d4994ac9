/** The search context's public surface: import `SearchModule` and register a provider for your category. */
export { SearchProviderRegistry, matchScoreSql, type SearchProvider, type SearchHit } from './search-provider';
