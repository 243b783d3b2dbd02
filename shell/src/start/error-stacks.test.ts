import { readFileSync } from 'node:fs';
import path from 'node:path';

// react-dom's client module is evaluated with Error stacks off (see error-stacks.ts): the
// Errors it creates at its top level carry no stack, and everything after it has the stacks the
// page had before.

const original = Error.stackTraceLimit;
afterEach(() => {
  Error.stackTraceLimit = original;
});

function load() {
  let api!: typeof import('./error-stacks');
  jest.isolateModules(() => {
    api = jest.requireActual<typeof import('./error-stacks')>('./error-stacks');
  });
  return api;
}

it('captures no stack between pause and resume, then the limit the page had', () => {
  const { pauseErrorStacks, resumeErrorStacks } = load();
  Error.stackTraceLimit = 7;
  pauseErrorStacks();
  expect(new Error('marker').stack).toBeUndefined();
  resumeErrorStacks();
  expect(Error.stackTraceLimit).toBe(7);
  expect(new Error('after').stack).toMatch(/^Error: after\n\s+at /);
});

it('keeps the first limit when paused twice, and resuming without a pause changes nothing', () => {
  const { pauseErrorStacks, resumeErrorStacks } = load();
  Error.stackTraceLimit = 12;
  resumeErrorStacks();
  expect(Error.stackTraceLimit).toBe(12);
  pauseErrorStacks();
  pauseErrorStacks();
  resumeErrorStacks();
  expect(Error.stackTraceLimit).toBe(12);
  resumeErrorStacks();
  expect(Error.stackTraceLimit).toBe(12);
});

it('leaves an engine without a numeric limit as it is (no property added, none changed)', () => {
  const { pauseErrorStacks, resumeErrorStacks } = load();
  const own = Object.getOwnPropertyDescriptor(Error, 'stackTraceLimit');
  delete (Error as { stackTraceLimit?: number }).stackTraceLimit;
  try {
    pauseErrorStacks();
    resumeErrorStacks();
    expect(Object.getOwnPropertyDescriptor(Error, 'stackTraceLimit')).toBeUndefined();
  } finally {
    Object.defineProperty(Error, 'stackTraceLimit', own!);
  }
});

it('brackets by import: a module evaluated between the two side-effect modules creates stackless Errors', () => {
  Error.stackTraceLimit = 9;
  let between: Error | undefined;
  jest.isolateModules(() => {
    require('./quiet-stacks-begin');
    between = new Error('top-level marker');
    require('./quiet-stacks-end');
  });
  expect(between?.stack).toBeUndefined();
  expect(Error.stackTraceLimit).toBe(9);
});

it("the bootstrap evaluates react-dom's client module, and only it, between the two", () => {
  const imports = readFileSync(path.join(__dirname, '..', 'bootstrap.tsx'), 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('import '));
  const at = (needle: string) => imports.findIndex((line) => line.includes(needle));
  const client = at("from 'react-dom/client'");
  expect(client).toBeGreaterThan(0);
  expect(imports[client - 1]).toBe("import './start/quiet-stacks-begin';");
  expect(imports[client + 1]).toBe("import './start/quiet-stacks-end';");
});
