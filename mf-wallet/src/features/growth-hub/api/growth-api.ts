import { apiClient, refreshMoneyViews } from '@app/platform';
import {
  cancelShieldRoute,
  createFundingProjectRoute,
  fileClaimRoute,
  getFundingProjectsRoute,
  getGrowthChannelsRoute,
  getMyPledgesRoute,
  getMyShieldRoute,
  getPlatformEconomyRoute,
  getShieldPoliciesRoute,
  getStakingPositionsRoute,
  pledgeRoute,
  stakeRoute,
  subscribeShieldRoute,
  withdrawStakeRoute,
  type CreateProjectRequest,
  type FundingProject,
  type PledgeView,
  type FileClaimRequest,
  type PledgeRequest,
  type StakeRequest,
} from '@app/contracts/growth';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** The Growth Hub's query keys: one family, so a stake, pledge or subscription refreshes every growth view. */
export const growthKeys = {
  all: ['growth'] as const,
  channels: () => ['growth', 'channels'] as const,
  positions: () => ['growth', 'positions'] as const,
  projects: () => ['growth', 'projects'] as const,
  pledges: () => ['growth', 'pledges'] as const,
  policies: () => ['growth', 'policies'] as const,
  shield: () => ['growth', 'shield'] as const,
  economy: () => ['growth', 'economy'] as const,
};

export const useChannels = () =>
  useQuery({
    queryKey: growthKeys.channels(),
    queryFn: ({ signal }) => apiClient().call(getGrowthChannelsRoute, { signal }),
  });
export const usePositions = () =>
  useQuery({
    queryKey: growthKeys.positions(),
    queryFn: ({ signal }) => apiClient().call(getStakingPositionsRoute, { signal }),
  });
export const useProjects = () =>
  useQuery({
    queryKey: growthKeys.projects(),
    queryFn: ({ signal }) => apiClient().call(getFundingProjectsRoute, { signal }),
  });
export const usePledges = () =>
  useQuery({
    queryKey: growthKeys.pledges(),
    queryFn: ({ signal }) => apiClient().call(getMyPledgesRoute, { signal }),
  });
export const usePolicies = () =>
  useQuery({
    queryKey: growthKeys.policies(),
    queryFn: ({ signal }) => apiClient().call(getShieldPoliciesRoute, { signal }),
  });
/** Fetched again whenever the Shield tab opens: an admin may have verified the user's followers meanwhile. */
export const useMyShield = () =>
  useQuery({
    queryKey: growthKeys.shield(),
    queryFn: ({ signal }) => apiClient().call(getMyShieldRoute, { signal }),
    refetchOnMount: 'always',
  });
export const useEconomy = () =>
  useQuery({
    queryKey: growthKeys.economy(),
    queryFn: ({ signal }) => apiClient().call(getPlatformEconomyRoute, { signal }),
  });

/** After any growth command: the growth views and the balances (gems moved). */
function useRefreshAfterMoney() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: growthKeys.all }), refreshMoneyViews(queryClient)]);
}

/**
 * Project lists come from an eventual read model that may trail a write by more than the server's bounded wait on
 * a busy machine: the command's own answer (folded from the project's stream) goes into the cached lists, and the
 * lists are not fetched again at once, so a fresh project or pledge never disappears.
 */
function useRefreshAfterFunding() {
  const queryClient = useQueryClient();
  return (project: FundingProject, pledge: PledgeView | null) => {
    queryClient.setQueryData<FundingProject[]>(growthKeys.projects(), (list) => [
      project,
      ...(list ?? []).filter((row) => row.id !== project.id),
    ]);
    if (pledge)
      queryClient.setQueryData<PledgeView[]>(growthKeys.pledges(), (list) => [
        pledge,
        ...(list ?? []).filter((row) => row.id !== pledge.id),
      ]);
    const fresh = new Set<unknown>([growthKeys.projects()[1], growthKeys.pledges()[1]]);
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: growthKeys.all, predicate: (query) => !fresh.has(query.queryKey[1]) }),
      pledge ? refreshMoneyViews(queryClient) : Promise.resolve(),
    ]);
  };
}

const keyed = (idempotencyKey: string) => ({ headers: { 'Idempotency-Key': idempotencyKey } });

export function useStake() {
  const refresh = useRefreshAfterMoney();
  return useMutation({
    mutationFn: ({ request, idempotencyKey }: { request: StakeRequest; idempotencyKey: string }) =>
      apiClient().call(stakeRoute, { body: request, ...keyed(idempotencyKey) }),
    onSuccess: refresh,
  });
}

export function useWithdrawStake() {
  const refresh = useRefreshAfterMoney();
  return useMutation({
    mutationFn: (positionId: string) => apiClient().call(withdrawStakeRoute, { params: { id: positionId } }),
    onSuccess: refresh,
  });
}

export function useCreateProject() {
  const refresh = useRefreshAfterFunding();
  return useMutation({
    mutationFn: ({ request, idempotencyKey }: { request: CreateProjectRequest; idempotencyKey: string }) =>
      apiClient().call(createFundingProjectRoute, { body: request, ...keyed(idempotencyKey) }),
    onSuccess: (answer) => refresh(answer.project, null),
  });
}

export function usePledge() {
  const refresh = useRefreshAfterFunding();
  return useMutation({
    mutationFn: ({
      projectId,
      request,
      idempotencyKey,
    }: {
      projectId: string;
      request: PledgeRequest;
      idempotencyKey: string;
    }) => apiClient().call(pledgeRoute, { params: { id: projectId }, body: request, ...keyed(idempotencyKey) }),
    onSuccess: (answer) => refresh(answer.project, answer.pledge),
  });
}

export function useSubscribeShield() {
  const refresh = useRefreshAfterMoney();
  return useMutation({
    mutationFn: ({ policyId, idempotencyKey }: { policyId: string; idempotencyKey: string }) =>
      apiClient().call(subscribeShieldRoute, { body: { policy_id: policyId }, ...keyed(idempotencyKey) }),
    onSuccess: refresh,
  });
}

export function useCancelShield() {
  const refresh = useRefreshAfterMoney();
  return useMutation({
    mutationFn: (subscriptionId: string) => apiClient().call(cancelShieldRoute, { params: { id: subscriptionId } }),
    onSuccess: refresh,
  });
}

export function useFileClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ request, idempotencyKey }: { request: FileClaimRequest; idempotencyKey: string }) =>
      apiClient().call(fileClaimRoute, { body: request, ...keyed(idempotencyKey) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: growthKeys.shield() }),
  });
}
