import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { SessionContext } from '../session/session-context';
import { createSession, createUser } from '../testing';
import { useMoneyMutation } from './money-mutation';
import { ledgerKeys } from './query-keys';

/** One hook, its cache (with a view under the refreshed key, one elsewhere and a ledger view) and its session. */
function setUp(withSession = true) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  for (const key of [['trades', 'mine'], ['unrelated'], ledgerKeys.wallets()]) queryClient.setQueryData(key, 'cached');
  const refresh = jest.fn(async () => undefined);
  const keys: string[] = [];
  let fails = true;
  const call = async (_input: number, key: string) => {
    keys.push(key);
    if (fails) throw new Error('network blip');
    return 'done';
  };
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      {withSession ? (
        <SessionContext.Provider value={createSession(createUser(), { refresh })}>{children}</SessionContext.Provider>
      ) : (
        children
      )}
    </QueryClientProvider>
  );
  const { result } = renderHook(() => useMoneyMutation(call, ['trades']), { wrapper });
  return { queryClient, refresh, keys, result, succeed: () => (fails = false) };
}

const stale = (queryClient: QueryClient, key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;

describe('a money mutation', () => {
  it('retries a failed change under the same Idempotency-Key, and takes a new one for the next change', async () => {
    const { keys, result, succeed } = setUp();
    await act(() => result.current.mutateAsync(1).catch(() => undefined));
    succeed();
    await act(() => result.current.mutateAsync(1));
    await act(() => result.current.mutateAsync(2));
    expect(keys[0]).toBe(keys[1]);
    expect(keys[2]).not.toBe(keys[1]);
  });

  it('reloads the views under its key, every ledger view and the session after a change, nothing after a failure', async () => {
    const { queryClient, refresh, result, succeed } = setUp();
    await act(() => result.current.mutateAsync(1).catch(() => undefined));
    expect(refresh).not.toHaveBeenCalled();
    expect(stale(queryClient, ['trades', 'mine'])).toBe(false);
    succeed();
    await act(() => result.current.mutateAsync(1));
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(stale(queryClient, ['trades', 'mine'])).toBe(true);
    expect(stale(queryClient, ledgerKeys.wallets())).toBe(true);
    expect(stale(queryClient, ['unrelated'])).toBe(false);
  });

  it('needs no session around it (the session refresh is skipped)', async () => {
    const { queryClient, result, succeed } = setUp(false);
    succeed();
    await act(() => result.current.mutateAsync(1));
    expect(stale(queryClient, ['trades', 'mine'])).toBe(true);
  });
});
