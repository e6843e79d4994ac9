// A signed-in first page starts the signed-in frame's chunk (and the dashboard's) with main.js, for a session only.
import { tokenStorage } from '@app/platform';
import { startSignedInFirstPage } from './first-page';

const loadAppLayout = jest.fn(() => Promise.resolve({}));
const loadDashboardPage = jest.fn(() => Promise.resolve({}));
const loadLeaderboardPage = jest.fn(() => Promise.resolve({}));
const loadProfilePage = jest.fn(() => Promise.resolve({}));
jest.mock('./route-chunks', () => ({
  PROFILE_PAGE_PATHS: jest.requireActual('./route-chunks').PROFILE_PAGE_PATHS,
  appLayoutChunk: { load: () => loadAppLayout() },
  dashboardPageChunk: { load: () => loadDashboardPage() },
  leaderboardPageChunk: { load: () => loadLeaderboardPage() },
  profilePageChunk: { load: () => loadProfilePage() },
}));

afterEach(() => {
  tokenStorage.clear();
  tokenStorage.rememberCookieSession(false);
  loadAppLayout.mockClear();
  loadDashboardPage.mockClear();
  loadLeaderboardPage.mockClear();
  loadProfilePage.mockClear();
});

describe('a signed-in first page', () => {
  it('starts the frame and the dashboard on /dashboard', async () => {
    tokenStorage.save('token');
    await startSignedInFirstPage('/dashboard');
    expect(loadAppLayout).toHaveBeenCalledTimes(1);
    expect(loadDashboardPage).toHaveBeenCalledTimes(1);
  });

  it('starts the frame alone on a remote path or a page without an early chunk, also for a cookie session', async () => {
    tokenStorage.rememberCookieSession(true);
    await startSignedInFirstPage('/wallet');
    await startSignedInFirstPage('/profile');
    await startSignedInFirstPage('/admin');
    expect(loadAppLayout).toHaveBeenCalledTimes(3);
    expect(loadDashboardPage).not.toHaveBeenCalled();
    expect(loadLeaderboardPage).not.toHaveBeenCalled();
    expect(loadProfilePage).not.toHaveBeenCalled();
  });

  it("starts the leaderboard's chunk on /leaderboard, and the profile's on a person's profile", async () => {
    tokenStorage.save('token');
    await startSignedInFirstPage('/leaderboard');
    expect(loadLeaderboardPage).toHaveBeenCalledTimes(1);
    await startSignedInFirstPage('/profile/ana');
    await startSignedInFirstPage('/users/ana');
    await startSignedInFirstPage('/users/id/0190a7c2');
    expect(loadProfilePage).toHaveBeenCalledTimes(3);
    expect(loadDashboardPage).not.toHaveBeenCalled();
  });

  it('starts nothing for a visitor, or on a public page', async () => {
    await startSignedInFirstPage('/dashboard');
    tokenStorage.save('token');
    await startSignedInFirstPage('/');
    await startSignedInFirstPage('/auth');
    await startSignedInFirstPage('/no-such-page');
    expect(loadAppLayout).not.toHaveBeenCalled();
    expect(loadDashboardPage).not.toHaveBeenCalled();
  });

  it('says when what it started has arrived, for the first render to wait on (a failed chunk counts as done)', async () => {
    tokenStorage.save('token');
    let layoutArrives: (module: object) => void = () => undefined;
    loadAppLayout.mockImplementationOnce(() => new Promise((resolve) => (layoutArrives = resolve)));
    loadDashboardPage.mockImplementationOnce(() => Promise.reject(new Error('offline')));
    const { arrived } = await startSignedInFirstPage('/dashboard');
    let done = false;
    void arrived.then(() => (done = true));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(done).toBe(false);
    layoutArrives({});
    await arrived;
    expect(done).toBe(true);
    tokenStorage.clear();
    await expect((await startSignedInFirstPage('/dashboard')).arrived).resolves.toBeUndefined();
  });

  it('leaves a chunk that fails to its route: no unhandled failure here', async () => {
    tokenStorage.save('token');
    loadAppLayout.mockImplementationOnce(() => Promise.reject(new Error('offline')));
    startSignedInFirstPage('/dashboard');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(loadAppLayout).toHaveBeenCalledTimes(1);
  });
});
