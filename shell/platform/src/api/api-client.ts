import type { z } from 'zod';
import { ApiError, INVALID_RESPONSE_CODE, apiErrorFromResponse, networkError } from './api-error';
import { tokenStorage } from './token-storage';
import { reportServerErrorAnswer } from '../telemetry/client-errors';

export interface ApiClientOptions {
  /** Host that `/api/...` paths go to; empty means the page's own origin (the shell proxies /api). */
  baseUrl?: string;
  /** The bearer token to send; defaults to the stored `authToken`. */
  getToken?: () => string | null;
  fetchImplementation?: typeof fetch;
}

export interface RequestOptions<Schema extends z.ZodType> {
  body?: unknown;
  schema?: Schema;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  query?: Record<string, string | number | boolean | undefined>;
  /** `text`: a successful answer's body as it came (a CSV or NDJSON download), never parsed as JSON. */
  responseType?: 'json' | 'text';
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiClient {
  request<Schema extends z.ZodType = z.ZodUnknown>(method: HttpMethod, path: string, options?: RequestOptions<Schema>): Promise<z.output<Schema>>;
  get<Schema extends z.ZodType = z.ZodUnknown>(path: string, options?: RequestOptions<Schema>): Promise<z.output<Schema>>;
  post<Schema extends z.ZodType = z.ZodUnknown>(path: string, body?: unknown, options?: RequestOptions<Schema>): Promise<z.output<Schema>>;
}

function buildUrl(baseUrl: string, path: string, query?: RequestOptions<z.ZodType>['query']): string {
  const url = `${baseUrl.replace(/\/$/, '')}${path}`;
  if (!query) return url;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, String(value));
  const text = search.toString();
  return text === '' ? url : `${url}${url.includes('?') ? '&' : '?'}${text}`;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const getToken = options.getToken ?? tokenStorage.getToken;

  async function request<Schema extends z.ZodType>(method: HttpMethod, path: string, requestOptions: RequestOptions<Schema> = {}): Promise<z.output<Schema>> {
    const fetchImplementation = options.fetchImplementation ?? globalThis.fetch.bind(globalThis);
    const headers: Record<string, string> = { Accept: 'application/json', ...requestOptions.headers };
    const token = getToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    if (requestOptions.body !== undefined) headers['Content-Type'] = 'application/json';

    let response: Response;
    try {
      response = await fetchImplementation(buildUrl(options.baseUrl ?? '', path, requestOptions.query), {
        method,
        headers,
        body: requestOptions.body === undefined ? undefined : JSON.stringify(requestOptions.body),
        credentials: 'include',
        signal: requestOptions.signal,
      });
    } catch (error) {
      // A cancelled request is not a network failure: let callers (TanStack Query) see the abort.
      if (requestOptions.signal?.aborted) throw error;
      throw networkError(error);
    }

    if (response.ok && requestOptions.responseType === 'text') return (await response.text()) as z.output<Schema>;
    const body = await readBody(response);
    if (!response.ok) {
      const error = apiErrorFromResponse(response.status, response.statusText, body);
      // Spec 3 §7: 500/502/503/504 answers are reported to /api/logs/client-error (fire and forget).
      reportServerErrorAnswer(method, path, response.status, error.code);
      throw error;
    }
    if (!requestOptions.schema) return body as z.output<Schema>;
    const parsed = requestOptions.schema.safeParse(body);
    if (!parsed.success) {
      throw new ApiError({
        message: `Unexpected response from ${method} ${path}`,
        status: response.status,
        code: INVALID_RESPONSE_CODE,
        details: parsed.error.issues,
      });
    }
    return parsed.data;
  }

  return {
    request,
    get: (path, requestOptions) => request('GET', path, requestOptions),
    post: (path, body, requestOptions) => request('POST', path, { ...requestOptions, body: body ?? {} }),
  };
}

let defaultClient = createApiClient({ baseUrl: readConfiguredBaseUrl() });

function readConfiguredBaseUrl(): string {
  if (typeof document === 'undefined') return '';
  // A deployment can point /api calls at another host with <meta name="api-base" content="https://...">.
  return document.querySelector('meta[name="api-base"]')?.getAttribute('content') ?? '';
}

/** The client shared by the host and every remote (this module is a federation singleton). */
export function apiClient(): ApiClient {
  return defaultClient;
}

export function configureApiClient(options: ApiClientOptions): void {
  defaultClient = createApiClient(options);
}
