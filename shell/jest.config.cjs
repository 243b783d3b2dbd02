module.exports = {
  ...require('../jest.preset.cjs').browserProject(__dirname, 'shell'),
  testEnvironment: require.resolve('shared/jest-environment'),
};
