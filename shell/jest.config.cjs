const { browserProject, swc } = require('../jest.preset.cjs');

const project = browserProject(__dirname, 'shell');

module.exports = {
  ...project,
  // scripts/webpack's ES modules for the browser builds (host-singletons.mjs), which tooling tests require.
  transform: { ...project.transform, '[\\/]scripts[\\/]webpack[\\/][^\\/]+\\.mjs$': ['@swc/jest', swc] },
  // The shell's tests run with the whole of Node's Fetch API (shared/jest-environment's default).
  testEnvironmentOptions: {},
};
