import { advertiserKeys, apiClient, useCurrentUser, useIdempotencyKey } from '@app/platform';
import { DropSchema } from '@app/contracts/drops';
import { z } from 'zod';
import {
  CouponResponseSchema,
  CouponsResponseSchema,
  RedeemCouponResponseSchema,
  type AssignCouponRequest,
  type CreateCouponRequest,
} from '@app/contracts/incentives';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

// The incentives context's calls (@app/contracts/incentives); the coupon paths have no /api prefix (spec 3 §7).

export const couponKeys = {
  all: () => [...advertiserKeys.all, 'coupons'] as const,
  myDrops: (userId: string) => [...advertiserKeys.all, 'coupons', 'my-drops', userId] as const,
};

const path = (id: string) => `/advertisers/coupons/${encodeURIComponent(id)}`;

/** The coupons and their redemptions; cached 30 s (spec 3 §9). */
export function useCoupons() {
  return useQuery({
    queryKey: couponKeys.all(),
    queryFn: async ({ signal }) => (await apiClient().get('/advertisers/coupons', { schema: CouponsResponseSchema, signal })).data,
    staleTime: 30_000,
  });
}

const MyDropsSchema = z.array(DropSchema.pick({ id: true, title: true }));

/** The caller's own drops, the only ones a coupon attaches to. */
export function useMyDrops(enabled: boolean) {
  const user = useCurrentUser();
  const userId = user?.id ?? '';
  return useQuery({
    queryKey: couponKeys.myDrops(userId),
    queryFn: ({ signal }) => apiClient().get('/api/drops', { schema: MyDropsSchema, signal, query: { creator_id: userId, limit: '100' } }),
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
  useCouponMutation((body: CreateCouponRequest, key) => apiClient().post('/advertisers/coupons', body, { schema: CouponResponseSchema, headers: keyed(key) }));

export const useAssignCoupon = () =>
  useCouponMutation(({ id, body }: { id: string; body: AssignCouponRequest }) => apiClient().post(`${path(id)}/assign`, body, { schema: CouponResponseSchema }));

export const useRedeemCoupon = () =>
  useCouponMutation(({ id, userName }: { id: string; userName: string }, key) =>
    apiClient().post(`${path(id)}/redeem`, { user_name: userName }, { schema: RedeemCouponResponseSchema, headers: keyed(key) }),
  );
