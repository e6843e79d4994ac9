import { advertiserKeys, apiClient } from '@app/platform';
import { idempotencyHeader, useMoneyMutation } from '@app/platform/app';
import {
  addCampaignContentRoute,
  addCampaignDropRoute,
  calculateMoveCostRoute,
  changeCampaignStatusRoute,
  createCampaignRoute,
  deleteCampaignRoute,
  getCampaignRoute,
  listCampaignsRoute,
  removeCampaignContentRoute,
  removeCampaignDropRoute,
  updateCampaignRoute,
  type CampaignStatus,
  type CreateCampaignRequest,
  type MoveCostRequest,
  type UpdateCampaignRequest,
} from '@app/contracts/campaigns';
import { listContentRoute } from '@app/contracts/content';
import { listDropsRoute } from '@app/contracts/drops';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

// The campaigns context's calls (@app/contracts/campaigns). Every key sits under advertiserKeys.campaigns(), so one
// invalidation after a change refreshes the list and every detail.

export const campaignKeys = {
  list: () => [...advertiserKeys.campaigns(), 'list'] as const,
  detail: (id: string) => [...advertiserKeys.campaigns(), 'detail', id] as const,
  cost: (request: MoveCostRequest) => [...advertiserKeys.campaigns(), 'move-cost', request] as const,
};

export function useCampaigns() {
  return useQuery({
    queryKey: campaignKeys.list(),
    queryFn: async ({ signal }) => (await apiClient().call(listCampaignsRoute, { signal })).campaigns,
  });
}

export function useCampaign(id: string) {
  return useQuery({
    queryKey: campaignKeys.detail(id),
    queryFn: ({ signal }) => apiClient().call(getCampaignRoute, { params: { id }, signal }),
  });
}

/** The value after it stopped changing for `delayMs` (the live cost panel asks once the typing pauses). */
export function useSettled<T>(value: T, delayMs = 300): T {
  const [settled, setSettled] = useState(value);
  const text = JSON.stringify(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(JSON.parse(text) as T), delayMs);
    return () => clearTimeout(timer);
  }, [text, delayMs]);
  return settled;
}

/** The live move cost of a draft's scope (null while the scope is not valid enough to price). */
export function useMoveCost(request: MoveCostRequest | null) {
  return useQuery({
    queryKey: campaignKeys.cost(request ?? ({} as MoveCostRequest)),
    queryFn: ({ signal }) => apiClient().call(calculateMoveCostRoute, { body: request as MoveCostRequest, signal }),
    enabled: request !== null,
    placeholderData: keepPreviousData,
  });
}

/** The content an advertiser can add to a campaign: the newest content items. */
export function useContentChoices(enabled: boolean) {
  return useQuery({
    queryKey: [...advertiserKeys.campaigns(), 'content-choices'] as const,
    queryFn: async ({ signal }) => (await apiClient().call(listContentRoute, { query: { limit: 20 }, signal })).items,
    enabled,
  });
}

/** The advertiser's own drops (only those can join a campaign). */
export function useOwnDropChoices(creatorId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...advertiserKeys.campaigns(), 'drop-choices', creatorId] as const,
    queryFn: ({ signal }) => apiClient().call(listDropsRoute, { query: { creator_id: creatorId, limit: 50 }, signal }),
    enabled,
  });
}

/** A change that may move moves: campaigns and the advertiser's views reload after it, with the balances. */
const useCampaignMutation = <Input, Output>(call: (input: Input, key: string) => Promise<Output>) =>
  useMoneyMutation(call, advertiserKeys.all);

export const useCreateCampaign = () =>
  useCampaignMutation((body: CreateCampaignRequest, key) =>
    apiClient().call(createCampaignRoute, { body, headers: idempotencyHeader(key) }),
  );

export const useUpdateCampaign = (id: string) =>
  useCampaignMutation((body: UpdateCampaignRequest) => apiClient().call(updateCampaignRoute, { params: { id }, body }));

export const useChangeCampaignStatus = (id: string) =>
  useCampaignMutation((status: CampaignStatus, key) =>
    apiClient().call(changeCampaignStatusRoute, { params: { id }, body: { status }, headers: idempotencyHeader(key) }),
  );

export const useDeleteCampaign = (id: string) =>
  useCampaignMutation((_: void, key) =>
    apiClient().call(deleteCampaignRoute, { params: { id }, headers: idempotencyHeader(key) }),
  );

export const useAddCampaignContent = (id: string) =>
  useCampaignMutation((contentId: string) =>
    apiClient().call(addCampaignContentRoute, { params: { id }, body: { contentId } }),
  );

export const useRemoveCampaignContent = (id: string) =>
  useCampaignMutation((contentId: string) =>
    apiClient().call(removeCampaignContentRoute, { params: { id, itemId: contentId } }),
  );

export const useAddCampaignDrop = (id: string) =>
  useCampaignMutation((dropId: string) => apiClient().call(addCampaignDropRoute, { params: { id }, body: { dropId } }));

export const useRemoveCampaignDrop = (id: string) =>
  useCampaignMutation((dropId: string) =>
    apiClient().call(removeCampaignDropRoute, { params: { id, itemId: dropId } }),
  );
