import { advertiserKeys, apiClient, useCurrentUser, useIdempotencyKey } from '@app/platform';
import { listDropsRoute } from '@app/contracts/drops';
import {
  assignCouponRoute,
  createCouponRoute,
  listCouponsRoute,
  redeemCouponRoute,
  type AssignCouponRequest,
  type CreateCouponRequest,
} from '@app/contracts/incentives';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

// The incentives context's calls (@app/contracts/incentives); the coupon paths have no /api prefix (spec 3 §7).

export const couponKeys = {
  all: () => [...advertiserKeys.all, 'coupons'] as const,
  myDrops: (userId: string) => [...advertiserKeys.all, 'coupons', 'my-drops', userId] as const,
};

/** The coupons and their redemptions; cached 30 s (spec 3 §9). */
export function useCoupons() {
  return useQuery({
    queryKey: couponKeys.all(),
    queryFn: async ({ signal }) => (await apiClient().call(listCouponsRoute, { signal })).data,
    staleTime: 30_000,
  });
}

/** The caller's own drops, the only ones a coupon attaches to. */
export function useMyDrops(enabled: boolean) {
  const user = useCurrentUser();
  const userId = user?.id ?? '';
  return useQuery({
    queryKey: couponKeys.myDrops(userId),
    queryFn: ({ signal }) => apiClient().call(listDropsRoute, { query: { creator_id: userId, limit: 100 }, signal }),
    enabled: enabled && userId !== '',
  });
}

function useCouponMutation<Input, Output>(call: (input: Input, key: string) => Promise<Output>) {
  const queryClient = useQueryClient();
  const idempotency = useIdempotencyKey();
  return useMutation({
    mutationFn: (input: Input) => call(input, idempotency.key()),
    onSettled: () => idempotency.renew(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: couponKeys.all() }),
  });
}

const keyed = (key: string) => ({ 'Idempotency-Key': key });

export const useCreateCoupon = () =>
  useCouponMutation((body: CreateCouponRequest, key) =>
    apiClient().call(createCouponRoute, { body, headers: keyed(key) }),
  );

export const useAssignCoupon = () =>
  useCouponMutation(({ id, body }: { id: string; body: AssignCouponRequest }) =>
    apiClient().call(assignCouponRoute, { params: { id }, body }),
  );

export const useRedeemCoupon = () =>
  useCouponMutation(({ id, userName }: { id: string; userName: string }, key) =>
    apiClient().call(redeemCouponRoute, { params: { id }, body: { user_name: userName }, headers: keyed(key) }),
  );
