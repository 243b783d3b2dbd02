// react-router under jsdom needs TextEncoder/TextDecoder on globalThis (KNOWN-GOOD.md).
const { TextEncoder, TextDecoder } = require('node:util');
Object.assign(globalThis, { TextEncoder, TextDecoder });
require('@testing-library/jest-dom');
// CI machines have 2 cores shared by Jest workers (and sometimes a build): the default 1 s of
// findBy/waitFor is a timing assumption, not part of what the tests check.
require('@testing-library/react').configure({ asyncUtilTimeout: 5000 });
