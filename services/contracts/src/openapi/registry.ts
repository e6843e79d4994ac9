import {
  extendZodWithOpenApi,
  OpenAPIRegistry,
  OpenApiGeneratorV3,
  type RouteConfig,
} from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import * as contracts from '../index';
import { ApiErrorSchema, isRoute, type AnyRoute, type ResponseSpec } from '../http/route';

// `.openapi(...)` on zod schemas needs the prototype extension once per process; `.meta({ id })` works without it.
extendZodWithOpenApi(z);

/**
 * The OpenAPI document, built from every route the package exports (`defineRoute` is plain data; this is the one
 * place that turns routes into a document, so only the API loads the generator, never a browser bundle).
 */

const DEFAULT_ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid input (`VALIDATION_ERROR` with `field_errors`, or `MALFORMED_JSON`)',
  401: 'No valid session',
  403: 'Not allowed',
  500: 'Unexpected failure (`INTERNAL_ERROR`); details are in the server log under the request id',
};

function toResponse(spec: ResponseSpec, status: number) {
  const fallbackDescription = status === 204 ? 'No content' : 'Success';
  if (spec === null) return { description: fallbackDescription };
  if (spec instanceof z.ZodType) {
    return { description: fallbackDescription, content: { 'application/json': { schema: spec } } };
  }
  if (spec.schema === null) return { description: spec.description };
  return { description: spec.description, content: { 'application/json': { schema: spec.schema } } };
}

function responsesOf(route: AnyRoute): RouteConfig['responses'] {
  const input = route.definition;
  const responses: RouteConfig['responses'] = {};
  for (const [status, spec] of Object.entries(input.responses) as [string, ResponseSpec | undefined][]) {
    if (spec !== undefined) responses[status] = toResponse(spec, Number(status));
  }
  const errorDescriptions: Record<number, string> = { ...DEFAULT_ERROR_DESCRIPTIONS };
  for (const [status, description] of Object.entries(input.errors ?? {})) {
    if (description !== undefined) errorDescriptions[Number(status)] = description as string;
  }
  if (input.public) delete errorDescriptions[401];
  if (input.request?.params) errorDescriptions[404] ??= 'Not found';
  for (const [status, description] of Object.entries(errorDescriptions)) {
    responses[status] = { description, content: { 'application/json': { schema: ApiErrorSchema } } };
  }
  return responses;
}

function requestOf(route: AnyRoute): RouteConfig['request'] {
  const given = route.definition.request;
  const request: RouteConfig['request'] = {};
  if (given?.body) request.body = { required: true, content: { 'application/json': { schema: given.body } } };
  if (given?.query) request.query = given.query;
  if (given?.params) request.params = given.params;
  if (given?.headers) request.headers = given.headers;
  return request;
}

function register(registry: OpenAPIRegistry, route: AnyRoute): void {
  const input = route.definition;
  registry.registerPath({
    method: route.method,
    path: route.openApiPath,
    summary: input.summary,
    description: input.description,
    tags: input.tags ?? [input.path.replace(/^\/api\//, '').split('/')[0] || 'api'],
    security: input.public ? [] : [{ bearerAuth: [] }],
    request: requestOf(route),
    responses: responsesOf(route),
  });
}

/** Every route the package exports, once each, in export order. */
export function contractRoutes(): AnyRoute[] {
  return [...new Set(Object.values(contracts).filter(isRoute))];
}

/** Builds the OpenAPI 3 document from every route of the contracts, plus `extraRoutes` (a test's own). */
export function generateOpenApiDocument(
  info: { title: string; version: string; description?: string },
  extraRoutes: readonly AnyRoute[] = [],
) {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'bearerAuth', { type: 'http', scheme: 'bearer' });
  for (const route of [...contractRoutes(), ...extraRoutes]) register(registry, route);
  return new OpenApiGeneratorV3(registry.definitions).generateDocument({
    openapi: '3.0.3',
    info,
    servers: [{ url: '/' }],
  });
}
