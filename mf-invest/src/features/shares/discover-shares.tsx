import {
  Button,
  Card,
  EmptyState,
  apiClient,
  contentKeys,
  formatBalance,
  formatSharePrice,
  useCurrentUser,
} from '@app/platform';
import { QueryView, useToast } from '@app/platform/app';
import { BuySharesDialog, type BuySharesTarget } from '@app/platform/market';
import { listContentRoute } from '@app/contracts/content';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';

/** How many of the newest content items the Investment Hub offers to back. */
export const DISCOVER_SHARES_LIMIT = 12;

const discoverKey = [...contentKeys.all, 'list', 'shares-discovery'] as const;

/** The newest content items (the list filters those with shares for sale). */
function useDiscoverContent() {
  return useQuery({
    queryKey: discoverKey,
    queryFn: async ({ signal }) =>
      (await apiClient().call(listContentRoute, { query: { limit: DISCOVER_SHARES_LIMIT }, signal })).items,
  });
}

/**
 * Back new content: the newest content items that still have shares for sale (not the viewer's own: a creator does
 * not buy shares in their own item), each with its price (4 decimals) and Buy Shares, the same dialog as the content
 * page's. The server prices and checks every purchase; this list only shows what was for sale when it loaded.
 */
export function DiscoverShares() {
  const me = useCurrentUser();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [buying, setBuying] = useState<BuySharesTarget | null>(null);
  const content = useDiscoverContent();
  return (
    <Card title="Back new content">
      <QueryView
        query={content}
        loadingLabel="Loading content"
        isEmpty={(items) => !items.some((item) => item.available_shares > 0 && item.creator_id !== me.id)}
        empty={
          <EmptyState
            title="No shares for sale right now"
            message="New content offers its shares here as soon as it is published."
          />
        }
      >
        {(items) => (
          <ul className="ui-list" aria-label="Shares for sale">
            {items
              .filter((item) => item.available_shares > 0 && item.creator_id !== me.id)
              .map((item) => (
                <li key={item.id} className="ui-list__item">
                  <Link to={`/content/${encodeURIComponent(item.id)}`}>{item.title}</Link>
                  <span className="ui-muted">by {item.creator_name}</span>
                  <span>
                    ${formatSharePrice(item.share_price)} a share, {formatBalance(item.available_shares)} available
                  </span>
                  <Button
                    size="small"
                    aria-label={`Buy shares in ${item.title}`}
                    onClick={() =>
                      setBuying({
                        contentId: item.id,
                        title: item.title,
                        sharePrice: item.share_price,
                        availableShares: item.available_shares,
                      })
                    }
                  >
                    Buy Shares
                  </Button>
                </li>
              ))}
          </ul>
        )}
      </QueryView>
      {buying ? (
        <BuySharesDialog
          target={buying}
          open
          onOpenChange={(open) => (open ? undefined : setBuying(null))}
          onBought={(answer) => {
            toast.show({
              title: `Bought ${formatBalance(answer.shares_count)} shares`,
              variant: 'success',
              durationMilliseconds: 3000,
            });
            void queryClient.invalidateQueries({ queryKey: discoverKey });
          }}
        />
      ) : null}
    </Card>
  );
}
