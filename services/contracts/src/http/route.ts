import { z } from 'zod';
import { toOpenApiPath } from './route-path';

/**
 * A route of the API as plain data: its method, path and schemas. The server binds a handler to it (`@Route(route)`),
 * the front ends call it (`api.call(route, input)`), and the OpenAPI document is built from every route in one place
 * (`@app/contracts/openapi`). Nothing here imports the OpenAPI generator, so browser bundles stay free of it.
 */

/** The error body of every non-2xx answer (ARCHITECTURE §5). */
export const FieldErrorSchema = z
  .object({
    field: z.string().meta({ description: 'Dotted path of the offending input, `(root)` for the whole body' }),
    message: z.string(),
  })
  .meta({ id: 'FieldError' });

export const ApiErrorSchema = z
  .object({
    error: z.string().meta({ description: 'Human-readable message, safe to show' }),
    code: z.string().meta({ description: 'Stable UPPER_SNAKE code clients branch on', example: 'VALIDATION_ERROR' }),
    details: z.unknown().optional(),
    field_errors: z.array(FieldErrorSchema).optional(),
  })
  .meta({ id: 'ApiError' });
export type ApiErrorBody = z.infer<typeof ApiErrorSchema>;

/**
 * The `Idempotency-Key` header every money-moving POST honours (ARCHITECTURE §3): one definition, so the documented
 * limit is the same everywhere.
 */
export const IdempotencyKeyHeaders = z.object({
  'idempotency-key': z.string().max(255).optional().meta({
    description: 'Same key and body → the first answer again, money moved once; same key, other body → 409.',
  }),
});

// Paths are plain string work with no zod: the browser's API client takes them from route-path.ts alone (through this
// re-export, which bundlers follow to that file), so the first page does not load zod.
export { routePath, toOpenApiPath } from './route-path';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

type ObjectSchema = z.ZodObject;

/** A response: a schema (JSON body, described by `description` or a default) or `null` for an empty body. */
export type ResponseSpec = z.ZodType | null | { description: string; schema: z.ZodType | null };

export type SuccessStatus = 200 | 201 | 202 | 204;
export type RouteResponses = Partial<Record<SuccessStatus, ResponseSpec>>;
export type ErrorStatus = 400 | 401 | 403 | 404 | 405 | 409 | 410 | 412 | 413 | 415 | 422 | 428 | 429 | 502 | 503;

export interface RouteDefinitionInput<
  Body extends z.ZodType | undefined = undefined,
  Query extends ObjectSchema | undefined = undefined,
  Params extends ObjectSchema | undefined = undefined,
  Responses extends RouteResponses = RouteResponses,
> {
  method: HttpMethod;
  /** Full path as served, Express style (`/api/drops/:dropId`); converted to OpenAPI's `{dropId}` for the document. */
  path: string;
  summary: string;
  description?: string;
  /** Grouping in the docs page; defaults to the first path segment after `/api`. */
  tags?: string[];
  /** No bearer token needed (the API marks the handler `@Public()` too; this only documents it). */
  public?: boolean;
  request?: { body?: Body; query?: Query; params?: Params; headers?: ObjectSchema };
  /** Success responses by status. Error responses (400, 401, 403, 404, 409, 422, 429, 500) are added for you. */
  responses: Responses;
  /** Extra documented error statuses beyond the defaults, with what they mean here. */
  errors?: Partial<Record<ErrorStatus, string>>;
}

/** The schema of a response spec, or null for an empty body. */
type SchemaOf<Spec> = Spec extends z.ZodType
  ? Spec
  : Spec extends { schema: infer S }
    ? S extends z.ZodType
      ? S
      : null
    : null;

/** The first documented success response's schema (200, then 201, 202, 204). */
export type SuccessSchemaOf<Responses extends RouteResponses> = Responses extends { 200: infer R }
  ? SchemaOf<R>
  : Responses extends { 201: infer R }
    ? SchemaOf<R>
    : Responses extends { 202: infer R }
      ? SchemaOf<R>
      : Responses extends { 204: infer R }
        ? SchemaOf<R>
        : null;

export interface RouteDefinition<
  Body extends z.ZodType | undefined = undefined,
  Query extends ObjectSchema | undefined = undefined,
  Params extends ObjectSchema | undefined = undefined,
  Responses extends RouteResponses = RouteResponses,
> {
  readonly kind: 'route';
  method: HttpMethod;
  path: string;
  openApiPath: string;
  body: Body;
  query: Query;
  params: Params;
  /** The status a success answers with: the first documented one (200, 201, 202, 204). */
  successStatus: SuccessStatus;
  /** The schema of that success answer's body; null for an empty body. */
  response: SuccessSchemaOf<Responses>;
  /** Everything the OpenAPI document shows about the route. */
  definition: RouteDefinitionInput<Body, Query, Params, Responses>;
}

/** Any route, whatever its schemas. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyRoute = RouteDefinition<any, any, any, any>;

const SUCCESS_STATUSES: readonly SuccessStatus[] = [200, 201, 202, 204];

function schemaOf(spec: ResponseSpec | undefined): z.ZodType | null {
  if (spec === undefined || spec === null) return null;
  if (spec instanceof z.ZodType) return spec;
  return spec.schema;
}

/**
 * Declares one endpoint. The controller binds to it and validates with its schemas, the front end calls it, and the
 * OpenAPI document lists it (every exported route is registered in one place, `@app/contracts/openapi`):
 *
 * ```ts
 * export const convertCurrencyRoute = defineRoute({
 *   method: 'post', path: '/api/users/convert', summary: 'Convert points or gems to keys',
 *   request: { body: ConvertCurrencyRequest }, responses: { 200: ConvertCurrencyResponse },
 * });
 * // server: @Route(convertCurrencyRoute) convert(@Body(new ZodValidationPipe(convertCurrencyRoute.body)) body) {...}
 * // browser: api.call(convertCurrencyRoute, { body: { from_currency: 'points', to_currency: 'keys', amount: 1 } })
 * ```
 */
export function defineRoute<
  Body extends z.ZodType | undefined = undefined,
  Query extends ObjectSchema | undefined = undefined,
  Params extends ObjectSchema | undefined = undefined,
  Responses extends RouteResponses = RouteResponses,
>(input: RouteDefinitionInput<Body, Query, Params, Responses>): RouteDefinition<Body, Query, Params, Responses> {
  const successStatus = SUCCESS_STATUSES.find((status) => input.responses[status] !== undefined);
  if (successStatus === undefined) {
    throw new Error(`${input.method} ${input.path}: a route documents at least one success response`);
  }
  return {
    kind: 'route',
    method: input.method,
    path: input.path,
    openApiPath: toOpenApiPath(input.path),
    body: input.request?.body as Body,
    query: input.request?.query as Query,
    params: input.request?.params as Params,
    successStatus,
    response: schemaOf(input.responses[successStatus]) as SuccessSchemaOf<Responses>,
    definition: input,
  };
}

export function isRoute(value: unknown): value is AnyRoute {
  if (typeof value !== 'object' || value === null) return false;
  return (value as { kind?: unknown }).kind === 'route' && 'definition' in value;
}
