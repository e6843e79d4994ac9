import { Suspense, lazy } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { WalletDialog } from './balance-cards';

// Each dialog is its own chunk, fetched when it first opens (the remote's budget is 60 KB gzip).
const WithdrawDialog = lazy(() => import('../../withdraw/components/withdraw-dialog'));
const PaymentPreferencesDialog = lazy(() => import('../../payment-methods/components/payment-preferences-dialog'));
const GemStoreDialog = lazy(() => import('../../gem-store/components/gem-store-dialog'));
const CheckoutResultDialog = lazy(() => import('../../gem-store/components/checkout-result-dialog'));

/** The wallet's dialogs have their own addresses (spec routes /withdraw, /payment-methods, /gem-store). */
export const DIALOG_PATHS: Record<WalletDialog, string> = {
  withdraw: '/withdraw',
  'withdraw-usd': '/withdraw?currency=usd',
  'payment-methods': '/payment-methods',
  'gem-store': '/gem-store',
  'add-funds': '/gem-store?currency=usd',
};

/**
 * The dialog the address names, over the wallet: /withdraw (?currency=usd: the USD card's), /payment-methods,
 * /gem-store (?currency=usd: add funds), and `?checkout=<session>` when the browser comes back from the payment
 * provider. Closing one goes to /wallet.
 */
export function WalletDialogs({
  availableGems,
  availableUsd,
}: {
  availableGems: number | undefined;
  availableUsd?: number;
}) {
  const location = useLocation();
  const navigate = useNavigate();
  const search = new URLSearchParams(location.search);
  const section = location.pathname.split('/').filter(Boolean)[0];
  const checkout = search.get('checkout');
  const onOpenChange = (open: boolean) => (open ? undefined : navigate('/wallet'));
  return (
    <Suspense fallback={null}>
      {checkout ? (
        <CheckoutResultDialog
          open
          sessionId={checkout}
          onOpenChange={onOpenChange}
          onBuyAgain={(currency) => navigate(DIALOG_PATHS[currency === 'usd' ? 'add-funds' : 'gem-store'])}
        />
      ) : null}
      {!checkout && section === 'withdraw' ? (
        search.get('currency') === 'usd' ? (
          <WithdrawDialog open onOpenChange={onOpenChange} availableGems={availableUsd} currency="usd" />
        ) : (
          <WithdrawDialog open onOpenChange={onOpenChange} availableGems={availableGems} />
        )
      ) : null}
      {!checkout && section === 'payment-methods' ? (
        <PaymentPreferencesDialog open onOpenChange={onOpenChange} />
      ) : null}
      {!checkout && section === 'gem-store' ? (
        <GemStoreDialog open onOpenChange={onOpenChange} currency={search.get('currency') === 'usd' ? 'usd' : 'gems'} />
      ) : null}
    </Suspense>
  );
}
