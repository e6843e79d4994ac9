// ESM-only dependencies are compiled to CommonJS by the preset's @swc/jest transform (Node 20's require(esm) is
// not available inside Jest's module system).
const ESM_ONLY_PACKAGES = ['openid-client', 'oauth4webapi', 'jose', 'node-pg-migrate', '@apidevtools/json-schema-ref-parser'];
module.exports = {
  ...require('../../jest.preset.js'),
  rootDir: __dirname,
  transformIgnorePatterns: [`/node_modules/(?!(${ESM_ONLY_PACKAGES.join('|')})/)`],
};
