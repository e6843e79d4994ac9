import SwaggerParser from '@apidevtools/swagger-parser';
import { generateOpenApiDocument } from '@app/contracts/openapi';

/** Every engagement endpoint is in the OpenAPI document built from the contracts, and the document is valid. */
describe('engagement in the OpenAPI document', () => {
  it('documents every engagement route with its schemas', async () => {
    const document = generateOpenApiDocument({ title: 'test', version: '0' }) as unknown as {
      paths: Record<string, Record<string, unknown>>;
      components: { schemas: Record<string, unknown> };
    };
    await SwaggerParser.validate(structuredClone(document) as never);
    const expected: [string, string][] = [
      ['/api/users/social-action', 'post'],
      ['/api/users/external-move', 'post'],
      ['/api/shares/create', 'post'],
      ['/api/s/{id}', 'get'],
      ['/api/users/saved-content', 'get'],
      ['/api/users/saved-content/{contentId}', 'delete'],
      ['/api/content/tip', 'post'],
      ['/api/content/{id}/tip', 'post'],
      ['/api/content/{id}/fund', 'post'],
      ['/api/content/{id}/sponsor', 'post'],
      ['/api/content/sponsor', 'post'],
      ['/api/content/sponsored', 'get'],
      ['/api/content/{id}/sponsorship', 'get'],
    ];
    for (const [path, method] of expected)
      expect({ path, method, documented: document.paths[path]?.[method] !== undefined }).toEqual({
        path,
        method,
        documented: true,
      });
    for (const schema of [
      'SocialActionRequest',
      'SocialActionResponse',
      'ExternalMoveRequest',
      'TipGemsRequest',
      'TipOrFundRequest',
      'TipResponse',
      'SponsorContentRequest',
      'ContentSponsorship',
      'SavedContentItem',
      'ShareLinkResponse',
    ]) {
      expect(document.components.schemas[schema]).toBeDefined();
    }
  });
});
