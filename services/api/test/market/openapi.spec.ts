import SwaggerParser from '@apidevtools/swagger-parser';
import { generateOpenApiDocument } from '@app/contracts/openapi';

/** Every market endpoint is in the OpenAPI document built from the contracts, and the document is valid. */
describe('market in the OpenAPI document', () => {
  it('documents every market route', async () => {
    const document = generateOpenApiDocument({ title: 'test', version: '0' }) as unknown as {
      paths: Record<string, Record<string, unknown>>;
    };
    await SwaggerParser.validate(structuredClone(document) as never);
    const expected: [string, string][] = [
      ['/api/content/buy-shares', 'post'],
      ['/api/portfolio/holdings', 'get'],
      ['/api/portfolio/holdings/{id}', 'get'],
      ['/api/portfolio/holdings/{contentId}/visibility', 'put'],
      ['/api/shares/listings', 'get'],
      ['/api/shares/listings', 'post'],
      ['/api/shares/listings/{id}', 'delete'],
      ['/api/shares/listings/{id}/buy', 'post'],
      ['/api/shares/offers', 'get'],
      ['/api/shares/offers', 'post'],
      ['/api/shares/offers/{id}/accept', 'post'],
      ['/api/shares/offers/{id}/decline', 'post'],
      ['/api/shares/offers/{id}/cancel', 'post'],
    ];
    for (const [path, method] of expected)
      expect({ path, method, documented: document.paths[path]?.[method] !== undefined }).toEqual({
        path,
        method,
        documented: true,
      });
  });
});
