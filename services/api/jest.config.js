// ESM-only dependencies are compiled to CommonJS by the preset's @swc/jest transform (Jest's module system has
// require(esm) only on Node 24.9+ with --experimental-vm-modules, which these tests do not use).
const ESM_ONLY_PACKAGES = ['openid-client', 'oauth4webapi', 'jose', 'node-pg-migrate', '@apidevtools/json-schema-ref-parser'];
module.exports = {
  ...require('../../jest.preset.js'),
  rootDir: __dirname,
  transformIgnorePatterns: [`/node_modules/(?!(${ESM_ONLY_PACKAGES.join('|')})/)`],
  // On two cores Jest runs one worker, in band by default: ~150 suites that each boot a Nest application grew that one
  // process past Node's 4 GB heap (CI: "JavaScript heap out of memory" after 100 suites). A memory limit makes Jest use
  // a worker and replace it once it holds more than this after a test file.
  workerIdleMemoryLimit: '1536MB',
};
