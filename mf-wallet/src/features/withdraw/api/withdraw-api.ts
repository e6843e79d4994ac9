import { apiClient, paymentKeys } from '@app/platform';
import { getUsdWithdrawalTermsRoute, getWithdrawalsRoute, requestWithdrawalRoute } from '@app/contracts/withdrawals';
import { useQuery } from '@tanstack/react-query';

export interface WithdrawalRequestBody {
  amount: string;
  payment_method: string;
  payment_details: Record<string, string>;
  currency_type: 'gems' | 'usd';
}

/** Holds the gems at once; a job pays out and then captures the hold, or releases it (pending → processed | failed). */
export function requestWithdrawal(body: WithdrawalRequestBody, idempotencyKey: string) {
  return apiClient().call(requestWithdrawalRoute, { body, headers: { 'Idempotency-Key': idempotencyKey } });
}

export const withdrawalsKey = [...paymentKeys.all, 'withdrawals'] as const;

/** The caller's withdrawals, newest first; polled while one is still pending, so the payout shows when it lands. */
export function useWithdrawals() {
  return useQuery({
    queryKey: withdrawalsKey,
    queryFn: async ({ signal }) => (await apiClient().call(getWithdrawalsRoute, { signal })).withdrawals,
    refetchInterval: (query) =>
      query.state.data?.some((withdrawal) => withdrawal.status === 'pending') ? 3000 : false,
  });
}

/** USD withdrawals' minimum and fee (server configuration), asked only when the USD wizard opens. */
export function useUsdWithdrawalTerms(enabled: boolean) {
  return useQuery({
    queryKey: [...paymentKeys.all, 'usd-withdrawal-terms'] as const,
    queryFn: ({ signal }) => apiClient().call(getUsdWithdrawalTermsRoute, { signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
}
