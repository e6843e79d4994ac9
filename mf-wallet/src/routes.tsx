import { NotFoundPage, PageSpinner } from '@app/platform';
import { Suspense, lazy } from 'react';
import { Route, Routes } from 'react-router';
import { WalletPage } from './features/wallet/components/wallet-page';

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
