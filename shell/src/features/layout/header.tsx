import { formatBalance, isAdvertiser, profileSlug, useSession } from '@app/platform';
import { Menu, MenuItem, MenuLabel, MenuSeparator, sumDecimals, useToast } from '@app/platform/app';
import { Wallet } from '@app/platform/icons';
import { Suspense, lazy, useLayoutEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { AccountMenu } from '../account-actions';
import { NotificationsButton } from '../notifications';
import { Logo, SearchOpener } from './frame-parts';

const SearchDialog = lazy(() => import('../search/components/search-dialog'));
const UpgradeTierDialog = lazy(() => import('../account-actions/upgrade-tier/components/upgrade-tier-dialog'));

/** True for Cmd+K on macOS and Ctrl+K elsewhere. */
export function isSearchShortcut(event: Pick<KeyboardEvent, 'key' | 'metaKey' | 'ctrlKey'>): boolean {
  return (event.metaKey || event.ctrlKey) && event.key.toLowerCase() === 'k';
}

export function Header() {
  const [searchOpen, setSearchOpen] = useState(false);
  const [upgradeOpen, setUpgradeOpen] = useState(false);

  // In the commit, not after the paint: a Ctrl+K pressed as soon as the header shows must find the listener there.
  useLayoutEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isSearchShortcut(event)) return;
      event.preventDefault();
      setSearchOpen(true);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <header className="app-header">
      <Logo />
      <SearchOpener onOpen={() => setSearchOpen(true)} />
      <div className="app-header__actions">
        <NotificationsButton />
        <AccountMenu />
        <WalletMenu />
        <UserMenu onUpgrade={() => setUpgradeOpen(true)} />
      </div>
      <Suspense fallback={null}>
        {searchOpen ? <SearchDialog open={searchOpen} onOpenChange={setSearchOpen} /> : null}
        {upgradeOpen ? <UpgradeTierDialog open={upgradeOpen} onOpenChange={setUpgradeOpen} /> : null}
      </Suspense>
    </header>
  );
}

const currencies = [
  { key: 'points_balance', label: 'Points' },
  { key: 'keys_balance', label: 'Keys' },
  { key: 'gems_balance', label: 'Gems' },
  { key: 'gold_collected', label: 'Gold' },
] as const;

/** The wallet dropdown: the sum of points, keys, gems and gold, and each balance. */
export function WalletMenu() {
  const { user } = useSession();
  const navigate = useNavigate();
  if (!user) return null;
  const total = sumDecimals(currencies.map((currency) => user[currency.key]));
  return (
    <Menu
      label={`Wallet, total ${formatBalance(total)}`}
      triggerClassName="ui-menu__trigger wallet-trigger"
      trigger={
        <>
          <Wallet size={18} /> {formatBalance(total)}
        </>
      }
    >
      <MenuLabel>Balances</MenuLabel>
      <BalanceMenuItems user={user} onOpenWallet={() => navigate('/wallet')} />
      <MenuSeparator />
      <MenuItem onSelect={() => navigate('/wallet')}>Open Wallet</MenuItem>
    </Menu>
  );
}

/** One menu row per balance; choosing one opens the wallet. */
function BalanceMenuItems({
  user,
  onOpenWallet,
}: {
  user: NonNullable<ReturnType<typeof useSession>['user']>;
  onOpenWallet(): void;
}) {
  return (
    <>
      {currencies.map((currency) => (
        <MenuItem key={currency.key} onSelect={onOpenWallet}>
          <span className="menu-balance">
            <span>{currency.label}</span>
            <strong>{formatBalance(user[currency.key])}</strong>
          </span>
        </MenuItem>
      ))}
    </>
  );
}

/** The user menu: Profile, Growth Hub (spec 2), Upgrade Tier, Advertiser Dashboard or Become Advertiser, Sign Out. */
export function UserMenu({ onUpgrade }: { onUpgrade(): void }) {
  const { user, signOut } = useSession();
  const navigate = useNavigate();
  const toast = useToast();
  if (!user) return null;
  const name = user.display_name || user.username || user.email || 'Account';
  return (
    <Menu
      label={`Account menu for ${name}`}
      trigger={
        <>
          <span className="avatar" aria-hidden="true">
            {name.charAt(0).toUpperCase()}
          </span>{' '}
          <span className="user-name">{name}</span>
        </>
      }
    >
      <MenuLabel>
        {name} · {user.user_tier}
      </MenuLabel>
      {/* On a phone the wallet button is hidden: the balances are here instead. */}
      <div className="phone-only" role="group" aria-label="Balances">
        <BalanceMenuItems user={user} onOpenWallet={() => navigate('/wallet')} />
        <MenuSeparator />
      </div>
      <MenuItem onSelect={() => navigate(`/profile/${encodeURIComponent(profileSlug(user) ?? 'me')}`)}>
        Profile
      </MenuItem>
      <MenuItem onSelect={() => navigate('/growth-hub')}>Growth Hub</MenuItem>
      <MenuItem onSelect={onUpgrade}>Upgrade Tier</MenuItem>
      {isAdvertiser(user) ? (
        <MenuItem onSelect={() => navigate('/advertiser')}>Advertiser Dashboard</MenuItem>
      ) : (
        <MenuItem onSelect={() => navigate('/advertiser/onboarding')}>Become Advertiser</MenuItem>
      )}
      <MenuSeparator />
      <MenuItem
        onSelect={() => {
          navigate('/', { replace: true });
          signOut().catch(() => toast.show({ title: 'Unable to sign out. Please try again.', variant: 'error' }));
        }}
      >
        Sign Out
      </MenuItem>
    </Menu>
  );
}
