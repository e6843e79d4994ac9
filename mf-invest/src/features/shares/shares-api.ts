import { apiClient, portfolioKeys, refreshMoneyViews, useIdempotencyKey } from '@app/platform';
import {
  HoldingDetailResponseSchema,
  HoldingVisibilityResponseSchema,
  HoldingsResponseSchema,
  ListingSchema,
  ListingsResponseSchema,
  OfferSchema,
  OffersResponseSchema,
  TradeResponseSchema,
  type CreateListingRequest,
  type HoldingVisibilityRequest,
} from '@app/contracts/market';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

// The shares market's calls (@app/contracts/market). Everything lives under the portfolio keys, so one
// invalidation after a trade refreshes holdings, listings and offers together; money views refresh too.

export const sharesKeys = {
  myListings: () => [...portfolioKeys.all, 'listings', 'mine'] as const,
  offers: (role: 'buyer' | 'seller') => [...portfolioKeys.all, 'offers', role] as const,
};

export function useHoldings() {
  return useQuery({
    queryKey: portfolioKeys.holdings(),
    queryFn: async ({ signal }) => (await apiClient().get('/api/portfolio/holdings', { schema: HoldingsResponseSchema, signal })).holdings,
  });
}

export function useHoldingDetail(contentId: string) {
  return useQuery({
    queryKey: portfolioKeys.holding(contentId),
    queryFn: ({ signal }) => apiClient().get(`/api/portfolio/holdings/${encodeURIComponent(contentId)}`, { schema: HoldingDetailResponseSchema, signal }),
  });
}

export function useMyListings() {
  return useQuery({
    queryKey: sharesKeys.myListings(),
    queryFn: async ({ signal }) => (await apiClient().get('/api/shares/listings', { schema: ListingsResponseSchema, signal, query: { owner: 'true', limit: '100' } })).listings,
  });
}

export function useOffers(role: 'buyer' | 'seller') {
  return useQuery({
    queryKey: sharesKeys.offers(role),
    queryFn: async ({ signal }) => (await apiClient().get('/api/shares/offers', { schema: OffersResponseSchema, signal, query: { role } })).offers,
  });
}

/** A market mutation: one Idempotency-Key per intended trade, then holdings, listings, offers and balances refresh. */
function useMarketMutation<Input, Output>(call: (input: Input, key: string) => Promise<Output>) {
  const queryClient = useQueryClient();
  const idempotency = useIdempotencyKey();
  return useMutation({
    mutationFn: (input: Input) => call(input, idempotency.key()),
    onSuccess: async () => {
      idempotency.renew();
      await Promise.all([queryClient.invalidateQueries({ queryKey: portfolioKeys.all }), refreshMoneyViews(queryClient)]);
    },
  });
}

const keyed = (key: string) => ({ 'Idempotency-Key': key });

export const useCreateListing = () =>
  useMarketMutation((body: CreateListingRequest, key) => apiClient().post('/api/shares/listings', body, { schema: ListingSchema, headers: keyed(key) }));
export const useCancelListing = () => useMarketMutation((listingId: string) => apiClient().request('DELETE', `/api/shares/listings/${encodeURIComponent(listingId)}`, { schema: ListingSchema }));
export const useBuyListing = () =>
  useMarketMutation(({ listingId, quantity }: { listingId: string; quantity: number }, key) =>
    apiClient().post(`/api/shares/listings/${encodeURIComponent(listingId)}/buy`, { quantity }, { schema: TradeResponseSchema, headers: keyed(key) }),
  );
export const useAnswerOffer = () =>
  useMarketMutation(({ offerId, verb }: { offerId: string; verb: 'accept' | 'decline' | 'cancel' }) =>
    apiClient().post(`/api/shares/offers/${encodeURIComponent(offerId)}/${verb}`, {}, { schema: OfferSchema }),
  );

/** Public or private holding (owner only): a private one never shows in another user's holdings. Moves no money. */
export const useSetHoldingVisibility = () =>
  useMarketMutation(({ contentId, visibility }: { contentId: string } & HoldingVisibilityRequest) =>
    apiClient().request('PUT', `/api/portfolio/holdings/${encodeURIComponent(contentId)}/visibility`, { body: { visibility }, schema: HoldingVisibilityResponseSchema }),
  );
