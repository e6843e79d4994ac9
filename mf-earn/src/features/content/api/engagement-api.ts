import { apiClient, contentKeys } from '@app/platform';
import { useQuery } from '@tanstack/react-query';
import {
  contentSponsorshipRoute,
  createShareLinkRoute,
  externalMoveRoute,
  fundContentRoute,
  socialActionRoute,
  sponsorContentRoute,
  tipContentRoute,
  tipGemsRoute,
  type ExternalMoveRequest,
  type FundCurrency,
  type SocialActionType,
} from '@app/contracts/engagement';
import { idempotencyHeaders, useContentMutation } from './content-api';

// Engagement calls (spec 2 §7) on the engagement contract: social actions, external moves, share links, tips,
// funding and sponsorship. Every call that moves value carries a fresh Idempotency-Key.

export type { FundCurrency, SocialActionType };

export function fundContent(contentId: string, body: { amount: number; currency_type: FundCurrency }) {
  return apiClient().call(fundContentRoute, { params: { id: contentId }, body, headers: idempotencyHeaders() });
}

export function useSocialAction(contentId: string) {
  return useContentMutation(
    (actionType: SocialActionType) =>
      apiClient().call(socialActionRoute, {
        body: { action_type: actionType, reference_id: contentId, reference_type: 'content' },
        headers: idempotencyHeaders(),
      }),
    { movesMoney: true },
  );
}

export function useExternalMove() {
  return useContentMutation(
    (body: ExternalMoveRequest) => apiClient().call(externalMoveRoute, { body, headers: idempotencyHeaders() }),
    {
      movesMoney: true,
    },
  );
}

export function useTipGems(contentId: string) {
  return useContentMutation(
    (tipAmount: number) =>
      apiClient().call(tipGemsRoute, {
        body: { content_id: contentId, tip_amount: tipAmount },
        headers: idempotencyHeaders(),
      }),
    { movesMoney: true },
  );
}

export function useTipOrFund(contentId: string) {
  return useContentMutation(
    ({ kind, amount, currency_type }: { kind: 'tip' | 'fund'; amount: string; currency_type: FundCurrency }) =>
      apiClient().call(kind === 'tip' ? tipContentRoute : fundContentRoute, {
        params: { id: contentId },
        body: { amount, currency_type },
        headers: idempotencyHeaders(),
      }),
    { movesMoney: true },
  );
}

export function useSponsor(contentId: string) {
  return useContentMutation(
    (body: { package_id: string; gems_allocated: number; boost_multiplier: number; duration_hours: number }) =>
      apiClient().call(sponsorContentRoute, { params: { id: contentId }, body, headers: idempotencyHeaders() }),
    { movesMoney: true },
  );
}

export function useSponsorship(contentId: string, enabled: boolean) {
  return useQuery({
    queryKey: contentKeys.sponsorship(contentId),
    enabled,
    queryFn: ({ signal }) => apiClient().call(contentSponsorshipRoute, { params: { id: contentId }, signal }),
  });
}

export function createShareLink(body: { target_url: string; content_id: string; campaign_id: string | null }) {
  return apiClient().call(createShareLinkRoute, { body, headers: idempotencyHeaders() });
}
