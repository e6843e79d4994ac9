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
}

export interface RecordedCall {
  key: string;
  body: unknown;
  headers: Record<string, string>;
}

/**
 * Answers API calls from a table ('GET /api/drops' → response) at the fetch boundary, and records each call with its
 * JSON body and headers, so a test can check what a screen actually sent. jsdom has no network; the API client itself
 * is tested against a real HTTP server in its own spec.
 */
export function answerApiCallsRecording(
  table: Record<string, StubResponse | ((url: URL, body: unknown) => StubResponse)>,
): RecordedCall[] {
  const calls: RecordedCall[] = [];
  stubApi(table, (call) => calls.push(call));
  return calls;
}

/** Answers API calls from a table, returning the keys of the calls made ('GET /api/drops'), in order. */
export function answerApiCalls(table: Record<string, StubResponse | ((url: URL) => StubResponse)>): string[] {
  const keys: string[] = [];
  stubApi(table, (call) => keys.push(call.key));
  return keys;
}

/** The request's JSON body (as the API client sends it); any other string as is. */
function bodyOf(raw: unknown): unknown {
  if (typeof raw !== 'string') return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

function stubApi(
  table: Record<string, StubResponse | ((url: URL, body: unknown) => StubResponse)>,
  onCall: (call: RecordedCall) => void,
): void {
  configureApiClient({
    getToken: () => 'test-token',
    fetchImplementation: (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const key = `${init?.method ?? 'GET'} ${url.pathname}`;
      const body = bodyOf(init?.body);
      onCall({ key, body, headers: { ...(init?.headers as Record<string, string> | undefined) } });
      const entry = table[key];
      const answer =
        typeof entry === 'function'
          ? entry(url, body)
          : (entry ?? { status: 404, body: { error: 'Not found', code: 'NOT_FOUND' } });
      const status = answer.status ?? 200;
      return {
        ok: status >= 200 && status < 300,
        status,
        statusText: status === 404 ? 'Not Found' : 'OK',
        text: async () => (answer.body === undefined ? '' : JSON.stringify(answer.body)),
      } as unknown as Response;
    }) as typeof fetch,
  });
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
