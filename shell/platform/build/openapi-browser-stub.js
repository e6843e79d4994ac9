// What the browser builds get instead of @asteasolutions/zod-to-openapi (about 15 KB gzip). The contracts register
// every route in an OpenAPI registry when they load (`defineRoute`), which only the API needs: it serves the
// document. The screens import the same files for their schemas, so here registering does nothing and no
// document can be built. The schemas use zod's own `.meta()`, which needs no prototype extension.
export function extendZodWithOpenApi() {}

export class OpenAPIRegistry {
  definitions = [];
  register(_name, schema) {
    return schema;
  }
  registerPath() {}
  registerComponent() {}
}

export class OpenApiGeneratorV3 {
  constructor() {
    throw new Error('OpenAPI documents are built by the API, not in the browser');
  }
}
