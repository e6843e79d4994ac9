import { Controller, Header } from '@nestjs/common';
import { docsInitScriptRoute, docsPageRoute, openApiDocumentRoute } from '@app/contracts';
import { generateOpenApiDocument } from '@app/contracts/openapi';
import { Public } from '../http/public.decorator';
import { Route } from '../http/route.decorator';

/**
 * Where the Swagger UI files (from the `swagger-ui-dist` package, no CDN) are served, as static files (see
 * `createApplication`).
 */
export const DOCS_ASSETS_PATH = '/api/docs/assets';

const DOCS_PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Rewards platform API</title>
  <link rel="stylesheet" href="${DOCS_ASSETS_PATH}/swagger-ui.css">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="${DOCS_ASSETS_PATH}/swagger-ui-bundle.js"></script>
  <script src="${DOCS_ASSETS_PATH}/swagger-ui-standalone-preset.js"></script>
  <script src="/api/docs/init.js"></script>
</body>
</html>
`;

// A separate file rather than an inline script, so a strict Content-Security-Policy can stay strict.
const DOCS_INIT = `window.ui = SwaggerUIBundle({
  url: '/api/docs-json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  persistAuthorization: true,
  // No badge from the online validator: the CSP allows images from this origin only.
  validatorUrl: null,
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
  layout: 'StandaloneLayout'
});
`;

@Public()
@Controller()
export class DocsController {
  private document: ReturnType<typeof generateOpenApiDocument> | undefined;

  /** The OpenAPI 3 document generated from the zod contracts of every context. */
  @Route(openApiDocumentRoute)
  openApiDocument() {
    // Built once, on first request, from every route the contracts export.
    this.document ??= generateOpenApiDocument({
      title: 'Rewards platform API',
      version: '0.1.0',
      description: 'Generated from the zod contracts in `@app/contracts`. Errors share the `ApiError` shape.',
    });
    return this.document;
  }

  @Route(docsPageRoute)
  @Header('Content-Type', 'text/html; charset=utf-8')
  page(): string {
    return DOCS_PAGE;
  }

  @Route(docsInitScriptRoute)
  @Header('Content-Type', 'application/javascript; charset=utf-8')
  init(): string {
    return DOCS_INIT;
  }
}
