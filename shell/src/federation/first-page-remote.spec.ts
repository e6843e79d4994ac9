// A first page on a remote's path starts the remote with the page, for a signed-in visitor only.
import { tokenStorage } from '@app/platform';
import { startFirstPageRemote } from './first-page-remote';

const loadRemoteRoutes = jest.fn((_remote: string, _manifest?: Promise<Response>) =>
  Promise.resolve({ default: () => null }),
);
const startSharedModules = jest.fn();
jest.mock('./remotes-registry', () => ({
  loadRemoteRoutes: (...args: [string, Promise<Response>?]) => loadRemoteRoutes(...args),
  startSharedModules: () => startSharedModules(),
}));
const fetchSpy = jest.fn((_url: string, _init?: RequestInit) => Promise.resolve({ ok: true, status: 200 } as Response));

beforeEach(() => {
  globalThis.fetch = fetchSpy as unknown as typeof fetch;
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  tokenStorage.clear();
  loadRemoteRoutes.mockClear();
  startSharedModules.mockClear();
  fetchSpy.mockClear();
});

describe('the first page on a remote path', () => {
  it('loads the owning remote when there is a session to check', async () => {
    tokenStorage.save('token');
    startFirstPageRemote('/wallet/history');
    await settle();
    expect(loadRemoteRoutes).toHaveBeenCalledWith('mf_wallet', expect.any(Promise));
  });

  it('requests the remotes manifest at once and hands the request to the registry, with the shared modules', async () => {
    tokenStorage.save('token');
    startFirstPageRemote('/earn');
    expect(fetchSpy).toHaveBeenCalledWith('/remotes.json', expect.objectContaining({ cache: 'no-store' }));
    await settle();
    expect(startSharedModules).toHaveBeenCalledTimes(1);
    const handedOver = loadRemoteRoutes.mock.calls[0]?.[1];
    expect(handedOver).toBe(fetchSpy.mock.results[0]?.value);
  });

  it('does the same for a cookie session', async () => {
    tokenStorage.rememberCookieSession(true);
    startFirstPageRemote('/invest');
    await settle();
    expect(loadRemoteRoutes).toHaveBeenCalledWith('mf_invest', expect.any(Promise));
  });

  it('fetches nothing for a signed-out visitor or a page of the shell', async () => {
    startFirstPageRemote('/wallet');
    tokenStorage.save('token');
    startFirstPageRemote('/dashboard');
    await settle();
    expect(loadRemoteRoutes).not.toHaveBeenCalled();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('keeps a remote that is down to its route: no unhandled failure here, and settles', async () => {
    tokenStorage.save('token');
    loadRemoteRoutes.mockImplementationOnce(() => Promise.reject(new Error('down')));
    await expect(startFirstPageRemote('/earn')).resolves.toBeUndefined();
    expect(loadRemoteRoutes).toHaveBeenCalledWith('mf_earn', expect.any(Promise));
  });

  it("settles once the remote's routes have arrived, for the first render to wait on", async () => {
    tokenStorage.save('token');
    let routesArrive: (routes: { default: () => null }) => void = () => undefined;
    loadRemoteRoutes.mockImplementationOnce(() => new Promise((resolve) => (routesArrive = resolve)));
    let done = false;
    const started = startFirstPageRemote('/wallet').then(() => (done = true));
    await settle();
    expect(done).toBe(false);
    routesArrive({ default: () => null });
    await started;
    expect(done).toBe(true);
  });
});
