// Shared Jest settings: TypeScript and JSX through SWC, CommonJS for Jest's module system.
const path = require('node:path');

const swc = {
  jsc: {
    parser: { syntax: 'typescript', tsx: true },
    transform: { react: { runtime: 'automatic' } },
    target: 'es2022',
  },
  module: { type: 'commonjs' },
};

function browserProject(dir, name) {
  return {
    displayName: name,
    rootDir: dir,
    // jsdom plus what react-router's data router needs for a navigation (pages are tested under one).
    testEnvironment: path.join(__dirname, 'shared/jest-environment.cjs'),
    testEnvironmentOptions: { fetchApi: ['Request', 'Headers', 'AbortController', 'AbortSignal'] },
    transform: { '^.+\\.(t|j)sx?$': ['@swc/jest', swc] },
    moduleNameMapper: { '\\.(css)$': path.join(__dirname, 'jest.style-stub.cjs') },
    setupFilesAfterEnv: [path.join(__dirname, 'jest.setup-dom.cjs')],
    testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}'],
    transformIgnorePatterns: ['/node_modules/(?!.pnpm)'],
  };
}

function nodeProject(dir, name) {
  return {
    displayName: name,
    rootDir: dir,
    testEnvironment: 'node',
    transform: { '^.+\\.(t|j)sx?$': ['@swc/jest', swc] },
    testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/test/**/*.test.ts'],
  };
}

module.exports = { browserProject, nodeProject, swc };
