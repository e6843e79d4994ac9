import SwaggerParser from '@apidevtools/swagger-parser';
import { generateOpenApiDocument } from '@app/contracts/openapi';

/** Every drops endpoint is in the OpenAPI document built from the contracts, and the document is valid. */
describe('drops in the OpenAPI document', () => {
  it('documents every drops route with its schemas', async () => {
    const document = generateOpenApiDocument({ title: 'test', version: '0' }) as unknown as {
      paths: Record<string, Record<string, unknown>>;
      components: { schemas: Record<string, unknown> };
    };
    await SwaggerParser.validate(structuredClone(document) as never);
    const expected: [string, string][] = [
      ['/api/drops', 'get'],
      ['/api/drops', 'post'],
      ['/api/drops/{id}', 'get'],
      ['/api/drops/{id}', 'put'],
      ['/api/drops/{id}', 'delete'],
      ['/api/drops/{id}/complete', 'post'],
      ['/api/drops/{id}/apply', 'post'],
      ['/api/drops/{id}/applications', 'get'],
      ['/api/users/drop-applications', 'get'],
      ['/api/drop-applications/{id}/approve', 'post'],
      ['/api/drop-applications/{id}/reject', 'post'],
      ['/api/drop-applications/{id}/complete', 'post'],
      ['/api/drop-applications/{id}/submit', 'post'],
    ];
    for (const [path, method] of expected) expect(document.paths[path]?.[method]).toBeDefined();
    for (const schema of [
      'Drop',
      'DropApplication',
      'CreateDropRequest',
      'UpdateDropRequest',
      'ApplyToDropRequest',
      'SubmitWorkRequest',
    ]) {
      expect(document.components.schemas[schema]).toBeDefined();
    }
  });
});
