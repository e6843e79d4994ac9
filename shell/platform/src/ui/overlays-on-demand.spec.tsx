import userEvent from '@testing-library/user-event';

// Which of Radix's overlay packages a module graph has loaded (each mock records its first require).
const loadedPackages = new Set<string>();
jest.mock('@radix-ui/react-dialog', () => {
  loadedPackages.add('dialog');
  return jest.requireActual('@radix-ui/react-dialog');
});
jest.mock('@radix-ui/react-dropdown-menu', () => {
  loadedPackages.add('dropdown-menu');
  return jest.requireActual('@radix-ui/react-dropdown-menu');
});
jest.mock('@radix-ui/react-toast', () => {
  loadedPackages.add('toast');
  return jest.requireActual('@radix-ui/react-toast');
});

interface FreshModules {
  app: typeof import('../app');
  react: typeof import('react');
  testing: typeof import('@testing-library/react/pure');
}

// The pure testing library (it registers no hooks of its own: it is loaded inside a test) needs these two from here.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
let current: FreshModules | undefined;
afterEach(() => current?.testing.cleanup());

/**
 * Runs a test in a fresh module registry: '@app/platform/app' and what it needs, as a first page loads them, with the
 * React and the testing library of that registry (hooks need the React the components were loaded with). The
 * registry stays for the whole test, so what the components import later (the overlays) comes from it too.
 */
function withFreshModules(test: (modules: FreshModules) => Promise<void>): () => Promise<void> {
  return () =>
    jest.isolateModulesAsync(async () => {
      current = {
        react: await import('react'),
        testing: await import('@testing-library/react/pure'),
        app: await import('../app'),
      };
      await test(current);
    });
}

// Dialogs, menus and toasts are Radix's, loaded when first used (issue 45): a signed-in first page renders its header
// menus, side menu and toast provider without their script.
describe('overlays loaded on demand', () => {
  beforeEach(() => loadedPackages.clear());

  it(
    "loads none of Radix's dialog, menu or toast code with the app entry, nor while a closed dialog, a menu trigger and the toast provider render",
    withFreshModules(async ({ app, testing }) => {
      const { AppProviders, Dialog, Menu, MenuItem } = app;
      const { render, screen } = testing;
      render(
        <AppProviders>
          <Menu trigger="Account" label="Account menu">
            <MenuItem onSelect={() => undefined}>Profile</MenuItem>
          </Menu>
          <Dialog open={false} onOpenChange={() => undefined} title="Menu">
            <p>side menu</p>
          </Dialog>
        </AppProviders>,
      );
      expect(screen.getByRole('button', { name: 'Account menu' })).toHaveAttribute('aria-haspopup', 'menu');
      expect([...loadedPackages]).toEqual([]);
    }),
  );

  it(
    'opens a menu pressed before its script has arrived, and then works as a menu',
    withFreshModules(async ({ app, testing }) => {
      const user = userEvent.setup();
      const { Menu, MenuItem, MenuLabel } = app;
      const { render, screen } = testing;
      const selected: string[] = [];
      render(
        <Menu trigger="Account" label="Account menu">
          <MenuLabel>Signed in</MenuLabel>
          <MenuItem onSelect={() => selected.push('profile')}>Profile</MenuItem>
          <MenuItem onSelect={() => selected.push('sign out')}>Sign out</MenuItem>
        </Menu>,
      );
      await user.click(screen.getByRole('button', { name: 'Account menu' }));
      expect(await screen.findByRole('menu')).toBeInTheDocument();
      expect(loadedPackages.has('dropdown-menu')).toBe(true);
      await user.click(screen.getByRole('menuitem', { name: 'Sign out' }));
      expect(selected).toEqual(['sign out']);
      expect(screen.queryByRole('menu')).not.toBeInTheDocument();
      // Loaded now: the trigger is Radix's and opens on the next press at once.
      await user.click(screen.getByRole('button', { name: 'Account menu' }));
      expect(screen.getByRole('menu')).toBeInTheDocument();
    }),
  );

  it(
    'keeps the focus on a trigger reached with the keyboard while its script arrives, and opens on ArrowDown',
    withFreshModules(async ({ app, testing }) => {
      const user = userEvent.setup();
      const { Menu, MenuItem } = app;
      const { act, render, screen } = testing;
      render(
        <>
          <button type="button">Before</button>
          <Menu trigger="Wallet" label="Wallet menu">
            <MenuItem onSelect={() => undefined}>Open Wallet</MenuItem>
          </Menu>
        </>,
      );
      await user.tab();
      await user.tab();
      const trigger = screen.getByRole('button', { name: 'Wallet menu' });
      expect(trigger).toHaveFocus();
      // Focusing it fetched the script; the trigger stays the same button until it is pressed.
      await act(async () => {
        await new Promise((resolve) => setTimeout(resolve, 0));
      });
      expect(screen.getByRole('button', { name: 'Wallet menu' })).toHaveFocus();
      await user.keyboard('{ArrowDown}');
      expect(await screen.findByRole('menu')).toBeInTheDocument();
    }),
  );

  it(
    'shows a toast asked for before the toasts script has arrived',
    withFreshModules(async ({ app, react, testing }) => {
      const { AppProviders, useToast } = app;
      const { useEffect } = react;
      const { render, screen } = testing;
      function Arrival() {
        const toast = useToast();
        useEffect(() => toast.show({ title: 'Welcome back', variant: 'success' }), [toast]);
        return null;
      }
      render(
        <AppProviders>
          <Arrival />
        </AppProviders>,
      );
      expect(await screen.findByText('Welcome back')).toBeInTheDocument();
      expect(loadedPackages.has('toast')).toBe(true);
    }),
  );
});
