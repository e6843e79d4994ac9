// Renders an account screen inside the platform's providers with a signed-in user whose `refresh` really reloads
// `getMeRoute` from the fake API, so a test sees balances change after money moves.
import { type Session, SessionContext, type User, apiClient } from '@app/platform';
import { AppProviders, toUser } from '@app/platform/app';
import { getMeRoute } from '@app/contracts/ledger';
import { createUser } from '@app/platform/testing';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { type ReactElement, type ReactNode, useMemo, useState } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';

/** The platform's test user with empty balances (a spec sets the ones it is about). */
export function createTestUser(overrides: Partial<User> = {}): User {
  return createUser({ points_balance: '0', keys_balance: '0', gems_balance: '0', ...overrides });
}

function TestSession({
  initialUser,
  children,
  onRefresh,
}: {
  initialUser: User;
  children: ReactNode;
  onRefresh(): void;
}) {
  const [user, setUser] = useState(initialUser);
  const session = useMemo<Session>(
    () => ({
      status: 'authenticated',
      user,
      signIn: async () => user,
      signUp: async () => ({ user, referral: null }),
      signInAsDemo: async () => user,
      acceptToken: async () => user,
      signOut: async () => undefined,
      refresh: async () => {
        onRefresh();
        setUser({ ...user, ...toUser(await apiClient().call(getMeRoute)) });
      },
    }),
    [user, onRefresh],
  );
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

/** Shows the current path and query, so a test can assert on navigation. */
export function LocationProbe() {
  const location = useLocation();
  return <output aria-label="Current location">{`${location.pathname}${location.search}`}</output>;
}

export function renderAccount(ui: ReactElement, options: { user?: Partial<User>; route?: string; path?: string } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const refreshes = { count: 0 };
  const result = render(
    <MemoryRouter initialEntries={[options.route ?? '/']}>
      <TestSession initialUser={createTestUser(options.user)} onRefresh={() => (refreshes.count += 1)}>
        <AppProviders queryClient={queryClient}>
          <Routes>
            <Route
              path={options.path ?? '*'}
              element={
                <>
                  {ui}
                  <LocationProbe />
                </>
              }
            />
          </Routes>
        </AppProviders>
      </TestSession>
    </MemoryRouter>,
  );
  return { ...result, queryClient, refreshes };
}
