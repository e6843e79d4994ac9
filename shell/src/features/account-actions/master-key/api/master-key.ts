import { apiClient, rewardKeys } from '@app/platform';
import { ActivateMasterKeyResponseSchema, MasterKeyStatusSchema } from '@app/contracts/rewards';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export function useMasterKeyStatus(enabled = true) {
  return useQuery({
    queryKey: rewardKeys.masterKey(),
    queryFn: ({ signal }) => apiClient().get('/api/users/master-key-status', { schema: MasterKeyStatusSchema, signal }),
    enabled,
  });
}

export function useActivateMasterKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient().post('/api/users/activate-master-key', {}, { schema: ActivateMasterKeyResponseSchema }),
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
