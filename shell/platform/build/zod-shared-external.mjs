// zod/v4/classic/external.js of zod 4.6 without `core`, `locales`, the JSON Schema conversions (`toJSONSchema`,
// `fromJSONSchema`) and the ahead-of-time compiler (`compile`, `withParser`, `INVALID` and its two errors; see
// zod-shared.mjs).
// 'zod-build' is the zod package under a name no share key matches (platform/build/webpack-config.js).
export * from 'zod-build/v4/classic/schemas.js';
export * from 'zod-build/v4/classic/checks.js';
export * from 'zod-build/v4/classic/errors.js';
export * from 'zod-build/v4/classic/parse.js';
export * from 'zod-build/v4/classic/compat.js';
export { globalRegistry, registry, config, memoizer, $output, $input, $brand, clone, regexes, treeifyError, prettifyError, formatError, flattenError, TimePrecision, util, NEVER, toZod, getDiscriminatedOption } from 'zod-build/v4/core/index.js';
export { deepPartial } from 'zod-build/v4/classic/deep-partial.js';
export { input, output } from 'zod-build/v4/classic/in-out.js';
export { ZodISODateTime, ZodISODate, ZodISOTime, ZodISODuration } from 'zod-build/v4/classic/iso.js';
export * as iso from 'zod-build/v4/classic/iso.js';
export * as coerce from 'zod-build/v4/classic/coerce.js';
