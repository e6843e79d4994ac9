import { z } from 'zod';
import { defineRoute, routePath, toOpenApiPath } from '../src';
import { generateOpenApiDocument } from '../src/openapi';

describe('defineRoute and the OpenAPI document', () => {
  // Proves a route registered through the helper shows up with its schemas, the shared error responses and the
  // converted path, and that the helper hands back the very schemas a controller validates with.
  it('registers paths, request schemas, success and error responses', () => {
    const Body = z.object({ amountMinor: z.string().regex(/^\d+$/) }).meta({ id: 'SpecExampleBody' });
    const route = defineRoute({
      method: 'post',
      path: '/api/spec-examples/:exampleId/convert',
      summary: 'Example',
      request: { body: Body, params: z.object({ exampleId: z.string() }) },
      responses: { 201: z.object({ ok: z.boolean() }) },
      errors: { 422: 'Refused' },
    });
    expect(route.body).toBe(Body);
    expect(route.openApiPath).toBe('/api/spec-examples/{exampleId}/convert');
    expect(route.successStatus).toBe(201);

    const document = generateOpenApiDocument({ title: 'test', version: '1' }, [route]);
    expect(document.openapi).toBe('3.0.3');
    const operation = document.paths['/api/spec-examples/{exampleId}/convert']?.post;
    expect(operation?.tags).toEqual(['spec-examples']);
    expect(operation?.security).toEqual([{ bearerAuth: [] }]);
    expect(Object.keys(operation?.responses ?? {}).sort()).toEqual(['201', '400', '401', '403', '404', '422', '500']);
    expect(operation?.parameters).toEqual([expect.objectContaining({ in: 'path', name: 'exampleId', required: true })]);
    expect(document.components?.schemas?.SpecExampleBody).toBeDefined();
    expect(document.components?.schemas?.ApiError).toBeDefined();
    expect(document.components?.securitySchemes?.bearerAuth).toEqual({ type: 'http', scheme: 'bearer' });
  });

  it('documents the platform routes as public where they are', () => {
    const document = generateOpenApiDocument({ title: 'test', version: '1' });
    expect(document.paths['/api/health']?.get?.security).toEqual([]);
    expect(document.paths['/api/admin/jobs/failed']?.get).toBeDefined();
  });

  it('is plain data: defining a route registers nothing until a document is built with it', () => {
    const route = defineRoute({
      method: 'get',
      path: '/api/spec-unlisted',
      summary: 'Unlisted',
      responses: { 200: z.object({}) },
    });
    expect(generateOpenApiDocument({ title: 'test', version: '1' }).paths['/api/spec-unlisted']).toBeUndefined();
    expect(
      generateOpenApiDocument({ title: 'test', version: '1' }, [route]).paths['/api/spec-unlisted']?.get,
    ).toBeDefined();
  });

  it('answers with the first documented success status and its schema', () => {
    const Answer = z.object({ ok: z.boolean() });
    const route = defineRoute({
      method: 'post',
      path: '/api/spec-answer',
      summary: 'Answer',
      responses: { 202: Answer, 204: null },
    });
    expect(route.successStatus).toBe(202);
    expect(route.response).toBe(Answer);
    expect(() => defineRoute({ method: 'get', path: '/api/none', summary: 'None', responses: {} })).toThrow(
      /success response/,
    );
  });

  it('fills path parameters, encoded, and refuses a missing one', () => {
    const route = defineRoute({
      method: 'get',
      path: '/api/drops/:dropId/applications/:applicationId',
      summary: 'x',
      responses: { 200: null },
    });
    expect(routePath(route, { dropId: 'a b', applicationId: 7 })).toBe('/api/drops/a%20b/applications/7');
    expect(() => routePath(route, { dropId: 'a' })).toThrow(/applicationId/);
  });

  it('converts Express parameters to OpenAPI ones', () => {
    expect(toOpenApiPath('/api/a/:first/b/:second_id')).toBe('/api/a/{first}/b/{second_id}');
  });
});
