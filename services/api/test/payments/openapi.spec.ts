import SwaggerParser from '@apidevtools/swagger-parser';
import { generateOpenApiDocument } from '@app/contracts/openapi';

/** Every payments, withdrawals and wallet endpoint of issue 23 is in the OpenAPI document, and the document is valid. */
describe('money in and out in the OpenAPI document', () => {
  it('documents every route', async () => {
    const document = generateOpenApiDocument({ title: 'test', version: '0' }) as unknown as {
      paths: Record<string, Record<string, unknown>>;
    };
    await SwaggerParser.validate(structuredClone(document) as never);
    const expected: [string, string][] = [
      ['/api/payments/providers', 'get'],
      ['/api/payments/gem-packages', 'get'],
      ['/api/payments/create-checkout-session', 'post'],
      ['/api/payments/usd-top-up', 'post'],
      ['/api/payments/checkout-sessions/{sessionId}', 'get'],
      ['/api/payments/webhooks/{provider}', 'post'],
      ['/api/payments/local/sessions/{sessionId}', 'get'],
      ['/api/payments/local/sessions/{sessionId}/pay', 'post'],
      ['/api/payments/local/sessions/{sessionId}/decline', 'post'],
      ['/api/payments/local/sessions/{sessionId}/abandon', 'post'],
      ['/api/admin/payments/sessions/{sessionId}/refund', 'post'],
      ['/api/withdrawal/methods', 'get'],
      ['/api/withdrawal/request', 'post'],
      ['/api/withdrawal/requests', 'get'],
      ['/api/users/payment-preferences', 'get'],
      ['/api/users/payment-preferences', 'post'],
      ['/api/users/payment-preferences/{id}/set-default', 'post'],
      ['/api/users/payment-preferences/{id}', 'delete'],
      ['/api/users/me/balance-history', 'get'],
      ['/api/app/users/me', 'get'],
    ];
    for (const [path, method] of expected)
      expect({ path, method, documented: document.paths[path]?.[method] !== undefined }).toEqual({
        path,
        method,
        documented: true,
      });
  });
});
