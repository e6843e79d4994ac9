import { useSession } from '@app/platform';
import { AppProviders, ArrivalToast, Dialog } from '@app/platform/app';
import { TrendingUp } from '@app/platform/icons';
import { type ReactNode, useEffect, useState } from 'react';
import { NavLink, Outlet, useNavigate } from 'react-router';
import { CheckoutReturn } from './checkout-return';
import { Header } from './header';
import { DesktopNavigation, MobileBar } from './frame-parts';
import { desktopNavigation } from './navigation-items';

/** How long after the signed-in frame mounts the remotes manifest is read ahead of a click. */
const REMOTES_PREFETCH_DELAY_MILLISECONDS = 5000;

/** The mobile side menu: every destination, the Growth Hub, and Sign Out. */
function SideMenu({
  open,
  onOpenChange,
  items,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  items: ReturnType<typeof desktopNavigation>;
}) {
  const { signOut } = useSession();
  const navigate = useNavigate();
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Menu" placement="side">
      <nav aria-label="Side menu" className="side-menu">
        {items.map((item) => (
          <NavLink key={item.to} to={item.to} className="side-menu__link" onClick={() => onOpenChange(false)}>
            <item.icon size={18} /> {item.label}
          </NavLink>
        ))}
        <NavLink to="/growth-hub" className="side-menu__link" onClick={() => onOpenChange(false)}>
          <TrendingUp size={18} /> Growth Hub
        </NavLink>
        <button
          type="button"
          className="side-menu__link"
          onClick={() => {
            onOpenChange(false);
            // After sign-out the user lands on the landing page (spec 1 §2).
            navigate('/', { replace: true });
            void signOut();
          }}
        >
          Sign Out
        </button>
      </nav>
    </Dialog>
  );
}

/** Header, desktop navigation, the page, and the mobile bottom bar with its side menu. */
export default function AppLayout({ children }: { children?: ReactNode }) {
  const { user } = useSession();
  const [sideMenuOpen, setSideMenuOpen] = useState(false);
  const items = desktopNavigation(user);

  // Signed in, remote routes are a click away: read the remotes manifest once the first page has settled. Not at
  // once: the registry brings the federation runtime (~70 KB to compile and initialise), which a shell page such as
  // /dashboard does not need for its first paint (issue 45). A remote route loads it itself when opened earlier.
  useEffect(() => {
    const timer = setTimeout(() => {
      void import('../../federation/remotes-registry').then((registry) => registry.remotesRegistry());
    }, REMOTES_PREFETCH_DELAY_MILLISECONDS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <AppProviders>
      <ArrivalToast />
      <div className="app-layout">
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <Header />
        <DesktopNavigation items={items} />
        <main className="app-main" id="main">
          <CheckoutReturn />
          {children ?? <Outlet />}
        </main>
        <MobileBar onMore={() => setSideMenuOpen(true)} />
        <SideMenu open={sideMenuOpen} onOpenChange={setSideMenuOpen} items={items} />
      </div>
    </AppProviders>
  );
}
