import { apiClient, contentKeys } from '@app/platform';
import { useQuery } from '@tanstack/react-query';
import {
  ContentSponsorshipSchema,
  ExternalMoveResponseSchema,
  ShareLinkResponseSchema,
  SocialActionResponseSchema,
  SponsorContentResponseSchema,
  TipResponseSchema,
  type ExternalMoveRequest,
  type FundCurrency,
  type SocialActionType,
} from '@app/contracts/engagement';
import { idempotencyHeaders, useContentMutation } from './content-api';

// Engagement calls (spec 2 §7) on the engagement contract: social actions, external moves, share links, tips,
// funding and sponsorship. Every call that moves value carries a fresh Idempotency-Key.

export type { FundCurrency, SocialActionType };

const contentPath = (id: string) => `/api/content/${encodeURIComponent(id)}`;

export function fundContent(contentId: string, body: { amount: number; currency_type: FundCurrency }) {
  return apiClient().post(`${contentPath(contentId)}/fund`, body, { schema: TipResponseSchema, headers: idempotencyHeaders() });
}

export function useSocialAction(contentId: string) {
  return useContentMutation(
    (actionType: SocialActionType) =>
      apiClient().post('/api/users/social-action', { action_type: actionType, reference_id: contentId, reference_type: 'content' }, { schema: SocialActionResponseSchema, headers: idempotencyHeaders() }),
    { movesMoney: true },
  );
}

export function useExternalMove() {
  return useContentMutation((body: ExternalMoveRequest) => apiClient().post('/api/users/external-move', body, { schema: ExternalMoveResponseSchema, headers: idempotencyHeaders() }), {
    movesMoney: true,
  });
}

export function useTipGems(contentId: string) {
  return useContentMutation(
    (tipAmount: number) => apiClient().post('/api/content/tip', { content_id: contentId, tip_amount: tipAmount }, { schema: TipResponseSchema, headers: idempotencyHeaders() }),
    { movesMoney: true },
  );
}

export function useTipOrFund(contentId: string) {
  return useContentMutation(
    ({ kind, amount, currency_type }: { kind: 'tip' | 'fund'; amount: string; currency_type: FundCurrency }) =>
      apiClient().post(`${contentPath(contentId)}/${kind}`, { amount, currency_type }, { schema: TipResponseSchema, headers: idempotencyHeaders() }),
    { movesMoney: true },
  );
}

export function useSponsor(contentId: string) {
  return useContentMutation(
    (body: { package_id: string; gems_allocated: number; boost_multiplier: number; duration_hours: number }) =>
      apiClient().post(`${contentPath(contentId)}/sponsor`, body, { schema: SponsorContentResponseSchema, headers: idempotencyHeaders() }),
    { movesMoney: true },
  );
}

export function useSponsorship(contentId: string, enabled: boolean) {
  return useQuery({
    queryKey: contentKeys.sponsorship(contentId),
    enabled,
    queryFn: ({ signal }) => apiClient().get(`${contentPath(contentId)}/sponsorship`, { schema: ContentSponsorshipSchema, signal }),
  });
}

export function createShareLink(body: { target_url: string; content_id: string; campaign_id: string | null }) {
  return apiClient().post('/api/shares/create', body, { schema: ShareLinkResponseSchema, headers: idempotencyHeaders() });
}
