// Test helpers for component tests in the shell and the remotes (never bundled into an app).
import { QueryClient } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { configureApiClient } from './api/api-client';
import { AppProviders } from './providers';
import { type Session, SessionContext } from './session/session-context';
import type { User } from './session/user';

/** A signed-in user with sensible defaults; override what the test is about. */
export function createUser(overrides: Partial<User> = {}): User {
  return {
    id: 'user-1',
    email: 'ada@example.com',
    username: 'ada',
    display_name: 'Ada Lovelace',
    user_type: 'creator',
    user_tier: 'free',
    points_balance: '1500',
    keys_balance: '3',
    gems_balance: '12.5',
    gold_collected: '0',
    moves_balance: null,
    ...overrides,
  };
}

export function createSession(user: User | null, overrides: Partial<Session> = {}): Session {
  const fail = async () => {
    throw new Error('not used in this test');
  };
  return {
    status: user ? 'authenticated' : 'anonymous',
    user,
    expired: false,
    signIn: fail,
    signUp: fail,
    signInAsDemo: fail,
    acceptToken: async () => user,
    signOut: async () => undefined,
    refresh: async () => undefined,
    ...overrides,
  };
}

/**
 * Answers of the session endpoints as the API sends them (identity's `UserSchema`, the ledger's balances as JSON
 * numbers), so component tests parse the same shapes the contracts describe. Override what the test is about.
 */
export function apiUser(overrides: Record<string, unknown> = {}) {
  return {
    id: 'user-1',
    email: 'ada@example.com',
    username: 'ada',
    display_name: 'Ada Lovelace',
    bio: null,
    avatar_url: null,
    banner_url: null,
    website_url: null,
    social_links: {},
    user_type: 'creator',
    user_tier: 'free',
    is_admin: false,
    referral_code: 'ADA001',
    referred_by: null,
    slug: 'ada',
    email_confirmed: true,
    is_demo: false,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/**
 * `getMeRoute`'s answer: the user with every balance (0 unless overridden), spec 2 §3's standing figures at their
 * empty values, level and XP.
 */
export function apiMe(overrides: Record<string, unknown> = {}) {
  return {
    ...apiUser(),
    points_balance: 0,
    keys_balance: 0,
    gems_balance: 0,
    gold_collected: 0,
    usd_balance: 0,
    moves_balance: 0,
    move_balance: 0,
    points_streak_days: 0,
    total_earnings_usd: 0,
    master_key_activated_at: null,
    follower_count: 0,
    following_count: null,
    promogem_balance: 0,
    last_activity_date: null,
    brand_name: null,
    brand_description: null,
    brand_website: null,
    brand_email: null,
    brand_phone: null,
    brand_logo_url: null,
    level: 1,
    xp_points: 0,
    ...overrides,
  };
}

/** A sign-in, demo sign-in or refresh answer. */
export function apiSession(user: Record<string, unknown> = apiUser(), token = 'test-token') {
  return { token, expires_at: '2099-01-01T00:00:00.000Z', user };
}

export interface StubResponse {
  status?: number;
  body?: unknown;
  /** A body sent as it is (a CSV or NDJSON download) instead of `body` as JSON. */
  text?: string;
}

export interface RecordedCall {
  key: string;
  body: unknown;
  headers: Record<string, string>;
}

/** A request as the API client sent it: `key` is 'METHOD /path' (no query); `body` parsed JSON, or a FormData. */
export interface ApiCall extends RecordedCall {
  method: string;
  url: URL;
}

const NOT_FOUND: StubResponse = { status: 404, body: { error: 'Not found', code: 'NOT_FOUND' } };

type ApiAnswer = StubResponse | 'network-error' | undefined;

/** The request's JSON body (as the API client sends it); any other string, or a FormData (an upload), as it is. */
function bodyOf(raw: unknown): unknown {
  if (typeof raw !== 'string') return raw ?? undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

/**
 * The shared API client's network, replaced for a component test (jsdom has none): every request goes to `answer`,
 * which answers it, says `network-error` (nothing answered) or has no answer (undefined: 404 NOT_FOUND). The client
 * itself, its parsing and its errors run as in the app; the client is tested against a real HTTP server in its own
 * spec. The helpers below, and each app's own table of answers, are built on this one.
 */
export function answerApiAtFetch(answer: (call: ApiCall) => ApiAnswer | Promise<ApiAnswer>): void {
  configureApiClient({
    getToken: () => 'test-token',
    fetchImplementation: (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      const headers = { ...(init?.headers as Record<string, string> | undefined) };
      const call = { key: `${method} ${url.pathname}`, method, url, body: bodyOf(init?.body), headers };
      const answered = (await answer(call)) ?? NOT_FOUND;
      if (answered === 'network-error') throw new TypeError('Failed to fetch');
      const status = answered.status ?? 200;
      return {
        ok: status >= 200 && status < 300,
        status,
        statusText: status === 404 ? 'Not Found' : status >= 500 ? 'Internal Server Error' : 'OK',
        text: async () => answered.text ?? (answered.body === undefined ? '' : JSON.stringify(answered.body)),
      } as unknown as Response;
    }) as typeof fetch,
  });
}

/**
 * Answers API calls from a table ('GET /api/drops' → response) and records each call with its JSON body and headers,
 * so a test can check what a screen actually sent.
 */
export function answerApiCallsRecording(
  table: Record<string, StubResponse | ((url: URL, body: unknown) => StubResponse)>,
): RecordedCall[] {
  const calls: RecordedCall[] = [];
  answerApiAtFetch(({ key, url, body, headers }) => {
    calls.push({ key, body, headers });
    const entry = table[key];
    return typeof entry === 'function' ? entry(url, body) : entry;
  });
  return calls;
}

/** Answers API calls from a table, returning the keys of the calls made ('GET /api/drops'), in order. */
export function answerApiCalls(table: Record<string, StubResponse | ((url: URL) => StubResponse)>): string[] {
  const keys: string[] = [];
  answerApiAtFetch(({ key, url }) => {
    keys.push(key);
    const entry = table[key];
    return typeof entry === 'function' ? entry(url) : entry;
  });
  return keys;
}

type PlatformOptions = { user?: User | null; route?: string; session?: Partial<Session> };

/** `ui` inside a router, a session (a signed-in test user unless `user` says otherwise) and the app's providers. */
export function withPlatform(ui: ReactElement, options: PlatformOptions = {}): ReactElement {
  const user = options.user === undefined ? createUser() : options.user;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <MemoryRouter initialEntries={[options.route ?? '/']}>
      <SessionContext.Provider value={createSession(user, options.session)}>
        <AppProviders queryClient={queryClient}>{ui}</AppProviders>
      </SessionContext.Provider>
    </MemoryRouter>
  );
}

export function renderWithPlatform(ui: ReactElement, options: PlatformOptions = {}): RenderResult {
  return render(withPlatform(ui, options));
}

// The page tracker class, for tests that replace the page's tracker (`setTelemetryTracker`) and read its batches.
export { createContent, createDrop } from './test-fixtures';
export { FLUSH_INTERVAL_MS, MAX_EVENTS_PER_BATCH, TelemetryTracker } from './telemetry/tracker';
