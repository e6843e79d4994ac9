import { extendZodWithOpenApi, OpenAPIRegistry, OpenApiGeneratorV3, type RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';

// `.openapi(...)` on zod schemas needs the prototype extension once per process; `.meta({ id })` works without it.
extendZodWithOpenApi(z);

/**
 * The one registry every context adds its endpoints to (through `defineRoute`). The API serves the document built
 * from it at `/api/docs-json`; the frontends import the same schemas to parse responses.
 */
export const openApiRegistry = new OpenAPIRegistry();

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

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

type ObjectSchema = z.ZodObject;

/** A response: a schema (JSON body, described by `description` or a default) or `null` for an empty body. */
export type ResponseSpec = z.ZodType | null | { description: string; schema: z.ZodType | null };

export interface RouteDefinitionInput<
  Body extends z.ZodType | undefined = undefined,
  Query extends ObjectSchema | undefined = undefined,
  Params extends ObjectSchema | undefined = undefined,
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
  responses: Partial<Record<200 | 201 | 202 | 204, ResponseSpec>>;
  /** Extra documented error statuses beyond the defaults, with what they mean here. */
  errors?: Partial<Record<400 | 401 | 403 | 404 | 405 | 409 | 410 | 412 | 413 | 415 | 422 | 428 | 429 | 502 | 503, string>>;
}

export interface RouteDefinition<
  Body extends z.ZodType | undefined = undefined,
  Query extends ObjectSchema | undefined = undefined,
  Params extends ObjectSchema | undefined = undefined,
> {
  method: HttpMethod;
  path: string;
  openApiPath: string;
  body: Body;
  query: Query;
  params: Params;
}

const DEFAULT_ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid input (`VALIDATION_ERROR` with `field_errors`, or `MALFORMED_JSON`)',
  401: 'No valid session',
  403: 'Not allowed',
  500: 'Unexpected failure (`INTERNAL_ERROR`); details are in the server log under the request id',
};

/** `/api/drops/:dropId` → `/api/drops/{dropId}`. */
export function toOpenApiPath(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

function toResponse(spec: ResponseSpec, status: number) {
  const fallbackDescription = status === 204 ? 'No content' : 'Success';
  if (spec === null) return { description: fallbackDescription };
  if (spec instanceof z.ZodType) {
    return { description: fallbackDescription, content: { 'application/json': { schema: spec } } };
  }
  if (spec.schema === null) return { description: spec.description };
  return { description: spec.description, content: { 'application/json': { schema: spec.schema } } };
}

/**
 * Registers one endpoint in the shared OpenAPI registry and hands back its schemas, so the controller validates with
 * exactly what the document shows:
 *
 * ```ts
 * export const convertCurrencyRoute = defineRoute({
 *   method: 'post', path: '/api/wallet/convert', summary: 'Convert keys to gems',
 *   request: { body: ConvertCurrencyRequest }, responses: { 200: ConvertCurrencyResponse },
 * });
 * // controller: @Post('wallet/convert') convert(@Body(new ZodValidationPipe(convertCurrencyRoute.body)) body) {...}
 * ```
 */
export function defineRoute<
  Body extends z.ZodType | undefined = undefined,
  Query extends ObjectSchema | undefined = undefined,
  Params extends ObjectSchema | undefined = undefined,
>(input: RouteDefinitionInput<Body, Query, Params>): RouteDefinition<Body, Query, Params> {
  const openApiPath = toOpenApiPath(input.path);
  const responses: RouteConfig['responses'] = {};
  for (const [status, spec] of Object.entries(input.responses)) {
    if (spec !== undefined) responses[status] = toResponse(spec, Number(status));
  }
  const errorDescriptions: Record<number, string> = { ...DEFAULT_ERROR_DESCRIPTIONS };
  for (const [status, description] of Object.entries(input.errors ?? {})) {
    if (description !== undefined) errorDescriptions[Number(status)] = description;
  }
  if (input.public) delete errorDescriptions[401];
  if (input.request?.params) errorDescriptions[404] ??= 'Not found';
  for (const [status, description] of Object.entries(errorDescriptions)) {
    responses[status] = { description, content: { 'application/json': { schema: ApiErrorSchema } } };
  }
  const request: RouteConfig['request'] = {};
  if (input.request?.body) {
    request.body = { required: true, content: { 'application/json': { schema: input.request.body } } };
  }
  if (input.request?.query) request.query = input.request.query;
  if (input.request?.params) request.params = input.request.params;
  if (input.request?.headers) request.headers = input.request.headers;
  const defaultTag = input.path.replace(/^\/api\//, '').split('/')[0] || 'api';
  openApiRegistry.registerPath({
    method: input.method,
    path: openApiPath,
    summary: input.summary,
    description: input.description,
    tags: input.tags ?? [defaultTag],
    security: input.public ? [] : [{ bearerAuth: [] }],
    request,
    responses,
  });
  return {
    method: input.method,
    path: input.path,
    openApiPath,
    body: input.request?.body as Body,
    query: input.request?.query as Query,
    params: input.request?.params as Params,
  };
}

let bearerRegistered = false;

/** Builds the OpenAPI 3 document from everything registered so far. */
export function generateOpenApiDocument(info: { title: string; version: string; description?: string }) {
  if (!bearerRegistered) {
    openApiRegistry.registerComponent('securitySchemes', 'bearerAuth', { type: 'http', scheme: 'bearer' });
    bearerRegistered = true;
  }
  return new OpenApiGeneratorV3(openApiRegistry.definitions).generateDocument({
    openapi: '3.0.3',
    info,
    servers: [{ url: '/' }],
  });
}
