import { apiClient, searchKeys } from '@app/platform';
import { SEARCH_MINIMUM_LENGTH, type SearchResponse, searchRoute } from '@app/contracts/search';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

export { SEARCH_MINIMUM_LENGTH };
export const SEARCH_DEBOUNCE_MILLISECONDS = 300;
export type SearchResults = SearchResponse;

/** Searches once the (debounced, trimmed) term has at least 2 characters. */
export function useSearch(term: string) {
  return useQuery({
    queryKey: searchKeys.term(term),
    queryFn: ({ signal }) => apiClient().call(searchRoute, { query: { q: term }, signal }),
    enabled: term.length >= SEARCH_MINIMUM_LENGTH,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
