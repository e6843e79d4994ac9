// Jest settings for the React workspaces (platform, shell, remotes): the root preset plus jsdom,
// Testing Library's matchers, and stylesheets replaced by an empty module.
const path = require('node:path');

module.exports = function createWebJestConfig(rootDir) {
  return {
    ...require('../../jest.preset.js'),
    rootDir,
    testEnvironment: 'jsdom',
    setupFilesAfterEnv: [path.join(__dirname, 'test/setup-tests.ts')],
    moduleNameMapper: { '\\.css$': path.join(__dirname, 'test/style-stub.js') },
  };
};
