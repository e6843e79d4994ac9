// index.html's inline script (build/early-requests-script.js) asks for a signed-in visitor's session before main.js
// runs; the API client takes each of those answers once, for the same URL and token, instead of asking again.
import { createApiClient } from './api-client';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startEarlyRequests } = require('../../build/early-requests-script.js') as {
  startEarlyRequests: (requests: { always: string[]; routes: Record<string, string[]> }) => void;
};

const requests = { always: ['/api/auth/profile'], routes: { '/': ['/api/users/wallets'], '/other': ['/api/x'] } };

function answer(body: unknown): Response {
  return { ok: true, status: 200, statusText: 'OK', text: async () => JSON.stringify(body) } as unknown as Response;
}

const pageFetch = jest.fn((url: string) => Promise.resolve(answer({ from: 'index.html', url })));
const clientFetch = jest.fn((url: string) => Promise.resolve(answer({ from: 'client', url })));

beforeEach(() => {
  globalThis.fetch = pageFetch as unknown as typeof fetch;
});

afterEach(() => {
  delete window.__appEarlyRequests;
  localStorage.clear();
  pageFetch.mockClear();
  clientFetch.mockClear();
});

function client(token: string | null) {
  return createApiClient({ getToken: () => token, fetchImplementation: clientFetch as unknown as typeof fetch });
}

describe('early requests from index.html', () => {
  it('asks for the session and the page’s own reads with the stored token, and the client adopts each once', async () => {
    localStorage.setItem('authToken', 'token-1');
    startEarlyRequests(requests);
    expect(pageFetch.mock.calls.map(([url]) => url)).toEqual(['/api/auth/profile', '/api/users/wallets']);
    expect(pageFetch).toHaveBeenCalledWith('/api/auth/profile', {
      headers: { Accept: 'application/json', Authorization: 'Bearer token-1' },
      credentials: 'include',
    });

    const api = client('token-1');
    expect(await api.get('/api/auth/profile')).toEqual({ from: 'index.html', url: '/api/auth/profile' });
    expect(await api.get('/api/users/wallets')).toEqual({ from: 'index.html', url: '/api/users/wallets' });
    expect(clientFetch).not.toHaveBeenCalled();
    // A second read (a refresh) asks the server.
    expect(await api.get('/api/auth/profile')).toEqual({ from: 'client', url: '/api/auth/profile' });
  });

  it('is not adopted for another token, another URL, a write or a call with its own headers', async () => {
    localStorage.setItem('authToken', 'token-1');
    startEarlyRequests(requests);
    expect(await client('token-2').get('/api/auth/profile')).toEqual({ from: 'client', url: '/api/auth/profile' });
    const api = client('token-1');
    expect(await api.get('/api/users/wallets', { query: { page: 2 } })).toMatchObject({ from: 'client' });
    expect(await api.post('/api/users/wallets')).toMatchObject({ from: 'client' });
    expect(await api.get('/api/users/wallets', { headers: { 'X-Trace': '1' } })).toMatchObject({ from: 'client' });
    expect(await api.get('/api/users/wallets')).toMatchObject({ from: 'index.html' });
  });

  it('is not adopted once it may be stale', async () => {
    localStorage.setItem('authToken', 'token-1');
    startEarlyRequests(requests);
    window.__appEarlyRequests!.startedAt -= 60_000;
    expect(await client('token-1').get('/api/auth/profile')).toMatchObject({ from: 'client' });
  });

  it('sends the cookie alone for a cookie session, and nothing for a visitor', () => {
    startEarlyRequests(requests);
    expect(pageFetch).not.toHaveBeenCalled();
    expect(window.__appEarlyRequests).toBeUndefined();

    localStorage.setItem('cookieSession', '1');
    startEarlyRequests(requests);
    expect(pageFetch).toHaveBeenCalledWith('/api/auth/profile', {
      headers: { Accept: 'application/json' },
      credentials: 'include',
    });
  });

  it('leaves a page whose API is elsewhere to the client', () => {
    localStorage.setItem('authToken', 'token-1');
    const meta = document.createElement('meta');
    meta.name = 'api-base';
    meta.content = 'https://api.example.com';
    document.head.appendChild(meta);
    try {
      startEarlyRequests(requests);
      expect(pageFetch).not.toHaveBeenCalled();
    } finally {
      meta.remove();
    }
  });
});
