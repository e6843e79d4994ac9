import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useContext } from 'react';
import { useIdempotencyKey } from '../api/idempotency';
import { SessionContext } from '../session/session-context';
import { refreshMoneyViews } from './query-keys';

/** The header an intended change carries, so that a retry of it (a double click, a network blip) changes once. */
export const idempotencyHeader = (key: string) => ({ 'Idempotency-Key': key });

/**
 * A change that moves money (a trade, a stake, a campaign's moves): one Idempotency-Key per intended change, renewed
 * after it succeeded; then the views under `refreshes`, every ledger view and the session's own balances reload.
 */
export function useMoneyMutation<Input, Output>(
  call: (input: Input, idempotencyKey: string) => Promise<Output>,
  refreshes: QueryKey,
) {
  const queryClient = useQueryClient();
  const idempotency = useIdempotencyKey();
  const session = useContext(SessionContext);
  return useMutation({
    mutationFn: (input: Input) => call(input, idempotency.key()),
    onSuccess: async () => {
      idempotency.renew();
      void session?.refresh();
      await Promise.all([queryClient.invalidateQueries({ queryKey: refreshes }), refreshMoneyViews(queryClient)]);
    },
  });
}
