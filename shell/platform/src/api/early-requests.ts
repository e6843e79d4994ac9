/**
 * The answers index.html asked for before main.js ran (build/early-requests-plugin.js): the session and the first
 * page's own query. Each is adopted once, by the first client call for the same URL with the same token, and only
 * soon after the page opened: a later call (a refresh, another page) asks the server again.
 */
interface EarlyRequests {
  token: string | null;
  startedAt: number;
  responses: Record<string, Promise<Response> | undefined>;
}

declare global {
  interface Window {
    __appEarlyRequests?: EarlyRequests;
  }
}

/** Beyond this an early answer may be stale (a slow first page still adopts it; a later visit does not). */
const EARLY_ANSWER_LIFETIME_MILLISECONDS = 20_000;

/** The early answer for `GET url` sent with `token`, taken so that no one adopts it twice; undefined if none. */
export function takeEarlyResponse(url: string, token: string | null): Promise<Response> | undefined {
  const early = typeof window === 'undefined' ? undefined : window.__appEarlyRequests;
  const response = early?.responses[url];
  if (!early || !response) return undefined;
  early.responses[url] = undefined;
  if (early.token !== token || Date.now() - early.startedAt > EARLY_ANSWER_LIFETIME_MILLISECONDS) return undefined;
  return response;
}
