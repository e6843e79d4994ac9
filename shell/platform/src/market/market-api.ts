import {
  buyListingRoute,
  cancelListingRoute,
  acceptOfferRoute,
  cancelOfferRoute,
  createListingRoute,
  declineOfferRoute,
  holdingDetailRoute,
  holdingVisibilityRoute,
  holdingsRoute,
  listListingsRoute,
  listOffersRoute,
  type CreateListingRequest,
  type HoldingVisibilityRequest,
} from '@app/contracts/market';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../api/api-client';
import { idempotencyHeader, useMoneyMutation } from '../query/money-mutation';
import { portfolioKeys } from '../query/query-keys';

// The shares market's calls (@app/contracts/market), shared by the wallet and the Investment Hub. Everything lives
// under the portfolio keys, so one invalidation after a trade refreshes holdings, listings and offers together; money
// views refresh too.

export const sharesKeys = {
  myListings: () => [...portfolioKeys.all, 'listings', 'mine'] as const,
  offers: (role: 'buyer' | 'seller') => [...portfolioKeys.all, 'offers', role] as const,
};

export function useHoldings() {
  return useQuery({
    queryKey: portfolioKeys.holdings(),
    queryFn: async ({ signal }) => (await apiClient().call(holdingsRoute, { signal })).holdings,
  });
}

export function useHoldingDetail(contentId: string) {
  return useQuery({
    queryKey: portfolioKeys.holding(contentId),
    queryFn: ({ signal }) => apiClient().call(holdingDetailRoute, { params: { id: contentId }, signal }),
  });
}

export function useMyListings() {
  return useQuery({
    queryKey: sharesKeys.myListings(),
    queryFn: async ({ signal }) =>
      (await apiClient().call(listListingsRoute, { query: { owner: 'true', limit: 100 }, signal })).listings,
  });
}

export function useOffers(role: 'buyer' | 'seller') {
  return useQuery({
    queryKey: sharesKeys.offers(role),
    queryFn: async ({ signal }) => (await apiClient().call(listOffersRoute, { query: { role }, signal })).offers,
  });
}

/** A market change: holdings, listings and offers (all under the portfolio keys) reload after it, with the balances. */
const useMarketMutation = <Input, Output>(call: (input: Input, key: string) => Promise<Output>) =>
  useMoneyMutation(call, portfolioKeys.all);

const offerRoutes = { accept: acceptOfferRoute, decline: declineOfferRoute, cancel: cancelOfferRoute };

export const useCreateListing = () =>
  useMarketMutation((body: CreateListingRequest, key) =>
    apiClient().call(createListingRoute, { body, headers: idempotencyHeader(key) }),
  );
export const useCancelListing = () =>
  useMarketMutation((listingId: string) => apiClient().call(cancelListingRoute, { params: { id: listingId } }));
export const useBuyListing = () =>
  useMarketMutation(({ listingId, quantity }: { listingId: string; quantity: number }, key) =>
    apiClient().call(buyListingRoute, {
      params: { id: listingId },
      body: { quantity },
      headers: idempotencyHeader(key),
    }),
  );
export const useAnswerOffer = () =>
  useMarketMutation(({ offerId, verb }: { offerId: string; verb: keyof typeof offerRoutes }) =>
    apiClient().call(offerRoutes[verb], { params: { id: offerId } }),
  );

/** Public or private holding (owner only): a private one never shows in another user's holdings. Moves no money. */
export const useSetHoldingVisibility = () =>
  useMarketMutation(({ contentId, visibility }: { contentId: string } & HoldingVisibilityRequest) =>
    apiClient().call(holdingVisibilityRoute, { params: { contentId }, body: { visibility } }),
  );
