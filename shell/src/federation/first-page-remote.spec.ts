// A first page on a remote's path starts the remote with the page, for a signed-in visitor only.
import { tokenStorage } from '@app/platform';
import { startFirstPageRemote } from './first-page-remote';

const loadRemoteRoutes = jest.fn(() => Promise.resolve({ default: () => null }));
jest.mock('./remotes-registry', () => ({ loadRemoteRoutes: (...args: unknown[]) => loadRemoteRoutes(...(args as [])) }));

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  tokenStorage.clear();
  loadRemoteRoutes.mockClear();
});

describe('the first page on a remote path', () => {
  it('loads the owning remote when there is a session to check', async () => {
    tokenStorage.save('token');
    startFirstPageRemote('/wallet/history');
    await settle();
    expect(loadRemoteRoutes).toHaveBeenCalledWith('mf_wallet');
  });

  it('does the same for a cookie session', async () => {
    tokenStorage.rememberCookieSession(true);
    startFirstPageRemote('/invest');
    await settle();
    expect(loadRemoteRoutes).toHaveBeenCalledWith('mf_invest');
  });

  it('fetches nothing for a signed-out visitor or a page of the shell', async () => {
    startFirstPageRemote('/wallet');
    tokenStorage.save('token');
    startFirstPageRemote('/dashboard');
    await settle();
    expect(loadRemoteRoutes).not.toHaveBeenCalled();
  });

  it('keeps a remote that is down to its route: no unhandled failure here', async () => {
    tokenStorage.save('token');
    loadRemoteRoutes.mockImplementationOnce(() => Promise.reject(new Error('down')));
    startFirstPageRemote('/earn');
    await settle();
    expect(loadRemoteRoutes).toHaveBeenCalledWith('mf_earn');
  });
});
