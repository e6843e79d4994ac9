// The Approvals queue's calls: every request that waits for an administrator, read from each module's own admin list,
// and each decision sent to that module's own admin route with an Idempotency-Key. The console decides nothing.
import { apiClient } from '@app/platform';
import { SocialForecastSchema, SocialForecastsResponseSchema, type SocialForecast } from '@app/contracts/forecasts';
import { DecideClaimResponseSchema, ShieldClaimsResponseSchema, type ShieldClaim } from '@app/contracts/growth';
import {
  InfluenceRewardsStatusSchema,
  InfluenceVerificationsResponseSchema,
  InstagramStatusSchema,
  InstagramVerificationsResponseSchema,
  type InfluenceVerification,
  type InstagramVerification,
} from '@app/contracts/rewards';
import { useMutation, useQueries, useQueryClient } from '@tanstack/react-query';
import type { ZodType } from 'zod';

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
  /** Influence: the follower count seen; forecast: the metric observed. Sent as typed: the server checks it. */
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
          apiClient().get('/api/admin/instagram-verifications', { schema: InstagramVerificationsResponseSchema, signal, query: { status: 'pending', limit: '200' } }),
      },
      {
        queryKey: approvalKeys.list('influence'),
        queryFn: ({ signal }: { signal: AbortSignal }) =>
          apiClient().get('/api/admin/influence-verifications', { schema: InfluenceVerificationsResponseSchema, signal, query: { status: 'pending', limit: '200' } }),
      },
      {
        queryKey: approvalKeys.list('forecast'),
        queryFn: ({ signal }: { signal: AbortSignal }) => apiClient().get('/api/admin/social-forecasts/pending-observations', { schema: SocialForecastsResponseSchema, signal }),
      },
      {
        queryKey: approvalKeys.list('shield'),
        queryFn: ({ signal }: { signal: AbortSignal }) => apiClient().get('/api/admin/growth/shield/claims', { schema: ShieldClaimsResponseSchema, signal, query: { status: 'pending' } }),
      },
    ],
  });
  const [instagram, influence, forecasts, shield] = results;
  const items: ApprovalItem[] = [
    ...(instagram.data ?? []).map((entry): ApprovalItem => ({ kind: 'instagram', id: `instagram:${entry.user_id}`, waitingSince: entry.registered_at, entry })),
    ...(influence.data ?? []).map((entry): ApprovalItem => ({ kind: 'influence', id: `influence:${entry.user_id}:${entry.month}`, waitingSince: entry.registered_at, entry })),
    // A forecast waits from its expiry: only then can its settling observation be made.
    ...(forecasts.data?.forecasts ?? []).map((entry): ApprovalItem => ({ kind: 'forecast', id: `forecast:${entry.id}`, waitingSince: entry.expires_at, entry })),
    ...(shield.data ?? []).map((entry): ApprovalItem => ({ kind: 'shield', id: `shield:${entry.id}`, waitingSince: entry.filed_at, entry })),
  ].sort((left, right) => Date.parse(left.waitingSince) - Date.parse(right.waitingSince) || left.id.localeCompare(right.id));
  const failed = results.filter((result) => result.isError);
  return {
    items,
    isPending: results.some((result) => result.isPending),
    errors: failed.map((result) => result.error as Error),
    refetch: () => Promise.all(results.map((result) => result.refetch())),
  };
}

const userPath = (userId: string, action: string) => `/api/admin/users/${encodeURIComponent(userId)}/${action}`;
/** The approve note is optional: an empty one is not sent. */
const note = (reason: string) => (reason.trim() === '' ? {} : { reason: reason.trim() });

/** The module's own admin route for one decision, with its body and the schema of its answer. */
export function decisionRequest({ item, decision, reason, value }: Omit<ApprovalDecision, 'idempotencyKey'>): { path: string; body: Record<string, unknown>; schema: ZodType } {
  switch (item.kind) {
    case 'instagram': {
      const { user_id: userId, instagram_username: username } = item.entry;
      return decision === 'approve'
        ? { path: userPath(userId, 'verify-instagram'), body: { instagram_username: username, ...note(reason) }, schema: InstagramStatusSchema }
        : { path: userPath(userId, 'reject-instagram'), body: { instagram_username: username, reason }, schema: InstagramStatusSchema };
    }
    case 'influence': {
      const { user_id: userId, platform_username: username } = item.entry;
      return decision === 'approve'
        ? { path: userPath(userId, 'verify-influence'), body: { verified_follower_count: value, platform_username: username, ...note(reason) }, schema: InfluenceRewardsStatusSchema }
        : { path: userPath(userId, 'reject-influence'), body: { platform_username: username, reason }, schema: InfluenceRewardsStatusSchema };
    }
    case 'forecast':
      // The oracle records what it saw; the forecast then settles on it. There is no rejection of a forecast.
      return { path: `/api/admin/social-forecasts/${encodeURIComponent(item.entry.id)}/observations`, body: { value }, schema: SocialForecastSchema };
    case 'shield':
      return { path: `/api/admin/growth/shield/claims/${encodeURIComponent(item.entry.id)}/decision`, body: { decision, reason }, schema: DecideClaimResponseSchema };
  }
}

/** Sends one decision; the queue (and the console's older per-module lists) reload whatever the answer. */
export function useDecideApproval() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ idempotencyKey, ...decision }: ApprovalDecision) => {
      const request = decisionRequest(decision);
      return apiClient().post(request.path, request.body, { schema: request.schema, headers: { 'Idempotency-Key': idempotencyKey } });
    },
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: approvalKeys.all }), queryClient.invalidateQueries({ queryKey: ['admin', 'verifications'] }), queryClient.invalidateQueries({ queryKey: ['admin', 'shield'] })]),
  });
}
