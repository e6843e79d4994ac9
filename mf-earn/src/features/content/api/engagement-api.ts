import { apiClient, contentKeys } from '@app/platform';
import { useQuery } from '@tanstack/react-query';
import { idempotencyHeaders, useContentMutation } from './content-api';

// Engagement calls (spec 2 §7): social actions, external moves, share links, tips, funding and sponsorship.

export type SocialActionType = 'like' | 'comment' | 'save' | 'share' | 'repost';
export type FundCurrency = 'USD' | 'Gems' | 'Points';

const contentPath = (id: string) => `/api/content/${encodeURIComponent(id)}`;

export function fundContent(contentId: string, body: { amount: number; currency_type: FundCurrency }) {
  return apiClient().post(`${contentPath(contentId)}/fund`, body, { headers: idempotencyHeaders() });
}

export function useSocialAction(contentId: string) {
  return useContentMutation(
    (actionType: SocialActionType) =>
      apiClient().post('/api/users/social-action', { action_type: actionType, reference_id: contentId, reference_type: 'content' }, { headers: idempotencyHeaders() }),
    { movesMoney: true },
  );
}

export interface ExternalMoveInput {
  move_type: SocialActionType;
  content_id: string;
  content_platform: string;
  content_url: string;
  proof_url: string;
  proof_type: 'image' | 'url';
}

export function useExternalMove() {
  return useContentMutation((body: ExternalMoveInput) => apiClient().post('/api/users/external-move', body, { headers: idempotencyHeaders() }), { movesMoney: true });
}

export function useTipGems(contentId: string) {
  return useContentMutation((tipAmount: number) => apiClient().post('/api/content/tip', { content_id: contentId, tip_amount: tipAmount }, { headers: idempotencyHeaders() }), { movesMoney: true });
}

export function useTipOrFund(contentId: string) {
  return useContentMutation(
    ({ kind, amount, currency_type }: { kind: 'tip' | 'fund'; amount: number; currency_type: FundCurrency }) =>
      apiClient().post(`${contentPath(contentId)}/${kind}`, { amount, currency_type }, { headers: idempotencyHeaders() }),
    { movesMoney: true },
  );
}

export function useSponsor(contentId: string) {
  return useContentMutation(
    (body: { gems_allocated: number; boost_multiplier: number; duration_hours: number }) => apiClient().post(`${contentPath(contentId)}/sponsor`, body, { headers: idempotencyHeaders() }),
    { movesMoney: true },
  );
}

export function useSponsorship(contentId: string, enabled: boolean) {
  return useQuery({
    queryKey: contentKeys.sponsorship(contentId),
    enabled,
    queryFn: ({ signal }) => apiClient().get(`${contentPath(contentId)}/sponsorship`, { signal }),
  });
}

export function createShareLink(body: { user_id: string; target_url: string; content_id: string; campaign_id: string | null }) {
  return apiClient().post('/api/shares/create', body, { headers: idempotencyHeaders() });
}
