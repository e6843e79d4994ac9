// zod as shared under the key 'zod' (issue 45): the package's own entry (zod/v4/classic/external.js) less what no
// frontend calls at run time: `z.locales` and `z.core` (every translation of the messages, about 250 KB before
// compression) and `z.fromJSONSchema`. A shared module is never tree-shaken, so the package's entry would bring them
// to every page that validates. zod-shared.spec.ts fails when browser code starts using one of them.
import * as z from './zod-shared-external.mjs';

export * from './zod-shared-external.mjs';
export { z, z as default };
