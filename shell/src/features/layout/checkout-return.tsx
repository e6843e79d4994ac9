import { CheckoutReturnNotice } from '@app/platform/app';
import { useLocation, useNavigate } from 'react-router';

/** The wallet's own screens show their checkout result in a dialog (mf-wallet's WalletDialogs). */
const WALLET_SECTIONS = new Set(['wallet', 'gem-store', 'withdraw', 'payment-methods']);

/** On any other page the payment provider returned to (`?checkout=<id>`, an Add funds from a dialog), the notice. */
export function CheckoutReturn() {
  const location = useLocation();
  const navigate = useNavigate();
  const search = new URLSearchParams(location.search);
  const sessionId = search.get('checkout');
  if (!sessionId || WALLET_SECTIONS.has(location.pathname.split('/').filter(Boolean)[0] ?? '')) return null;
  const dismiss = () => {
    search.delete('checkout');
    search.delete('status');
    const rest = search.toString();
    navigate(`${location.pathname}${rest ? `?${rest}` : ''}`, { replace: true });
  };
  return <CheckoutReturnNotice key={sessionId} sessionId={sessionId} onDismiss={dismiss} />;
}
