import SwaggerParser from '@apidevtools/swagger-parser';
import { generateOpenApiDocument } from '@app/contracts/openapi';
import '@app/contracts/telemetry';

/** The telemetry and client error endpoints are in the OpenAPI document built from the contracts, with their limits. */
describe('telemetry in the OpenAPI document', () => {
  it('documents ingest (batch_id, 202, 413, 429), the error report and the admin list', async () => {
    const document = generateOpenApiDocument({ title: 'test', version: '0' }) as unknown as {
      paths: Record<
        string,
        Record<
          string,
          { parameters?: Array<{ name: string; in: string }>; responses: Record<string, unknown>; security?: unknown[] }
        >
      >;
    };
    await SwaggerParser.validate(structuredClone(document) as never);
    const ingest = document.paths['/api/telemetry']?.post;
    expect(Object.keys(ingest?.responses ?? {})).toEqual(expect.arrayContaining(['202', '400', '413', '429', '503']));
    expect(ingest?.parameters).toEqual([expect.objectContaining({ name: 'batch_id', in: 'query' })]);
    expect(ingest?.security).toEqual([]);
    expect(Object.keys(document.paths['/api/logs/client-error']?.post?.responses ?? {})).toEqual(
      expect.arrayContaining(['201', '400', '413', '429']),
    );
    expect(Object.keys(document.paths['/api/admin/client-errors']?.get?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '401', '403']),
    );
  });
});
