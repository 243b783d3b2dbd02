module.exports = {
  ...require('../jest.preset.cjs').browserProject(__dirname, 'shell'),
  // The shell's tests run with the whole of Node's Fetch API (shared/jest-environment's default).
  testEnvironmentOptions: {},
};
