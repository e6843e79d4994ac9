import { apiClient, contentKeys } from '@app/platform';
import { useInfiniteQuery } from '@tanstack/react-query';
import { feedRoute, type FeedItem, type FeedTab } from '@app/contracts/content';

export type { FeedItem, FeedTab };

/** One tab of the home feed; Social Feed pages on with the server's cursor, the others are single pages. */
export function useFeed(tab: FeedTab) {
  return useInfiniteQuery({
    queryKey: contentKeys.feed(tab),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ signal, pageParam }) => apiClient().call(feedRoute, { query: { tab, cursor: pageParam }, signal }),
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });
}
