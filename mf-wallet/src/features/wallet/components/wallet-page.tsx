import { Button, ButtonLink, ErrorBox, PageHeader, SkeletonList, isApiError, useSession } from '@app/platform';
import { Tabs } from '@app/platform/app';
import { LogIn } from '@app/platform/icons';
import { useNavigate } from 'react-router';
import { firstPaintPages } from '../../../first-paint';
import { useWallets, walletOf } from '../api/wallet-api';
import { BalanceCards, type WalletDialog } from './balance-cards';
import { TransactionsPanel } from './transactions-panel';
import { WalletAnalytics } from './wallet-analytics';
import { DIALOG_PATHS, WalletDialogs } from './wallet-dialogs';
import { WithdrawalsCard } from '../../withdraw/components/withdrawals-card';
import '../wallet.css';
import { SharesPanels } from './shares-panels';
import { StakingSummary } from '../../growth-hub/components/staking-summary';

export const AUTHENTICATION_FAILED =
  'Authentication failed. Please try the "Force Re-Login" button or refresh the page.';

/** The wallet failed to load because the session is no longer accepted (spec 3 §8). */
function AuthenticationFailed() {
  const { signOut } = useSession();
  return (
    <div className="ui-stack" role="alert">
      <ErrorBox title="Authentication failed" message={AUTHENTICATION_FAILED} />
      <div className="ui-row">
        <Button onClick={() => void signOut({ expired: true })}>
          <LogIn size={16} /> Force Re-Login
        </Button>
        <Button variant="secondary" onClick={() => window.location.reload()}>
          Refresh the page
        </Button>
      </div>
    </div>
  );
}

/** Overview (analytics, shares, staking, withdrawals) and the transaction history. */
function WalletViews() {
  return (
    <Tabs
      label="Wallet views"
      items={[
        {
          value: 'overview',
          label: 'Overview',
          content: (
            <div className="ui-stack">
              <WalletAnalytics />
              <SharesPanels />
              <StakingSummary />
              <WithdrawalsCard />
            </div>
          ),
        },
        { value: 'transactions', label: 'Transactions', content: <TransactionsPanel /> },
      ]}
    />
  );
}

/** /wallet (and /withdraw, /payment-methods, /gem-store with their dialog open): balances, analytics, history. */
export function WalletPage() {
  const wallets = useWallets();
  const navigate = useNavigate();
  const open = (dialog: WalletDialog) => navigate(DIALOG_PATHS[dialog]);

  let balances;
  if (wallets.isPending) balances = <SkeletonList rows={4} label="Loading balances" />;
  else if (wallets.isError) {
    balances =
      isApiError(wallets.error) && wallets.error.status === 401 ? (
        <AuthenticationFailed />
      ) : (
        <ErrorBox message={`Failed to load data: ${wallets.error.message}`} onRetry={() => void wallets.refetch()} />
      );
  } else balances = <BalanceCards wallets={wallets.data} onOpen={open} />;

  return (
    <div className="ui-stack">
      <PageHeader
        title={firstPaintPages['/wallet'].title}
        subtitle={firstPaintPages['/wallet'].subtitle}
        actions={
          <>
            <ButtonLink to="/payment-methods" variant="secondary" size="small">
              Payment Methods
            </ButtonLink>
            {/* At any balance: the USD card (and its own Add funds) shows only above $0 (spec 3). */}
            <ButtonLink to={DIALOG_PATHS['add-funds']} size="small">
              Add funds
            </ButtonLink>
          </>
        }
      />
      {balances}
      {/* The views below wait for the balances: rendered earlier, they would jump down when the cards arrive. */}
      {wallets.isPending ? null : <WalletViews />}
      <WalletDialogs
        availableGems={wallets.data ? walletOf(wallets.data, 'gems').available_balance : undefined}
        availableUsd={wallets.data ? walletOf(wallets.data, 'usd').available_balance : undefined}
      />
    </div>
  );
}
