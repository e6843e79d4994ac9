import { act, screen } from '@testing-library/react';
import type { Root } from 'react-dom/client';
import { tokenStorage } from '../api/token-storage';
import { answerApiCalls, apiMe, apiUser } from '../testing';
import { renderStandalone } from './render-standalone';

const demoUser = apiUser({
  id: 'u-1',
  email: 'creator@demo.local',
  username: 'demo_creator',
  display_name: 'Demo Creator',
});
const balances = { points_balance: 5000, keys_balance: 20, gems_balance: 1000, gold_collected: 500 };

function ExampleRoutes() {
  return <h1>Example page</h1>;
}

const props = {
  remoteName: 'mf_example',
  homePath: '/example',
  links: [{ to: '/example', label: 'Example' }],
  routes: ExampleRoutes,
};

describe('renderStandalone', () => {
  let root: Root | undefined;
  afterEach(() => {
    act(() => root?.unmount());
    root = undefined;
  });
  beforeEach(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
    window.history.replaceState(null, '', '/');
    document.body.innerHTML = '';
  });

  it('refuses a page without #root', () => {
    expect(() => renderStandalone(props)).toThrow('#root is missing from index.html');
  });

  it('asks an anonymous visitor to sign in, with the links to the remote', async () => {
    document.body.innerHTML = '<div id="root"></div>';
    answerApiCalls({});
    await act(async () => {
      root = renderStandalone(props);
    });
    expect(screen.getByRole('heading', { name: 'Sign in to try mf_example' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Example' })).toHaveAttribute('href', '/example');
  });

  it("sends a signed-in user from / to the home path and shows the remote's routes", async () => {
    document.body.innerHTML = '<div id="root"></div>';
    tokenStorage.save('stored-token');
    answerApiCalls({
      'GET /api/auth/profile': { body: { success: true, user: demoUser } },
      'GET /api/users/me': { body: apiMe({ ...demoUser, ...balances }) },
    });
    await act(async () => {
      root = renderStandalone(props);
    });
    expect(await screen.findByRole('heading', { name: 'Example page' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/example');
    expect(screen.getByText('Demo Creator')).toBeInTheDocument();
  });
});
