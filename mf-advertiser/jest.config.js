module.exports = require('@app/platform/jest.web.js')(__dirname);
