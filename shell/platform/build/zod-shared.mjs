// zod as shared under the key 'zod' (issue 45): the package's own entry (zod/v4/classic/external.js) less what no
// frontend calls at run time: `z.locales` and `z.core` (every translation of the messages, about 250 KB before
// compression), the JSON Schema conversions (`z.toJSONSchema`, `z.fromJSONSchema`; the schemas' own are left out by
// zod-json-schema-browser.mjs), and the ahead-of-time compiler (`z.compile`, `z.withParser`, `z.INVALID`,
// `ZodCompileAsyncError`, `ZodCompileUnsupportedError`: core/compile.js, 92 KB before compression, which the schemas do
// not use). A shared module is never tree-shaken, so the package's entry would bring them to every page that loads a
// remote. zod-shared.spec.ts fails when browser code starts using one of them.
import * as z from './zod-shared-external.mjs';

// Interpreted parsing (issue 45): zod's JIT compiles each object schema's parser with `new Function` on its first
// parse (deciding so when the schema is built, hence here, before any importer builds one). A page parses each
// response schema a few times, too few for the compiled parser to pay back its compile on the main thread.
z.config({ jitless: true });

export * from './zod-shared-external.mjs';
export { z, z as default };
