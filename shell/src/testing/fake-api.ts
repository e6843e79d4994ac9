// Component tests answer API calls at the fetch boundary with an in-memory stand-in for the server: the
// component, its hooks and the platform's real API client all run; only the network is replaced (jsdom has none).
import { answerApiAtFetch, type StubResponse } from '@app/platform/testing';

export interface RecordedCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Record<string, string>;
}

export type FakeAnswer = StubResponse;

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
  answerApiAtFetch(({ key, method, url, body, headers }) => {
    const call: RecordedCall = { method, path: url.pathname, query: url.searchParams, body, headers };
    calls.push(call);
    return routes.get(key)?.(call);
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
