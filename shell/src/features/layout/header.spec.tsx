import { answerApiCalls, createUser, renderWithPlatform, withPlatform } from '@app/platform/testing';
import { screen } from '@testing-library/react';
import { createRoot } from 'react-dom/client';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { Header, isSearchShortcut } from './header';
import { desktopNavigation } from './navigation-items';

describe('header', () => {
  it('opens search on Cmd+K and Ctrl+K only', () => {
    expect(isSearchShortcut({ key: 'k', metaKey: true, ctrlKey: false })).toBe(true);
    expect(isSearchShortcut({ key: 'K', metaKey: false, ctrlKey: true })).toBe(true);
    expect(isSearchShortcut({ key: 'k', metaKey: false, ctrlKey: false })).toBe(false);
  });

  it('shows the sum of points, keys, gems and gold in the wallet button', () => {
    answerApiCalls({ 'GET /api/notifications': { body: [] } });
    renderWithPlatform(<Header />, {
      user: createUser({ points_balance: '1500', keys_balance: '3', gems_balance: '12.5', gold_collected: '0.25' }),
    });
    expect(screen.getByRole('button', { name: 'Wallet, total 1,515.75' })).toBeInTheDocument();
  });

  it('opens the search dialog with Ctrl+K', async () => {
    const user = userEvent.setup();
    answerApiCalls({ 'GET /api/notifications': { body: [] } });
    renderWithPlatform(<Header />);
    await user.keyboard('{Control>}k{/Control}');
    expect(await screen.findByRole('dialog', { name: 'Search' })).toBeInTheDocument();
  });

  it('hears Ctrl+K pressed as soon as the header shows, before the page effects have run', async () => {
    answerApiCalls({ 'GET /api/notifications': { body: [] } });
    // Outside act(), as in a browser: React runs passive effects in a later task than the commit that shows the header.
    const reactGlobals = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    const actEnvironment = reactGlobals.IS_REACT_ACT_ENVIRONMENT;
    reactGlobals.IS_REACT_ACT_ENVIRONMENT = false;
    const container = document.body.appendChild(document.createElement('div'));
    const root = createRoot(container);
    try {
      const pressed = new Promise<void>((resolve) => {
        // A mutation observer's callback runs right after the commit that inserted the header.
        const observer = new MutationObserver(() => {
          if (!container.querySelector('header')) return;
          observer.disconnect();
          window.dispatchEvent(new KeyboardEvent('keydown', { key: 'k', ctrlKey: true, bubbles: true }));
          resolve();
        });
        observer.observe(container, { childList: true, subtree: true });
      });
      root.render(withPlatform(<Header />));
      await pressed;
      expect(await screen.findByRole('dialog', { name: 'Search' })).toBeInTheDocument();
    } finally {
      root.unmount();
      container.remove();
      reactGlobals.IS_REACT_ACT_ENVIRONMENT = actEnvironment;
    }
  });

  it('offers Advertiser Dashboard to advertisers and Become Advertiser to others', async () => {
    const user = userEvent.setup();
    answerApiCalls({ 'GET /api/notifications': { body: [] } });
    renderWithPlatform(<Header />, { user: createUser({ user_type: 'advertiser', display_name: 'Acme' }) });
    await user.click(screen.getByRole('button', { name: 'Account menu for Acme' }));
    expect(await screen.findByRole('menuitem', { name: 'Advertiser Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Upgrade Tier' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Sign Out' })).toBeInTheDocument();
  });

  it('offers the Growth Hub in the user menu (spec 2: Profile, Growth Hub, Advertiser, Logout)', async () => {
    const user = userEvent.setup();
    answerApiCalls({ 'GET /api/notifications': { body: [] } });
    renderWithPlatform(
      <Routes>
        <Route path="*" element={<Header />} />
        <Route path="/growth-hub" element={<p>growth hub page</p>} />
      </Routes>,
      { user: createUser({ display_name: 'Ada' }), route: '/dashboard' },
    );
    await user.click(screen.getByRole('button', { name: 'Account menu for Ada' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Growth Hub' }));
    expect(await screen.findByText('growth hub page')).toBeInTheDocument();
  });

  it('gives advertisers an extra Dashboard navigation item', () => {
    expect(desktopNavigation(createUser({ user_type: 'advertiser' })).map((item) => item.label)).toContain('Dashboard');
    expect(desktopNavigation(createUser({ user_type: 'creator' })).map((item) => item.label)).not.toContain(
      'Dashboard',
    );
    expect(desktopNavigation(createUser({ is_admin: true })).find((item) => item.label === 'Ops')?.to).toBe('/admin');
    expect(desktopNavigation(createUser({ is_admin: false })).map((item) => item.label)).not.toContain('Ops');
  });
});
