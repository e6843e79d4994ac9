// Component tests answer API calls at the fetch boundary with an in-memory stand-in for the server: the
// component, its hooks and the platform's real API client all run; only the network is replaced (jsdom has none).
import { configureApiClient } from '@app/platform';

export interface RecordedCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Record<string, string>;
}

export interface FakeAnswer {
  status?: number;
  body?: unknown;
  /** A body sent as it is (a CSV or NDJSON download) instead of `body` as JSON. */
  text?: string;
}

type Handler = (call: RecordedCall) => FakeAnswer | Promise<FakeAnswer>;

export interface FakeApi {
  calls: RecordedCall[];
  /** Answers `METHOD /path` (path without the query string); a later registration replaces an earlier one. */
  on(route: string, handler: Handler | FakeAnswer): FakeApi;
  callsTo(route: string): RecordedCall[];
}

export function installFakeApi(): FakeApi {
  const routes = new Map<string, Handler>();
  const calls: RecordedCall[] = [];
  configureApiClient({
    getToken: () => 'test-token',
    fetchImplementation: (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      const call: RecordedCall = {
        method,
        path: url.pathname,
        query: url.searchParams,
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
        headers: { ...(init?.headers as Record<string, string>) },
      };
      calls.push(call);
      const handler = routes.get(`${method} ${url.pathname}`);
      const answer = handler ? await handler(call) : { status: 404, body: { error: 'Not found', code: 'NOT_FOUND' } };
      const status = answer.status ?? 200;
      return {
        ok: status >= 200 && status < 300,
        status,
        statusText: status === 404 ? 'Not Found' : status >= 500 ? 'Internal Server Error' : 'OK',
        text: async () => answer.text ?? (answer.body === undefined ? '' : JSON.stringify(answer.body)),
      } as unknown as Response;
    }) as typeof fetch,
  });
  const api: FakeApi = {
    calls,
    on(route, handler) {
      routes.set(route, typeof handler === 'function' ? handler : () => handler);
      return api;
    },
    callsTo(route) {
      return calls.filter((call) => `${call.method} ${call.path}` === route);
    },
  };
  return api;
}

/** A network failure (nothing answered), for the 'Network error occurred' paths. */
export function failNetwork(): never {
  throw new TypeError('Failed to fetch');
}
