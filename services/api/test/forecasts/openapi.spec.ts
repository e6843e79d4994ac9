import SwaggerParser from '@apidevtools/swagger-parser';
import { generateOpenApiDocument } from '@app/contracts/openapi';

/** Every forecasts endpoint is in the OpenAPI document built from the contracts, and the document is valid. */
describe('forecasts in the OpenAPI document', () => {
  it('documents every forecasts route', async () => {
    const document = generateOpenApiDocument({ title: 'test', version: '0' }) as unknown as {
      paths: Record<string, Record<string, unknown>>;
    };
    await SwaggerParser.validate(structuredClone(document) as never);
    const expected: [string, string][] = [
      ['/api/social-forecasts', 'get'],
      ['/api/social-forecasts', 'post'],
      ['/api/social-forecasts/{id}/predict', 'post'],
      ['/api/users/forecasts', 'get'],
      ['/api/users/created-forecasts', 'get'],
      ['/api/portfolio/predictions', 'get'],
      ['/api/portfolio/predictions/{id}', 'get'],
      ['/api/admin/social-forecasts/{id}/observations', 'post'],
    ];
    for (const [path, method] of expected)
      expect({ path, method, documented: document.paths[path]?.[method] !== undefined }).toEqual({
        path,
        method,
        documented: true,
      });
  });
});
