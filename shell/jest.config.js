const base = require('@app/platform/jest.web.js')(__dirname);

// shell/platform is its own workspace with its own tests; do not run them twice.
module.exports = { ...base, testPathIgnorePatterns: [...base.testPathIgnorePatterns, '<rootDir>/platform/'] };
