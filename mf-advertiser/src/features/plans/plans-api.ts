import { advertiserKeys, apiClient, useIdempotencyKey, useSession } from '@app/platform';
import { planCheckoutRoute } from '@app/contracts/payments';
import {
  getAdvertiserPlansRoute,
  getMovesOverviewRoute,
  upgradeAdvertiserPlanRoute,
} from '@app/contracts/subscriptions';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

// The subscriptions context's calls (@app/contracts/subscriptions). The plan calls have no /api prefix (spec 3 §7).

export const planKeys = {
  plans: () => [...advertiserKeys.all, 'plans'] as const,
  moves: () => [...advertiserKeys.all, 'moves'] as const,
};

/** Sends the browser to the provider's hosted checkout (a full page load, not a route). */
export const leavePage = (url: string) => window.location.assign(url);

/** The plans, sorted by price, and the caller's tier; cached 60 s (spec 3 §9) unless `pollMs` asks for more. */
export function usePlans(pollMs?: number) {
  return useQuery({
    queryKey: planKeys.plans(),
    queryFn: async ({ signal }) => (await apiClient().call(getAdvertiserPlansRoute, { signal })).data,
    staleTime: 60_000,
    refetchInterval: pollMs,
  });
}

/** Choosing a plan: a paid one answers a checkout (the page then leaves for it); free cancels at period end. */
export function useChoosePlan() {
  const queryClient = useQueryClient();
  const idempotency = useIdempotencyKey();
  const { refresh } = useSession();
  return useMutation({
    mutationFn: (planId: string) =>
      apiClient().call(upgradeAdvertiserPlanRoute, {
        body: { planId },
        headers: { 'Idempotency-Key': idempotency.key() },
      }),
    onSettled: () => idempotency.renew(),
    onSuccess: async (answer) => {
      if (answer.data.checkout) return;
      void refresh();
      await queryClient.invalidateQueries({ queryKey: advertiserKeys.all });
    },
  });
}

/**
 * The upgrade flow of any screen that offers the plans (the plans page, the dashboard's Upgrade Plan modal): a paid
 * plan leaves for the provider's checkout (the provider returns the browser to /plans, which waits for the
 * confirmation); a free one changes at once and answers the server's notice. A failure stays on the mutation.
 */
export function useUpgradeFlow(leaveFor: (url: string) => void = leavePage) {
  const choose = useChoosePlan();
  const [notice, setNotice] = useState<string | null>(null);
  const pick = async (planId: string) => {
    setNotice(null);
    try {
      const answer = await choose.mutateAsync(planId);
      if (answer.data.checkout) leaveFor(answer.data.checkout.url);
      else setNotice(answer.message);
    } catch {
      // Shown from `choose.error`.
    }
  };
  return { choose, notice, pick };
}

/** The moves page: balance, this period's allowance (credited on first use in the period) and the packages. */
export function useMovesOverview(pollMs?: number) {
  return useQuery({
    queryKey: planKeys.moves(),
    queryFn: async ({ signal }) => (await apiClient().call(getMovesOverviewRoute, { signal })).data,
    refetchInterval: pollMs,
  });
}

/** Buying a moves package through the plan checkout route; the provider returns the browser to /plans/moves. */
export function useBuyMoves() {
  const idempotency = useIdempotencyKey();
  return useMutation({
    mutationFn: (packageId: string) =>
      apiClient().call(planCheckoutRoute, {
        body: {
          plan_id: packageId,
          success_url: '/plans/moves',
          cancel_url: '/plans/moves',
          metadata: { source: 'moves-page' },
        },
        headers: { 'Idempotency-Key': idempotency.key() },
      }),
    onSettled: () => idempotency.renew(),
  });
}
