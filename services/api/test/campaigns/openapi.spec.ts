import SwaggerParser from '@apidevtools/swagger-parser';
import { generateOpenApiDocument } from '@app/contracts/openapi';

/** Every campaigns endpoint is in the OpenAPI document built from the contracts, and the document is valid. */
describe('campaigns in the OpenAPI document', () => {
  it('documents every campaigns route', async () => {
    const document = generateOpenApiDocument({ title: 'test', version: '0' }) as unknown as {
      paths: Record<string, Record<string, unknown>>;
    };
    await SwaggerParser.validate(structuredClone(document) as never);
    const expected: [string, string][] = [
      ['/api/campaigns/calculate-move-cost', 'post'],
      ['/api/campaigns', 'post'],
      ['/api/campaigns', 'get'],
      ['/api/campaigns/{id}', 'get'],
      ['/api/campaigns/{id}', 'put'],
      ['/api/campaigns/{id}', 'delete'],
      ['/api/campaigns/{id}/status', 'post'],
      ['/api/campaigns/{id}/content', 'post'],
      ['/api/campaigns/{id}/content/{itemId}', 'delete'],
      ['/api/campaigns/{id}/drops', 'post'],
      ['/api/campaigns/{id}/drops/{itemId}', 'delete'],
    ];
    for (const [path, method] of expected) expect(document.paths[path]?.[method]).toBeDefined();
  });
});
