import { configureApiClient } from '@app/platform';
import type { StubResponse } from '@app/platform/testing';

export interface RecordedCall {
  key: string;
  body: unknown;
  headers: Record<string, string>;
}

/**
 * Answers API calls from a table at the fetch boundary (like `answerApiCalls` of `@app/platform/testing`) and records
 * each call with its JSON body and headers, so a test checks what a screen actually sent.
 */
export function answerApiCallsRecording(table: Record<string, StubResponse | ((url: URL, body: unknown) => StubResponse)>): RecordedCall[] {
  const calls: RecordedCall[] = [];
  configureApiClient({
    getToken: () => 'test-token',
    fetchImplementation: (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const key = `${init?.method ?? 'GET'} ${url.pathname}`;
      const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ key, body, headers: { ...(init?.headers as Record<string, string> | undefined) } });
      const entry = table[key];
      const answer = typeof entry === 'function' ? entry(url, body) : (entry ?? { status: 404, body: { error: 'Not found', code: 'NOT_FOUND' } });
      const status = answer.status ?? 200;
      return {
        ok: status >= 200 && status < 300,
        status,
        statusText: status === 404 ? 'Not Found' : 'OK',
        text: async () => (answer.body === undefined ? '' : JSON.stringify(answer.body)),
      } as unknown as Response;
    }) as typeof fetch,
  });
  return calls;
}
