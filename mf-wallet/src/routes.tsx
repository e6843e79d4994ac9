import { NotFoundPage, PageSpinner } from '@app/platform';
import { sharedQueryClient } from '@app/platform/app';
import type { QueryClient } from '@tanstack/react-query';
import { Suspense, lazy } from 'react';
import { Route, Routes } from 'react-router';
import { walletsQuery } from './features/wallet/api/wallet-api';
import { WalletPage } from './features/wallet/components/wallet-page';

/** The addresses that show the wallet page (the last three with a dialog over it). */
const WALLET_PAGE_PATHS = new Set(['/wallet', '/withdraw', '/payment-methods', '/gem-store']);

/**
 * Requests the balances when this module loads on a wallet address. On a first visit the shell loads it while it still
 * checks the session (shell/src/federation/first-page-remote.ts), so the balances in the page's header (its largest
 * paint) arrive with the session instead of being asked for once the session has answered and the page has rendered.
 */
export function startFirstQueries(pathname: string, queryClient: () => QueryClient = sharedQueryClient): void {
  if (!WALLET_PAGE_PATHS.has(pathname.replace(/\/+$/, ''))) return;
  // A failure is the page's to show: its own query retries and renders the error.
  void queryClient().prefetchQuery(walletsQuery());
}

if (typeof window !== 'undefined') startFirstQueries(window.location.pathname);

// The Growth Hub is its own chunk: /wallet does not load its forms (issue 45).
const GrowthHubPage = lazy(() =>
  import('./features/growth-hub/growth-hub-page').then((module) => ({ default: module.GrowthHubPage })),
);

/** The routes mf_wallet owns, matched from the root (the shell mounts this under /wallet, /growth-hub, ...). */
export default function WalletRoutes() {
  return (
    <Routes>
      <Route path="wallet" element={<WalletPage />} />
      <Route
        path="growth-hub/*"
        element={
          <Suspense fallback={<PageSpinner />}>
            <GrowthHubPage />
          </Suspense>
        }
      />
      {/* The wallet with its dialog open: the Withdraw Gems wizard, Payment Preferences, the Gem Store. */}
      <Route path="withdraw" element={<WalletPage />} />
      <Route path="payment-methods" element={<WalletPage />} />
      <Route path="gem-store" element={<WalletPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

export const standaloneLinks = [
  { to: '/wallet', label: 'Wallet' },
  { to: '/growth-hub', label: 'Growth Hub' },
];
