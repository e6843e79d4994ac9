import { apiClient, paymentKeys } from '@app/platform';
import { WithdrawalRequestResponseSchema, WithdrawalsResponseSchema } from '@app/contracts/withdrawals';
import { useQuery } from '@tanstack/react-query';

export interface WithdrawalRequestBody {
  amount: string;
  payment_method: string;
  payment_details: Record<string, string>;
}

/** Holds the gems at once; a job pays out and then captures the hold, or releases it (pending → processed | failed). */
export function requestWithdrawal(body: WithdrawalRequestBody, idempotencyKey: string) {
  return apiClient().post('/api/withdrawal/request', body, { schema: WithdrawalRequestResponseSchema, headers: { 'Idempotency-Key': idempotencyKey } });
}

export const withdrawalsKey = [...paymentKeys.all, 'withdrawals'] as const;

/** The caller's withdrawals, newest first; polled while one is still pending, so the payout shows when it lands. */
export function useWithdrawals() {
  return useQuery({
    queryKey: withdrawalsKey,
    queryFn: async ({ signal }) => (await apiClient().get('/api/withdrawal/requests', { schema: WithdrawalsResponseSchema, signal })).withdrawals,
    refetchInterval: (query) => (query.state.data?.some((withdrawal) => withdrawal.status === 'pending') ? 3000 : false),
  });
}
