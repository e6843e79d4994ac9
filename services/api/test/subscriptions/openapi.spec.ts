import SwaggerParser from '@apidevtools/swagger-parser';
import { generateOpenApiDocument } from '@app/contracts/openapi';

/** Every plan, moves, checkout and coupon route of issue 25 (H5) is in the OpenAPI document, and the document is valid. */
describe('plans, moves and coupons in the OpenAPI document', () => {
  it('documents every route', async () => {
    const document = generateOpenApiDocument({ title: 'test', version: '0' }) as unknown as {
      paths: Record<string, Record<string, unknown>>;
    };
    await SwaggerParser.validate(structuredClone(document) as never);
    const expected: [string, string][] = [
      ['/advertisers/subscription/plans', 'get'],
      ['/advertisers/subscription/upgrade', 'post'],
      ['/advertisers/subscription/cancel', 'post'],
      ['/api/subscriptions/moves', 'get'],
      ['/api/payments/checkout', 'post'],
      ['/advertisers/coupons', 'get'],
      ['/advertisers/coupons', 'post'],
      ['/advertisers/coupons/{id}/assign', 'post'],
      ['/advertisers/coupons/{id}/redeem', 'post'],
    ];
    for (const [path, method] of expected)
      expect({ path, method, documented: Boolean(document.paths[path]?.[method]) }).toEqual({
        path,
        method,
        documented: true,
      });
  });
});
