import { holdingDetailRoute } from '@app/contracts/market';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../api/api-client';
import { isApiError } from '../api/api-error';
import { portfolioKeys } from '../query/query-keys';
import { Dialog } from '../ui/dialog';
import { ErrorBox, SkeletonList } from '../ui/feedback';
import { MakeOfferDialog } from './make-offer-dialog';

export interface OfferToSellerTarget {
  contentId: string;
  title: string;
  sellerId: string;
  sellerName: string | null;
  currentPrice: number;
  /** What the listing shows; the bound when the seller's holding is private (the server checks either way). */
  listedQuantity: number;
}

/**
 * Make an Offer from a listing: an offer buys the seller's shares that are NOT in a listing (listed ones sell at the
 * ask), so the dialog first reads the seller's public holding for that number. A private holding answers 404; then
 * the listing's quantity bounds the form and the server says if the seller has fewer.
 */
export function OfferToSellerDialog({ target, onClose }: { target: OfferToSellerTarget; onClose(): void }) {
  const holding = useQuery({
    queryKey: [...portfolioKeys.holding(target.contentId), { userId: target.sellerId }],
    queryFn: ({ signal }) =>
      apiClient().call(holdingDetailRoute, {
        params: { id: target.contentId },
        query: { userId: target.sellerId },
        signal,
      }),
    retry: false,
  });
  const close = (open: boolean) => (open ? undefined : onClose());
  const seller = target.sellerName ?? 'The seller';
  if (holding.isPending || (holding.isError && !(isApiError(holding.error) && holding.error.status === 404))) {
    return (
      <Dialog open onOpenChange={close} title="Make an Offer">
        {holding.isPending ? (
          <SkeletonList label="Loading the seller's shares" />
        ) : (
          <ErrorBox message={holding.error?.message ?? 'Failed to load'} onRetry={() => void holding.refetch()} />
        )}
      </Dialog>
    );
  }
  const sellerShares = holding.data ? holding.data.holding.available_to_sell : target.listedQuantity;
  if (sellerShares < 1) {
    return (
      <Dialog open onOpenChange={close} title="Make an Offer">
        <p>
          {`${seller} has every share of ${target.title} in listings, so there are none to make an offer on. ` +
            'Buy from the listing at its ask instead.'}
        </p>
      </Dialog>
    );
  }
  return (
    <MakeOfferDialog
      target={{
        contentId: target.contentId,
        title: target.title,
        sellerId: target.sellerId,
        sellerShares,
        currentPrice: target.currentPrice,
      }}
      open
      onOpenChange={close}
    />
  );
}
