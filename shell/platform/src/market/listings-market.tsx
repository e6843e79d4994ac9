import { listListingsRoute, type Listing } from '@app/contracts/market';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { apiClient } from '../api/api-client';
import { formatBalance, formatMoney, formatSharePrice } from '../format/format';
import { portfolioKeys } from '../query/query-keys';
import { useSession } from '../session/session-context';
import { Button } from '../ui/button';
import { EmptyState, ErrorBox, SkeletonList } from '../ui/feedback';
import { BuyListingDialog } from './buy-listing-dialog';
import { OfferToSellerDialog } from './offer-to-seller';

/** Listings per page of the market. */
export const MARKET_PAGE_SIZE = 20;

/** Everyone's open resale listings (or one item's), newest first, a page at a time. */
export function useListingsMarket(contentId?: string) {
  return useInfiniteQuery({
    queryKey: portfolioKeys.market(contentId ? { contentId } : {}),
    initialPageParam: null as string | null,
    queryFn: ({ signal, pageParam }) =>
      apiClient().call(listListingsRoute, {
        signal,
        query: {
          limit: MARKET_PAGE_SIZE,
          ...(contentId ? { content_id: contentId } : {}),
          ...(pageParam ? { cursor: pageParam } : {}),
        },
      }),
    getNextPageParam: (page) => page.next_cursor,
  });
}

function ListingRow({
  listing,
  showContent,
  isMine,
  onBuy,
  onOffer,
}: {
  listing: Listing;
  showContent: boolean;
  isMine: boolean;
  onBuy(): void;
  onOffer(): void;
}) {
  const seller = listing.owner_name ?? 'A holder';
  return (
    <tr>
      {showContent ? (
        <th scope="row">
          <Link to={`/content/${encodeURIComponent(listing.content_id)}`}>{listing.content_title}</Link>
        </th>
      ) : null}
      <td>
        <Link to={`/users/id/${encodeURIComponent(listing.owner_id)}`}>{seller}</Link>
      </td>
      <td>{formatBalance(listing.remaining_quantity)}</td>
      <td>${formatSharePrice(listing.ask_price)}</td>
      <td>{formatMoney(listing.remaining_quantity * listing.ask_price)}</td>
      <td className="ui-row">
        {isMine ? (
          <span className="ui-muted">Your listing</span>
        ) : (
          <>
            <Button size="small" aria-label={`Buy ${listing.content_title} from ${seller}`} onClick={onBuy}>
              Buy
            </Button>
            <Button
              size="small"
              variant="secondary"
              aria-label={`Make an offer to ${seller} for ${listing.content_title}`}
              onClick={onOffer}
            >
              Make an Offer
            </Button>
          </>
        )}
      </td>
    </tr>
  );
}

/** The listings as a table: one row each, with its Buy and Make an Offer buttons (none on the user's own). */
function ListingsTable({
  label,
  listings,
  showContent,
  userId,
  onBuy,
  onOffer,
}: {
  label: string;
  listings: Listing[];
  showContent: boolean;
  userId: string | undefined;
  onBuy(listing: Listing): void;
  onOffer(listing: Listing): void;
}) {
  return (
    <table className="ui-table" aria-label={label}>
      <thead>
        <tr>
          {showContent ? <th scope="col">Content</th> : null}
          <th scope="col">Seller</th>
          <th scope="col">Quantity</th>
          <th scope="col">Ask price</th>
          <th scope="col">Total</th>
          <th scope="col">Actions</th>
        </tr>
      </thead>
      <tbody>
        {listings.map((listing) => (
          <ListingRow
            key={listing.id}
            listing={listing}
            showContent={showContent}
            isMine={listing.owner_id === userId}
            onBuy={() => onBuy(listing)}
            onOffer={() => onOffer(listing)}
          />
        ))}
      </tbody>
    </table>
  );
}

/**
 * The resale market (issue 43): open listings with their content, seller, quantity and ask, Buy (all or part, at the
 * ask) and Make an Offer (on the seller's unlisted shares). The Investment Hub shows everyone's; the content page
 * passes `contentId` for that item's. Every trade is decided by the server; this only shows what was open on load.
 */
export function ListingsMarket({ contentId, label = 'Listings for resale' }: { contentId?: string; label?: string }) {
  const { user } = useSession();
  const market = useListingsMarket(contentId);
  const [buying, setBuying] = useState<Listing | null>(null);
  const [offering, setOffering] = useState<Listing | null>(null);
  if (market.isPending) return <SkeletonList label="Loading listings" />;
  if (market.isError)
    return <ErrorBox message={`Failed to load data: ${market.error.message}`} onRetry={() => void market.refetch()} />;
  const listings = market.data.pages.flatMap((page) => page.listings);
  if (listings.length === 0) {
    return (
      <EmptyState
        title="No shares listed for resale"
        message={
          contentId
            ? 'Nobody is selling shares of this content right now.'
            : 'When holders list shares for resale, they show up here.'
        }
      />
    );
  }
  const showContent = !contentId;
  return (
    <div className="ui-stack">
      <ListingsTable
        label={label}
        listings={listings}
        showContent={showContent}
        userId={user?.id}
        onBuy={setBuying}
        onOffer={setOffering}
      />
      {market.hasNextPage ? (
        <Button variant="secondary" busy={market.isFetchingNextPage} onClick={() => void market.fetchNextPage()}>
          Show more listings
        </Button>
      ) : null}
      {buying ? (
        <BuyListingDialog
          target={{
            listingId: buying.id,
            title: buying.content_title,
            sellerName: buying.owner_name,
            askPrice: buying.ask_price,
            remaining: buying.remaining_quantity,
          }}
          open
          onOpenChange={(open) => (open ? undefined : setBuying(null))}
        />
      ) : null}
      {offering ? (
        <OfferToSellerDialog
          target={{
            contentId: offering.content_id,
            title: offering.content_title,
            sellerId: offering.owner_id,
            sellerName: offering.owner_name,
            currentPrice: offering.market_price,
            listedQuantity: offering.remaining_quantity,
          }}
          onClose={() => setOffering(null)}
        />
      ) : null}
    </div>
  );
}
