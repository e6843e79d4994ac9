import { apiClient, paymentKeys } from '@app/platform';
import {
  type CheckoutSessionStatus,
  createCheckoutSessionRoute,
  getCheckoutSessionRoute,
  getGemPackagesRoute,
  type GemPackagesResponse,
} from '@app/contracts/payments';
import { useQuery, useQueryClient } from '@tanstack/react-query';

export type GemPackage = GemPackagesResponse['packages'][number];

/** The server's catalogue: the only source of a package's gems and price. */
export function useGemPackages() {
  return useQuery({
    queryKey: paymentKeys.gemPackages(),
    queryFn: async ({ signal }) => (await apiClient().call(getGemPackagesRoute, { signal })).packages,
    staleTime: 5 * 60_000,
  });
}

/** Starts a card checkout for a package; the spec's body carries gems and price, which the server ignores. */
export function createGemCheckout(pack: GemPackage, idempotencyKey: string) {
  return apiClient().call(createCheckoutSessionRoute, {
    body: { package_id: pack.id, gems: pack.total_gems, price: pack.price },
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** Still waiting for the provider's webhook: open (not yet paid) or paid but not yet credited. */
export function isSettling(session: CheckoutSessionStatus | undefined): boolean {
  return session === undefined || session.status === 'open' || (session.status === 'paid' && !session.credited);
}

/** How long the return page waits for the webhook before saying the payment did not complete. */
export const SETTLE_POLL_MILLISECONDS = 1500;
export const SETTLE_POLL_ATTEMPTS = 40;

/** One checkout session of the caller, polled while the provider's webhook has not settled it. */
export function useCheckoutSession(id: string) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: paymentKeys.checkoutSession(id),
    queryFn: ({ signal }) => apiClient().call(getCheckoutSessionRoute, { params: { sessionId: id }, signal }),
    refetchInterval: (current) =>
      isSettling(current.state.data) && current.state.dataUpdateCount < SETTLE_POLL_ATTEMPTS
        ? SETTLE_POLL_MILLISECONDS
        : false,
  });
  const updates = queryClient.getQueryState(paymentKeys.checkoutSession(id))?.dataUpdateCount ?? 0;
  /** Still unsettled after every attempt: the payment did not complete (the user came back without paying). */
  const gaveUp = query.data !== undefined && isSettling(query.data) && updates >= SETTLE_POLL_ATTEMPTS;
  return { query, gaveUp };
}
