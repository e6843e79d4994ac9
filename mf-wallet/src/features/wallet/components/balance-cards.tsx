import {
  Badge,
  Button,
  canOpenAccountDialogs,
  formatBalance,
  formatMoney,
  openAccountDialog,
  type AccountDialogName,
} from '@app/platform';
import { pointsInDollars } from '@app/platform/app';
import { Coins, Crown, DollarSign, Gem, KeyRound } from '@app/platform/icons';
import type { Currency, WalletResponse } from '@app/contracts/ledger';
import type { ReactNode } from 'react';
import { walletOf } from '../api/wallet-api';

/** The least a withdrawal may take (spec 3 §9); the Withdraw button stays disabled below it. */
export const MINIMUM_WITHDRAWAL_GEMS = 200;

export type WalletDialog = 'withdraw' | 'withdraw-usd' | 'payment-methods' | 'gem-store' | 'add-funds';

interface BalanceCardProps {
  title: string;
  icon: ReactNode;
  wallet: WalletResponse;
  note?: ReactNode;
  children: ReactNode;
}

function BalanceCard({ title, icon, wallet, note, children }: BalanceCardProps) {
  const amount = wallet.currency_type === 'usd' ? formatMoney(wallet.balance) : formatBalance(wallet.balance);
  return (
    <section className="ui-card wallet-balance" aria-label={`${title} balance`}>
      <header className="ui-card__header">
        <h2 className="ui-card__title">
          <span className="wallet-balance__icon" aria-hidden="true">
            {icon}
          </span>{' '}
          {title}
        </h2>
      </header>
      <p className="wallet-balance__amount">{amount}</p>
      <p className="ui-row wallet-balance__note">
        {wallet.held_balance !== 0 ? <Badge tone="warning">{formatBalance(wallet.held_balance)} on hold</Badge> : null}
        {note}
      </p>
      <div className="ui-row wallet-balance__actions">{children}</div>
    </section>
  );
}

/** A button that opens one of the shell's account modals; hidden when the remote runs without the shell. */
function AccountDialogButton({ dialog, children }: { dialog: AccountDialogName; children: ReactNode }) {
  if (!canOpenAccountDialogs()) return null;
  return (
    <Button size="small" variant="secondary" onClick={() => openAccountDialog(dialog)}>
      {children}
    </Button>
  );
}

export interface BalanceCardsProps {
  wallets: readonly WalletResponse[];
  onOpen(dialog: WalletDialog): void;
}

/**
 * Points, keys, gems and gold with their actions; the USD card only while the USD wallet holds more than 0, with
 * Withdraw (the server's USD minimum and fee apply; disabled with nothing available), payment methods and adding funds.
 */
export function BalanceCards({ wallets, onOpen }: BalanceCardsProps) {
  const of = (currency: Currency) => walletOf(wallets, currency);
  const gems = of('gems');
  const usd = of('usd');
  const canWithdraw = gems.available_balance >= MINIMUM_WITHDRAWAL_GEMS;
  return (
    <div className="ui-grid" role="list" aria-label="Balances">
      <div role="listitem">
        <BalanceCard
          title="Points"
          icon={<Coins size={18} />}
          wallet={of('points')}
          note={<span className="ui-muted">worth {formatMoney(pointsInDollars(String(of('points').balance)))}</span>}
        >
          <AccountDialogButton dialog="convert">Convert to Keys</AccountDialogButton>
        </BalanceCard>
      </div>
      <div role="listitem">
        <BalanceCard title="Keys" icon={<KeyRound size={18} />} wallet={of('keys')}>
          <AccountDialogButton dialog="master-key">Master Key Status</AccountDialogButton>
        </BalanceCard>
      </div>
      <div role="listitem">
        <BalanceCard
          title="Gems"
          icon={<Gem size={18} />}
          wallet={gems}
          note={
            canWithdraw ? null : (
              <span className="ui-muted">Withdraw from {MINIMUM_WITHDRAWAL_GEMS} available gems</span>
            )
          }
        >
          <Button size="small" onClick={() => onOpen('gem-store')}>
            Buy More
          </Button>
          <AccountDialogButton dialog="convert">Convert</AccountDialogButton>
          <Button size="small" variant="secondary" disabled={!canWithdraw} onClick={() => onOpen('withdraw')}>
            Withdraw
          </Button>
        </BalanceCard>
      </div>
      <div role="listitem">
        <BalanceCard title="Gold" icon={<Crown size={18} />} wallet={of('gold')}>
          <AccountDialogButton dialog="gold-shop">Gold Shop</AccountDialogButton>
          <AccountDialogButton dialog="achievements">Achievements</AccountDialogButton>
        </BalanceCard>
      </div>
      {usd.balance > 0 ? (
        <div role="listitem">
          <UsdBalanceCard usd={usd} onOpen={onOpen} />
        </div>
      ) : null}
    </div>
  );
}

/** USD: withdraw what is available, manage payment methods, add funds. */
function UsdBalanceCard({ usd, onOpen }: { usd: WalletResponse; onOpen(dialog: WalletDialog): void }) {
  return (
    <BalanceCard title="USD" icon={<DollarSign size={18} />} wallet={usd}>
      <Button
        size="small"
        variant="secondary"
        disabled={usd.available_balance <= 0}
        onClick={() => onOpen('withdraw-usd')}
        aria-label="Withdraw USD"
      >
        Withdraw
      </Button>
      <Button size="small" variant="secondary" onClick={() => onOpen('payment-methods')}>
        Payment Methods
      </Button>
      <Button size="small" onClick={() => onOpen('add-funds')}>
        Add funds
      </Button>
    </BalanceCard>
  );
}
