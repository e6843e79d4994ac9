// Shared Jest settings: @swc/jest compiles TypeScript with Nest's legacy decorators and their metadata.
module.exports = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      {
        jsc: {
          target: 'es2022',
          parser: { syntax: 'typescript', decorators: true, tsx: true },
          transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'json'],
  testMatch: ['**/?(*.)+(spec|test).ts?(x)'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '/e2e/'],
  // node-pg-migrate ships only ES modules; let swc compile it so Jest's CommonJS runtime can load it.
  transformIgnorePatterns: ['/node_modules/(?!node-pg-migrate/)'],
};
