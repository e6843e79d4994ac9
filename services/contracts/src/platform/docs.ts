import { z } from 'zod';
import { defineRoute } from '../http/route';

export const openApiDocumentRoute = defineRoute({
  method: 'get',
  path: '/api/docs-json',
  summary: 'This OpenAPI 3 document, generated from the zod contracts of every context',
  tags: ['docs'],
  public: true,
  responses: { 200: z.record(z.string(), z.unknown()) },
});

export const docsPageRoute = defineRoute({
  method: 'get',
  path: '/api/docs',
  summary: 'The Swagger UI page for this document',
  tags: ['docs'],
  public: true,
  responses: { 200: { description: 'HTML (text/html)', schema: null } },
});

export const docsInitScriptRoute = defineRoute({
  method: 'get',
  path: '/api/docs/init.js',
  summary: "The Swagger UI page's start script (a file of its own, so the Content-Security-Policy stays strict)",
  tags: ['docs'],
  public: true,
  responses: { 200: { description: 'JavaScript (application/javascript)', schema: null } },
});
