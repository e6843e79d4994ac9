import { isAdvertiser, type User } from '@app/platform';

export interface NavigationItem {
  to: string;
  label: string;
  icon: string;
}

/** Desktop navigation; advertisers get an extra Dashboard item (their advertiser dashboard). */
export function desktopNavigation(user: Pick<User, 'user_type'> | null): NavigationItem[] {
  const items: NavigationItem[] = [
    { to: '/dashboard', label: 'Home', icon: '⌂' },
    { to: '/earn', label: 'Earn', icon: '★' },
    { to: '/create', label: 'Create', icon: '+' },
    { to: '/invest', label: 'Invest', icon: '↗' },
    { to: '/wallet', label: 'Wallet', icon: '◈' },
    { to: '/leaderboard', label: 'Leaderboard', icon: '♛' },
  ];
  if (isAdvertiser(user)) items.push({ to: '/advertiser', label: 'Dashboard', icon: '▦' });
  return items;
}

/** The mobile bottom bar: Home, Earn, Create, Invest, then More (opens the side menu). */
export const mobileBarItems: NavigationItem[] = [
  { to: '/dashboard', label: 'Home', icon: '⌂' },
  { to: '/earn', label: 'Earn', icon: '★' },
  { to: '/create', label: 'Create', icon: '+' },
  { to: '/invest', label: 'Invest', icon: '↗' },
];
