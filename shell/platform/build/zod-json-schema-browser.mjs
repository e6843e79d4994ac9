// zod's schemas without their JSON Schema conversion, for the browser builds (issue 45). zod's classic schemas import
// the conversion (core/json-schema-processors.js and core/to-json-schema.js, 64 KB before compression) to give every
// schema `.toJSONSchema()` and Standard Schema's `jsonSchema`: no page calls either, and the shared zod module cannot
// be tree-shaken. webpack-config.js gives zod's classic schemas this module instead of those two files; the only part
// they use outside the conversion, `aggregateChecks` (a schema's `minLength`, `format`, …), is zod's own.
// zod-shared.spec.ts checks that this module gives every name the classic schemas read from the two files.
export { aggregateChecks } from 'zod-build/v4/core/json-schema-processors.js';

function unavailable() {
  throw new Error('JSON Schema conversion is not part of the browser build of zod (shell/platform/build/zod-json-schema-browser.mjs)');
}

// core/to-json-schema.js: a schema's `.toJSONSchema()` and its Standard Schema `jsonSchema.input()` / `.output()`.
export const createToJSONSchemaMethod = () => unavailable;
export const createStandardJSONSchemaMethod = () => unavailable;

// core/json-schema-processors.js: each schema kind's converter, called only by a conversion.
export const anyProcessor = unavailable;
export const arrayProcessor = unavailable;
export const bigintProcessor = unavailable;
export const booleanProcessor = unavailable;
export const catchProcessor = unavailable;
export const customProcessor = unavailable;
export const dateProcessor = unavailable;
export const defaultProcessor = unavailable;
export const enumProcessor = unavailable;
export const fileProcessor = unavailable;
export const functionProcessor = unavailable;
export const intersectionProcessor = unavailable;
export const lazyProcessor = unavailable;
export const literalProcessor = unavailable;
export const mapProcessor = unavailable;
export const nanProcessor = unavailable;
export const neverProcessor = unavailable;
export const nonoptionalProcessor = unavailable;
export const nullProcessor = unavailable;
export const nullableProcessor = unavailable;
export const numberProcessor = unavailable;
export const objectProcessor = unavailable;
export const optionalProcessor = unavailable;
export const pipeProcessor = unavailable;
export const prefaultProcessor = unavailable;
export const promiseProcessor = unavailable;
export const readonlyProcessor = unavailable;
export const recordProcessor = unavailable;
export const setProcessor = unavailable;
export const stringProcessor = unavailable;
export const successProcessor = unavailable;
export const symbolProcessor = unavailable;
export const templateLiteralProcessor = unavailable;
export const transformProcessor = unavailable;
export const tupleProcessor = unavailable;
export const undefinedProcessor = unavailable;
export const unionProcessor = unavailable;
export const unknownProcessor = unavailable;
export const voidProcessor = unavailable;
