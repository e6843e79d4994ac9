import './zod-config';
import type { z } from 'zod';
import { routePath, type AnyRoute } from '@app/contracts/http';
import { ApiError, INVALID_RESPONSE_CODE, apiErrorFromResponse, networkError } from './api-error';
import { tokenStorage } from './token-storage';
import { takeEarlyResponse } from './early-requests';
import { reportServerErrorAnswer } from '../telemetry/client-errors';
import { yieldToBrowser } from '../scheduling/yield-to-browser';

export interface ApiClientOptions {
  /** Host the API's routes are called on; empty means the page's own origin (the shell proxies /api). */
  baseUrl?: string;
  /** The bearer token to send; defaults to the stored `authToken`. */
  getToken?: () => string | null;
  fetchImplementation?: typeof fetch;
}

export interface RequestOptions<Schema extends z.ZodType> {
  /** Sent as JSON; a `FormData` (a file upload) is sent as it is, multipart, its boundary set by the browser. */
  body?: unknown;
  schema?: Schema;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  query?: Record<string, string | number | boolean | undefined>;
  /** `text`: a successful answer's body as it came (a CSV or NDJSON download), never parsed as JSON. */
  responseType?: 'json' | 'text';
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

type InputOf<Schema> = Schema extends z.ZodType ? z.input<Schema> : never;
type ParamsPart<Route extends AnyRoute> = Route['params'] extends z.ZodType
  ? { params: InputOf<Route['params']> }
  : { params?: undefined };
type QueryPart<Route extends AnyRoute> = Route['query'] extends z.ZodType
  ? { query?: InputOf<Route['query']> }
  : { query?: undefined };
type BodyPart<Route extends AnyRoute> = Route['body'] extends z.ZodType
  ? { body: InputOf<Route['body']> }
  : { body?: undefined };

/** What a call to a route takes: its path parameters, query and body as its contract types them. */
export type CallInput<Route extends AnyRoute> = ParamsPart<Route> &
  QueryPart<Route> &
  BodyPart<Route> & {
    signal?: AbortSignal;
    headers?: Record<string, string>;
  };

/** What a route answers: its documented success body, parsed; undefined for an empty one. */
export type CallOutput<Route extends AnyRoute> = Route['response'] extends z.ZodType
  ? z.output<Route['response']>
  : undefined;

/** A call's input may be left out when the route needs no parameters and no body. */
type CallArguments<Route extends AnyRoute> = Route['params'] extends z.ZodType
  ? [input: CallInput<Route>]
  : Route['body'] extends z.ZodType
    ? [input: CallInput<Route>]
    : [input?: CallInput<Route>];

export interface ApiClient {
  /**
   * Calls a route of the contracts (`api.call(convertCurrencyRoute, { body })`): the path, method, input types and the
   * schema the answer is parsed with all come from the route, so no path is typed twice.
   */
  call<Route extends AnyRoute>(route: Route, ...input: CallArguments<Route>): Promise<CallOutput<Route>>;
  /** A route's successful answer as text (a CSV or NDJSON download), never parsed. */
  callForText<Route extends AnyRoute>(route: Route, ...input: CallArguments<Route>): Promise<string>;
  request<Schema extends z.ZodType = z.ZodUnknown>(
    method: HttpMethod,
    path: string,
    options?: RequestOptions<Schema>,
  ): Promise<z.output<Schema>>;
  get<Schema extends z.ZodType = z.ZodUnknown>(
    path: string,
    options?: RequestOptions<Schema>,
  ): Promise<z.output<Schema>>;
  post<Schema extends z.ZodType = z.ZodUnknown>(
    path: string,
    body?: unknown,
    options?: RequestOptions<Schema>,
  ): Promise<z.output<Schema>>;
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

/**
 * A request's headers (its token, its body's type) and body: JSON, or a `FormData` (an upload) as it is, whose
 * multipart Content-Type and boundary the browser writes.
 */
function outgoing(
  requestOptions: RequestOptions<z.ZodType>,
  token: string | null,
): { headers: Record<string, string>; body: BodyInit | undefined } {
  const headers: Record<string, string> = { Accept: 'application/json', ...requestOptions.headers };
  if (token) headers.Authorization = `Bearer ${token}`;
  const { body } = requestOptions;
  if (body === undefined) return { headers, body: undefined };
  if (typeof FormData !== 'undefined' && body instanceof FormData) return { headers, body };
  headers['Content-Type'] = 'application/json';
  return { headers, body: JSON.stringify(body) };
}

/** A route call's path and request options: the parameters filled in, and an empty JSON body for writes without one. */
function callOptions(
  route: AnyRoute,
  input: Partial<CallInput<AnyRoute>> = {},
): { path: string; options: RequestOptions<z.ZodType> } {
  const path = routePath(route, (input.params ?? {}) as Record<string, string | number>);
  const options: RequestOptions<z.ZodType> = {
    signal: input.signal,
    headers: input.headers,
    query: input.query as RequestOptions<z.ZodType>['query'],
  };
  if (input.body !== undefined) options.body = input.body;
  else if (route.method !== 'get' && route.method !== 'delete') options.body = {};
  return { path, options };
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const getToken = options.getToken ?? tokenStorage.getToken;

  async function request<Schema extends z.ZodType>(
    method: HttpMethod,
    path: string,
    requestOptions: RequestOptions<Schema> = {},
  ): Promise<z.output<Schema>> {
    // Each call starts in a task of its own: a page's queries start together when it mounts (in React's effects,
    // after its commit), and a fetch costs the main thread a millisecond or more on a phone.
    await yieldToBrowser();
    const fetchImplementation = options.fetchImplementation ?? globalThis.fetch.bind(globalThis);
    const token = getToken();
    const sent = outgoing(requestOptions, token);
    const url = buildUrl(options.baseUrl ?? '', path, requestOptions.query);
    // index.html may have asked for this already (the session, the first page's query): its answer is taken as ours.
    const adoptable = method === 'GET' && requestOptions.body === undefined && requestOptions.headers === undefined;
    const early = adoptable ? takeEarlyResponse(url, token) : undefined;
    let response: Response;
    try {
      response = await (early ??
        fetchImplementation(url, {
          method,
          headers: sent.headers,
          body: sent.body,
          credentials: 'include',
          signal: requestOptions.signal,
        }));
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
    // Validating an answer (and building its schema, on first use) is its own task: answers that arrive together
    // would otherwise be parsed in one long task, with the code that awaits them.
    await yieldToBrowser();
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
    call: <Route extends AnyRoute>(route: Route, ...input: CallArguments<Route>) => {
      const { path, options } = callOptions(route, input[0] as Partial<CallInput<AnyRoute>>);
      const schema = (route.response ?? undefined) as z.ZodType | undefined;
      return request(route.method.toUpperCase() as HttpMethod, path, { ...options, schema }) as Promise<
        CallOutput<Route>
      >;
    },
    callForText: (route, ...input) => {
      const { path, options } = callOptions(route, input[0] as Partial<CallInput<AnyRoute>>);
      return request(route.method.toUpperCase() as HttpMethod, path, {
        ...options,
        responseType: 'text',
      }) as Promise<string>;
    },
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
