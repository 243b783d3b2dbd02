// react-router under jsdom needs TextEncoder/TextDecoder on globalThis (KNOWN-GOOD.md).
const { TextEncoder, TextDecoder } = require('node:util');
Object.assign(globalThis, { TextEncoder, TextDecoder });
require('@testing-library/jest-dom');
