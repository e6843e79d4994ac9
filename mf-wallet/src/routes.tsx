import { NotFoundPage } from '@app/platform';
import { Route, Routes } from 'react-router';
import { GrowthHubPage } from './features/growth-hub/growth-hub-page';
import { NotOpenYetPage } from './features/wallet/growth-pages';
import { WalletPage } from './features/wallet/components/wallet-page';

/** The routes mf_wallet owns, matched from the root (the shell mounts this under /wallet, /growth-hub, ...). */
export default function WalletRoutes() {
  return (
    <Routes>
      <Route path="wallet" element={<WalletPage />} />
      <Route path="growth-hub/*" element={<GrowthHubPage />} />
      <Route path="withdraw/*" element={<NotOpenYetPage title="Withdrawals" message="Withdrawing gems (minimum 200) arrives with the money release." />} />
      <Route path="payment-methods/*" element={<NotOpenYetPage title="Payment methods" message="Saved payment methods arrive with the money release." />} />
      <Route path="gem-store/*" element={<NotOpenYetPage title="Gem store" message="Buying gems arrives with the money release." />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

export const standaloneLinks = [
  { to: '/wallet', label: 'Wallet' },
  { to: '/growth-hub', label: 'Growth Hub' },
];
