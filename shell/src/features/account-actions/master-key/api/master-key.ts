import { apiClient, rewardKeys } from '@app/platform';
import { activateMasterKeyRoute, getMasterKeyStatusRoute } from '@app/contracts/rewards';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export function useMasterKeyStatus(enabled = true) {
  return useQuery({
    queryKey: rewardKeys.masterKey(),
    queryFn: ({ signal }) => apiClient().call(getMasterKeyStatusRoute, { signal }),
    enabled,
  });
}

export function useActivateMasterKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient().call(activateMasterKeyRoute, { body: {} }),
    onSuccess: (result) => {
      queryClient.setQueryData(rewardKeys.masterKey(), {
        is_activated: result.is_activated,
        proof_drops_completed: result.proof_drops_completed,
        proof_drops_required: result.proof_drops_required,
        last_activated_at: result.last_activated_at ?? result.activated_at,
      });
    },
  });
}
