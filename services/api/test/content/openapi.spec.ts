import SwaggerParser from '@apidevtools/swagger-parser';
import { generateOpenApiDocument } from '@app/contracts/openapi';

/** Every content endpoint is in the OpenAPI document built from the contracts, and the document is valid. */
describe('content in the OpenAPI document', () => {
  it('documents every content route with its schemas', async () => {
    const document = generateOpenApiDocument({ title: 'test', version: '0' }) as unknown as {
      paths: Record<string, Record<string, unknown>>;
      components: { schemas: Record<string, unknown> };
    };
    await SwaggerParser.validate(structuredClone(document) as never);
    const expected: [string, string][] = [
      ['/api/content', 'get'],
      ['/api/content', 'post'],
      ['/api/content/{id}', 'get'],
      ['/api/content/{id}', 'put'],
      ['/api/content/{id}', 'delete'],
      ['/api/content/{id}/metrics', 'get'],
      ['/api/content/{id}/user-status', 'get'],
      ['/api/content/upload-image', 'post'],
      ['/api/content/generate-placeholder', 'post'],
      ['/api/content/{id}/comments', 'get'],
      ['/api/content/{id}/comments', 'post'],
      ['/api/content/comments/{id}/pin', 'post'],
      ['/api/content/comments/{id}/like', 'post'],
      ['/api/content/comments/{id}', 'delete'],
      ['/api/feed', 'get'],
    ];
    for (const [path, method] of expected)
      expect({ path, method, documented: document.paths[path]?.[method] !== undefined }).toEqual({
        path,
        method,
        documented: true,
      });
    for (const schema of [
      'Content',
      'ContentPage',
      'ContentMetrics',
      'ContentUserStatus',
      'CreateContentRequest',
      'UpdateContentRequest',
      'ContentComment',
      'FeedPage',
    ]) {
      expect(document.components.schemas[schema]).toBeDefined();
    }
  });
});
