const path = require('node:path');

const { nodeProject, swc } = require('../jest.preset.cjs');

const base = nodeProject(__dirname, 'api');

// `npm test` runs the API suite on a PostgreSQL server when API_TEST_DATABASE_URL names one (CI
// does, .ci/run): for these tests alone, where DATABASE_URL in the environment would also move the
// browser journeys' API off its embedded PGlite. Set here, in Jest's main process, before the
// global set-up and the workers read it.
if (process.env.API_TEST_DATABASE_URL && !process.env.DATABASE_URL) process.env.DATABASE_URL = process.env.API_TEST_DATABASE_URL;
const esmPackages = ['@electric-sql/pglite', 'content-disposition', 'cookie'];

module.exports = {
  ...base,
  testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/test/**/*.test.ts'],
  // Migrates and seeds one PGlite for the whole run (see test/global-setup.ts).
  globalSetup: path.join(__dirname, 'test/global-setup.ts'),
  globalTeardown: path.join(__dirname, 'test/global-teardown.ts'),
  testTimeout: 30000,
  // PGlite's CommonJS build loads node built-ins with import(), which Jest's VM refuses
  // without --experimental-vm-modules; content-disposition (under @fastify/static) and cookie
  // (under light-my-request, i.e. app.inject) are
  // ESM only, which Node 20 requires natively but Jest cannot. SWC compiles them to CommonJS.
  transform: { ...base.transform, '^.+\\.cjs$': ['@swc/jest', swc] },
  transformIgnorePatterns: [`/node_modules/(?!\\.pnpm/(${esmPackages.map((p) => p.replace('/', '\\+')).join('|')})@)(?!(${esmPackages.join('|')})/)`],
};
