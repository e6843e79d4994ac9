import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { tokenStorage } from '../api/token-storage';
import { answerApiCalls, apiMe, apiSession, apiUser } from '../testing';
import { useSession } from './session-context';
import { SessionProvider, startSessionRequests } from './session-provider';

const demoUser = apiUser({
  id: 'u-1',
  email: 'creator@demo.local',
  username: 'demo_creator',
  display_name: 'Demo Creator',
});
const balances = { points_balance: 5000, keys_balance: 20, gems_balance: 1000, gold_collected: 500 };

function Probe() {
  const session = useSession();
  return (
    <div>
      <p>status: {session.status}</p>
      <p>expired: {String(Boolean(session.expired))}</p>
      <p>name: {session.user?.display_name ?? '-'}</p>
      <p>points: {session.user?.points_balance ?? '-'}</p>
      <button type="button" onClick={() => void session.signInAsDemo('creator')}>
        demo
      </button>
      <button type="button" onClick={() => void session.signOut()}>
        out
      </button>
    </div>
  );
}

describe('SessionProvider', () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
  });

  it('knows an anonymous visitor at once and asks the server nothing', () => {
    const calls = answerApiCalls({});
    render(
      <SessionProvider>
        <Probe />
      </SessionProvider>,
    );
    expect(screen.getByText('status: anonymous')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('loads the user with balances for a stored token (pending meanwhile)', async () => {
    tokenStorage.save('stored-token');
    answerApiCalls({
      'GET /api/auth/profile': { body: { success: true, user: demoUser } },
      'GET /api/users/me': { body: apiMe({ ...demoUser, ...balances }) },
    });
    render(
      <SessionProvider>
        <Probe />
      </SessionProvider>,
    );
    expect(screen.getByText('status: pending')).toBeInTheDocument();
    expect(await screen.findByText('status: authenticated')).toBeInTheDocument();
    expect(screen.getByText('name: Demo Creator')).toBeInTheDocument();
    expect(screen.getByText('points: 5000')).toBeInTheDocument();
  });

  it('takes over the session checked before it mounted: signed in from its first render, the server asked once', async () => {
    tokenStorage.save('stored-token');
    const calls = answerApiCalls({
      'GET /api/auth/profile': { body: { success: true, user: demoUser } },
      'GET /api/users/me': { body: apiMe({ ...demoUser, ...balances }) },
    });
    await startSessionRequests();
    render(
      <SessionProvider>
        <Probe />
      </SessionProvider>,
    );
    expect(screen.getByText('status: authenticated')).toBeInTheDocument();
    expect(screen.getByText('points: 5000')).toBeInTheDocument();
    await waitFor(() => expect(window.localStorage.getItem('greetingName')).toBe('Demo Creator'));
    expect(calls.filter((call) => call === 'GET /api/auth/profile')).toEqual(['GET /api/auth/profile']);
    expect(calls.filter((call) => call === 'GET /api/users/me')).toEqual(['GET /api/users/me']);
  });

  it('handles a first check that ended the session as its own check: signed out, the expiry reported once', async () => {
    tokenStorage.save('expired-token');
    const calls = answerApiCalls({
      'GET /api/auth/profile': { status: 401, body: { error: 'Session expired', code: 'UNAUTHENTICATED' } },
      'GET /api/users/me': { status: 401, body: { error: 'Session expired', code: 'UNAUTHENTICATED' } },
      'POST /api/auth/refresh': { status: 401, body: { error: 'Session expired', code: 'UNAUTHENTICATED' } },
    });
    await startSessionRequests();
    const onExpired = jest.fn();
    render(
      <SessionProvider onExpired={onExpired}>
        <Probe />
      </SessionProvider>,
    );
    expect(screen.getByText('status: pending')).toBeInTheDocument();
    expect(await screen.findByText('expired: true')).toBeInTheDocument();
    await waitFor(() => expect(onExpired).toHaveBeenCalledTimes(1));
    expect(tokenStorage.getToken()).toBeNull();
    expect(calls.filter((call) => call === 'POST /api/auth/refresh')).toEqual(['POST /api/auth/refresh']);
  });

  it('signs out on a 401 from the profile (after one refresh attempt) and reports the expiry', async () => {
    tokenStorage.save('expired-token');
    tokenStorage.rememberGreetingName('Demo Creator');
    const calls = answerApiCalls({
      'GET /api/auth/profile': { status: 401, body: { error: 'Session expired', code: 'UNAUTHENTICATED' } },
      'GET /api/users/me': { status: 401, body: { error: 'Session expired', code: 'UNAUTHENTICATED' } },
      'POST /api/auth/refresh': { status: 401, body: { error: 'Session expired', code: 'UNAUTHENTICATED' } },
    });
    const onExpired = jest.fn();
    render(
      <SessionProvider onExpired={onExpired}>
        <Probe />
      </SessionProvider>,
    );
    expect(await screen.findByText('status: anonymous')).toBeInTheDocument();
    expect(screen.getByText('expired: true')).toBeInTheDocument();
    await waitFor(() => expect(onExpired).toHaveBeenCalledTimes(1));
    expect(tokenStorage.getToken()).toBeNull();
    // No first paint of a signed-in page, nor its greeting, for an expired session.
    expect(window.localStorage.getItem('greetingName')).toBeNull();
    expect(calls).toContain('POST /api/auth/refresh');
  });

  it('keeps a cookie-only session (after Google sign-in) across a reload', async () => {
    answerApiCalls({
      'GET /api/auth/profile': { body: { success: true, user: demoUser } },
      'GET /api/users/me': { body: apiMe({ ...demoUser, ...balances }) },
    });
    const captured: { session?: ReturnType<typeof useSession> } = {};
    function Capture() {
      captured.session = useSession();
      return null;
    }
    const first = render(
      <SessionProvider>
        <Capture />
      </SessionProvider>,
    );
    await act(async () => {
      await captured.session?.acceptToken('');
    });
    expect(captured.session?.status).toBe('authenticated');
    first.unmount();
    // A reload: no token is stored, but the provider knows to ask the server.
    render(
      <SessionProvider>
        <Probe />
      </SessionProvider>,
    );
    expect(screen.getByText('status: pending')).toBeInTheDocument();
    expect(await screen.findByText('status: authenticated')).toBeInTheDocument();
  });

  it('stores the token on demo sign-in and clears storage on sign-out', async () => {
    const user = userEvent.setup();
    const calls = answerApiCalls({
      'POST /api/auth/demo/creator': { body: apiSession(demoUser, 'fresh-token') },
      'GET /api/auth/profile': { body: { success: true, user: demoUser } },
      'GET /api/users/me': { body: apiMe({ ...demoUser, ...balances }) },
      'POST /api/auth/logout': { body: { success: true } },
    });
    render(
      <SessionProvider>
        <Probe />
      </SessionProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'demo' }));
    expect(await screen.findByText('status: authenticated')).toBeInTheDocument();
    expect(tokenStorage.getToken()).toBe('fresh-token');
    expect(await screen.findByText('points: 5000')).toBeInTheDocument();
    // The greeting name index.html's first paint of /dashboard shows, before any script has read the session.
    expect(window.localStorage.getItem('greetingName')).toBe('Demo Creator');
    window.sessionStorage.setItem('returnTo', '/wallet');
    await act(async () => {
      await user.click(screen.getByRole('button', { name: 'out' }));
    });
    expect(await screen.findByText('status: anonymous')).toBeInTheDocument();
    expect(tokenStorage.getToken()).toBeNull();
    expect(window.localStorage.getItem('greetingName')).toBeNull();
    expect(window.sessionStorage.getItem('returnTo')).toBeNull();
    expect(calls).toContain('POST /api/auth/logout');
  });
});
