import {
  advertiserDashboardRoute,
  becomeAdvertiserRoute,
  putBrandProfileRoute,
  suggestedContentRoute,
  type BrandProfileRequest,
} from '@app/contracts/advertisers';
import { getPaymentProvidersRoute } from '@app/contracts/payments';
import { advertiserKeys, apiClient, useSession } from '@app/platform';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export const advertiserQueryKeys = {
  dashboard: advertiserKeys.dashboard,
  suggested: () => [...advertiserKeys.all, 'suggested-content'] as const,
  brand: () => [...advertiserKeys.all, 'brand-profile'] as const,
  providers: () => [...advertiserKeys.all, 'payment-providers'] as const,
};

/** GET /api/advertisers/dashboard (403 ADVERTISERS_ONLY for anyone who is not an advertiser). */
export function useAdvertiserDashboard(enabled: boolean) {
  return useQuery({
    queryKey: advertiserQueryKeys.dashboard(),
    queryFn: ({ signal }) => apiClient().call(advertiserDashboardRoute, { signal }),
    enabled,
  });
}

export function useSuggestedContent(enabled: boolean) {
  return useQuery({
    queryKey: advertiserQueryKeys.suggested(),
    queryFn: ({ signal }) => apiClient().call(suggestedContentRoute, { signal }),
    enabled,
  });
}

/** GET /api/payments/providers: which providers take payments here, and the default one. */
export function usePaymentProviders(enabled: boolean) {
  return useQuery({
    queryKey: advertiserQueryKeys.providers(),
    queryFn: async ({ signal }) => (await apiClient().call(getPaymentProvidersRoute, { signal })).data,
    enabled,
    staleTime: 60_000,
  });
}

/** PUT /api/users/brand-profile; the dashboard's brand header refreshes from the answer. */
export function useSaveBrandProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BrandProfileRequest) => apiClient().call(putBrandProfileRoute, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: advertiserKeys.all }),
  });
}

/**
 * POST /api/users/become-advertiser: the answer's token is stored and the user reloaded the way a sign-in does
 * (`session.acceptToken`), so the header, the access rules and every remote see the advertiser at once.
 */
export function useBecomeAdvertiser() {
  const session = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient().call(becomeAdvertiserRoute),
    onSuccess: async (answer) => {
      await session.acceptToken(answer.token);
      await queryClient.invalidateQueries({ queryKey: advertiserKeys.all });
    },
  });
}

export const LOGO_MAX_BYTES = 5 * 1024 * 1024;
