import { NotFoundPage } from '@app/platform';
import { Route, Routes } from 'react-router';
import { GrowthHubPage } from './features/growth-hub/growth-hub-page';
import { WalletPage } from './features/wallet/components/wallet-page';

/** The routes mf_wallet owns, matched from the root (the shell mounts this under /wallet, /growth-hub, ...). */
export default function WalletRoutes() {
  return (
    <Routes>
      <Route path="wallet" element={<WalletPage />} />
      <Route path="growth-hub/*" element={<GrowthHubPage />} />
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
