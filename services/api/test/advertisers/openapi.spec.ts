import SwaggerParser from '@apidevtools/swagger-parser';
import { generateOpenApiDocument } from '@app/contracts/openapi';

/** The advertiser onboarding, brand profile, dashboard and suggestion routes of issue 25 are in the OpenAPI document. */
describe('advertiser routes in the OpenAPI document', () => {
  it('documents every route, and the document is valid', async () => {
    const document = generateOpenApiDocument({ title: 'test', version: '0' }) as unknown as {
      paths: Record<string, Record<string, unknown>>;
    };
    await SwaggerParser.validate(structuredClone(document) as never);
    const expected: [string, string][] = [
      ['/api/users/become-advertiser', 'post'],
      ['/api/users/brand-profile', 'get'],
      ['/api/users/brand-profile', 'put'],
      ['/api/upload/image', 'post'],
      ['/api/advertisers/dashboard', 'get'],
      ['/api/advertisers/suggested-content', 'get'],
    ];
    for (const [path, method] of expected)
      expect({ path, method, documented: document.paths[path]?.[method] !== undefined }).toEqual({
        path,
        method,
        documented: true,
      });
  });
});
