import { CheckoutReturnNotice } from '@app/platform/app';
import { useLocation, useNavigate } from 'react-router';

/**
 * Screens that show their own checkout result: the wallet's in a dialog (mf-wallet's WalletDialogs), the advertiser's
 * plans and moves on their page (a plan or moves bought is not dollars added to the wallet).
 */
const OWN_RESULT_SECTIONS = new Set([
  'wallet',
  'gem-store',
  'withdraw',
  'payment-methods',
  'plans',
  'advertiser',
  'campaigns',
  'coupons',
]);

/** On any other page the payment provider returned to (`?checkout=<id>`, an Add funds from a dialog), the notice. */
export function CheckoutReturn() {
  const location = useLocation();
  const navigate = useNavigate();
  const search = new URLSearchParams(location.search);
  const sessionId = search.get('checkout');
  if (!sessionId || OWN_RESULT_SECTIONS.has(location.pathname.split('/').filter(Boolean)[0] ?? '')) return null;
  const dismiss = () => {
    search.delete('checkout');
    search.delete('status');
    const rest = search.toString();
    navigate(`${location.pathname}${rest ? `?${rest}` : ''}`, { replace: true });
  };
  return <CheckoutReturnNotice key={sessionId} sessionId={sessionId} onDismiss={dismiss} />;
}
