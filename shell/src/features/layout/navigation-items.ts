import { isAdvertiser, type User } from '@app/platform';
import {
  Activity,
  ArrowUpRight,
  Crown,
  House,
  LayoutDashboard,
  type LucideIcon,
  Plus,
  Star,
  Wallet,
} from '@app/platform/icons';

export interface NavigationItem {
  to: string;
  label: string;
  icon: LucideIcon;
}

/** Desktop navigation; advertisers get an extra Dashboard item (their advertiser dashboard), administrators Ops. */
export function desktopNavigation(
  user: (Pick<User, 'user_type'> & Partial<Pick<User, 'is_admin'>>) | null,
): NavigationItem[] {
  const items: NavigationItem[] = [
    { to: '/dashboard', label: 'Home', icon: House },
    { to: '/earn', label: 'Earn', icon: Star },
    { to: '/create', label: 'Create', icon: Plus },
    { to: '/invest', label: 'Invest', icon: ArrowUpRight },
    { to: '/wallet', label: 'Wallet', icon: Wallet },
    { to: '/leaderboard', label: 'Leaderboard', icon: Crown },
  ];
  if (isAdvertiser(user)) items.push({ to: '/advertiser', label: 'Dashboard', icon: LayoutDashboard });
  if (user?.is_admin) items.push({ to: '/admin', label: 'Ops', icon: Activity });
  return items;
}

/** The mobile bottom bar: Home, Earn, Create, Invest, then More (opens the side menu). */
export const mobileBarItems: NavigationItem[] = [
  { to: '/dashboard', label: 'Home', icon: House },
  { to: '/earn', label: 'Earn', icon: Star },
  { to: '/create', label: 'Create', icon: Plus },
  { to: '/invest', label: 'Invest', icon: ArrowUpRight },
];
