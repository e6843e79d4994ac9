// The Approvals queue's calls: every request that waits for an administrator, read from each module's own admin list,
// and each decision sent to that module's own admin route with an Idempotency-Key. The console decides nothing.
import { apiClient } from '@app/platform';
import { listPendingObservationsRoute, recordObservationRoute, type SocialForecast } from '@app/contracts/forecasts';
import { adminDecideClaimRoute, adminListClaimsRoute, type ShieldClaim } from '@app/contracts/growth';
import {
  listInfluenceVerificationsRoute,
  listInstagramVerificationsRoute,
  rejectInfluenceRoute,
  rejectInstagramRoute,
  verifyInfluenceRoute,
  verifyInstagramRoute,
  type InfluenceVerification,
  type InstagramVerification,
} from '@app/contracts/rewards';
import { useMutation, useQueries, useQueryClient } from '@tanstack/react-query';

/** One request waiting for a decision, whichever module holds it. `waitingSince` orders the queue, oldest first. */
export type ApprovalItem =
  | { kind: 'instagram'; id: string; waitingSince: string; entry: InstagramVerification }
  | { kind: 'influence'; id: string; waitingSince: string; entry: InfluenceVerification }
  | { kind: 'forecast'; id: string; waitingSince: string; entry: SocialForecast }
  | { kind: 'shield'; id: string; waitingSince: string; entry: ShieldClaim };
export type ApprovalKind = ApprovalItem['kind'];

/** What an administrator decided. `value` is the figure an approval records where the module needs one. */
export interface ApprovalDecision {
  item: ApprovalItem;
  decision: 'approve' | 'reject';
  reason: string;
  /** Influence: the follower count seen; forecast: the metric observed. As typed; the server checks it. */
  value?: string;
  idempotencyKey: string;
}

export const approvalKeys = {
  all: ['admin', 'approvals'] as const,
  list: (kind: ApprovalKind) => ['admin', 'approvals', kind] as const,
};

/** The four admin lists (each module's own pending filter) as one queue, oldest first. */
export function useApprovalQueue() {
  const results = useQueries({
    queries: [
      {
        queryKey: approvalKeys.list('instagram'),
        queryFn: ({ signal }: { signal: AbortSignal }) =>
          apiClient().call(listInstagramVerificationsRoute, { query: { status: 'pending', limit: 200 }, signal }),
      },
      {
        queryKey: approvalKeys.list('influence'),
        queryFn: ({ signal }: { signal: AbortSignal }) =>
          apiClient().call(listInfluenceVerificationsRoute, { query: { status: 'pending', limit: 200 }, signal }),
      },
      {
        queryKey: approvalKeys.list('forecast'),
        queryFn: ({ signal }: { signal: AbortSignal }) => apiClient().call(listPendingObservationsRoute, { signal }),
      },
      {
        queryKey: approvalKeys.list('shield'),
        queryFn: ({ signal }: { signal: AbortSignal }) =>
          apiClient().call(adminListClaimsRoute, { query: { status: 'pending' }, signal }),
      },
    ],
  });
  const [instagram, influence, forecasts, shield] = results;
  const items: ApprovalItem[] = [
    ...(instagram.data ?? []).map((entry): ApprovalItem => ({
      kind: 'instagram',
      id: `instagram:${entry.user_id}`,
      waitingSince: entry.registered_at,
      entry,
    })),
    ...(influence.data ?? []).map((entry): ApprovalItem => ({
      kind: 'influence',
      id: `influence:${entry.user_id}:${entry.month}`,
      waitingSince: entry.registered_at,
      entry,
    })),
    // A forecast waits from its expiry: only then can its settling observation be made.
    ...(forecasts.data?.forecasts ?? []).map((entry): ApprovalItem => ({
      kind: 'forecast',
      id: `forecast:${entry.id}`,
      waitingSince: entry.expires_at,
      entry,
    })),
    ...(shield.data ?? []).map((entry): ApprovalItem => ({
      kind: 'shield',
      id: `shield:${entry.id}`,
      waitingSince: entry.filed_at,
      entry,
    })),
  ].sort(
    (left, right) => Date.parse(left.waitingSince) - Date.parse(right.waitingSince) || left.id.localeCompare(right.id),
  );
  const failed = results.filter((result) => result.isError);
  return {
    items,
    isPending: results.some((result) => result.isPending),
    errors: failed.map((result) => result.error as Error),
    refetch: () => Promise.all(results.map((result) => result.refetch())),
  };
}

/** The approve note is optional: an empty one is not sent. */
const note = (reason: string) => (reason.trim() === '' ? {} : { reason: reason.trim() });

/**
 * Sends one decision to the module's own admin route, with an Idempotency-Key. The server checks the typed value:
 * the followers seen go as typed (the route reads them as a number), the observed metric as a number (its route
 * takes only a JSON number).
 */
export function sendDecision({ item, decision, reason, value, idempotencyKey }: ApprovalDecision): Promise<unknown> {
  const headers = { 'Idempotency-Key': idempotencyKey };
  const api = apiClient();
  switch (item.kind) {
    case 'instagram': {
      const params = { userId: item.entry.user_id };
      const username = item.entry.instagram_username;
      return decision === 'approve'
        ? api.call(verifyInstagramRoute, { params, body: { instagram_username: username, ...note(reason) }, headers })
        : api.call(rejectInstagramRoute, { params, body: { instagram_username: username, reason }, headers });
    }
    case 'influence': {
      const params = { userId: item.entry.user_id };
      const username = item.entry.platform_username;
      return decision === 'approve'
        ? api.call(verifyInfluenceRoute, {
            params,
            body: { verified_follower_count: value, platform_username: username, ...note(reason) },
            headers,
          })
        : api.call(rejectInfluenceRoute, { params, body: { platform_username: username, reason }, headers });
    }
    case 'forecast':
      // The oracle records what it saw; the forecast then settles on it. There is no rejection of a forecast.
      return api.call(recordObservationRoute, {
        params: { id: item.entry.id },
        body: { value: Number(value) },
        headers,
      });
    case 'shield':
      return api.call(adminDecideClaimRoute, { params: { id: item.entry.id }, body: { decision, reason }, headers });
  }
}

/** Sends one decision; the queue (and the console's older per-module lists) reload whatever the answer. */
export function useDecideApproval() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendDecision,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: approvalKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'verifications'] }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'shield'] }),
      ]),
  });
}
