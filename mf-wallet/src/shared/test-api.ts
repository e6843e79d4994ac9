// Component-test helper (never bundled: only *.spec.tsx import this file). Answers API calls at the fetch boundary.
import { configureApiClient } from '@app/platform';

export interface RecordedCall {
  key: string;
  url: URL;
  body: unknown;
  headers: Record<string, string>;
}

type Answer = { status?: number; body?: unknown };

/**
 * Answers calls from a table ('POST /api/withdrawal/request' → answer, or a function of the call); records each call.
 */
export function fakeWalletApi(table: Record<string, Answer | ((call: RecordedCall) => Answer)>): RecordedCall[] {
  const calls: RecordedCall[] = [];
  configureApiClient({
    getToken: () => 'test-token',
    fetchImplementation: (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const key = `${init?.method ?? 'GET'} ${url.pathname}`;
      const call = {
        key,
        url,
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
        headers: (init?.headers ?? {}) as Record<string, string>,
      };
      calls.push(call);
      const entry = table[key];
      const answer =
        typeof entry === 'function'
          ? entry(call)
          : (entry ?? { status: 404, body: { error: 'Not found', code: 'NOT_FOUND' } });
      const status = answer.status ?? 200;
      return {
        ok: status >= 200 && status < 300,
        status,
        statusText: status >= 500 ? 'Internal Server Error' : 'OK',
        text: async () => (answer.body === undefined ? '' : JSON.stringify(answer.body)),
      } as unknown as Response;
    }) as typeof fetch,
  });
  return calls;
}

/** The server's default withdrawal methods, as `GET /api/withdrawal/methods` answers them. */
export { DEFAULT_WITHDRAWAL_METHODS as withdrawalMethods } from '@app/contracts/withdrawals';
