/** @jest-environment node */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// scripts/test-failures.mjs: the failed tests that `npm test` and `.ci/run` print above their
// closing line. The reports below keep the fields Jest's and Playwright's JSON reporters write.
const root = path.resolve(__dirname, '../../..');
const script = path.join(root, 'scripts/test-failures.mjs');
const red = (s: string) => `\u001b[31m${s}\u001b[39m`;

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'test-failures-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function write(name: string, report: unknown): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, JSON.stringify(report));
  return file;
}

function run(...files: string[]): string {
  const out = spawnSync(process.execPath, [script, ...files], { encoding: 'utf8' });
  expect(out.status).toBe(0);
  return out.stdout;
}

const playwright = (status: 'expected' | 'unexpected', result: Record<string, unknown>) => ({
  suites: [
    {
      title: 'toast.spec.ts',
      file: 'toast.spec.ts',
      specs: [{ title: 'a toast disappears by itself', file: 'toast.spec.ts', line: 9, tests: [{ status, results: [result] }] }],
      suites: [],
    },
  ],
  errors: [],
  stats: { expected: status === 'expected' ? 1 : 0, unexpected: status === 'unexpected' ? 1 : 0 },
});

test('a failed Playwright test: its file, line and title, where it failed, and its error without colours or code frame', () => {
  const message = `Error: ${red('expect(locator).toBeVisible() failed')}\n\nLocator: getByRole('alert')\nExpected: visible\nReceived: hidden`;
  const file = write('e2e.json', playwright('unexpected', {
    status: 'failed',
    duration: 12000,
    errors: [{ message: `${message}\n\n  40 |   await page.goto('/');\n> 41 |   await expect(toast).toBeVisible();\n     |                       ^`, location: { file: '/x/e2e/toast.spec.ts', line: 41, column: 23 } }],
  }));
  expect(run(file)).toBe(
    [
      'failed tests (1):',
      '  ✗ toast.spec.ts:9 › a toast disappears by itself (failed at toast.spec.ts:41)',
      '      Error: expect(locator).toBeVisible() failed',
      "      Locator: getByRole('alert')",
      '      Expected: visible',
      '      Received: hidden',
      '',
    ].join('\n'),
  );
});

test('a Playwright test that timed out says so first', () => {
  const file = write('timeout.json', playwright('unexpected', { status: 'timedOut', duration: 30000, errors: [{ message: 'Error: page.goto: navigation interrupted' }] }));
  expect(run(file)).toContain('› a toast disappears by itself\n      timed out after 30000 ms\n      Error: page.goto: navigation interrupted\n');
});

test('a failed Jest test and a Jest file that could not run; stack frames are left out', () => {
  const file = write('jest.json', {
    numPassedTests: 1,
    numFailedTests: 1,
    testResults: [
      {
        name: path.join(root, 'api/test/money.test.ts'),
        status: 'failed',
        message: '',
        assertionResults: [
          { status: 'passed', fullName: 'money adds', failureMessages: [] },
          { status: 'failed', fullName: 'money keeps kopecks', failureMessages: [`Error: expect(received).toBe(expected)\n\nExpected: ${red('100')}\nReceived: 99\n    at Object.<anonymous> (api/test/money.test.ts:5:3)`] },
        ],
      },
      { name: path.join(root, 'shell/src/broken.test.ts'), status: 'failed', message: "  ● Test suite failed to run\n\n    Cannot find module 'nope'", assertionResults: [] },
      { name: path.join(root, 'shell/src/fine.test.ts'), status: 'passed', message: '', assertionResults: [{ status: 'passed', fullName: 'fine', failureMessages: [] }] },
    ],
  });
  expect(run(file)).toBe(
    [
      'failed tests (2):',
      '  ✗ api/test/money.test.ts › money keeps kopecks',
      '      Error: expect(received).toBe(expected)',
      '      Expected: 100',
      '      Received: 99',
      '  ✗ shell/src/broken.test.ts (the file did not run)',
      '        ● Test suite failed to run',
      "          Cannot find module 'nope'",
      '',
    ].join('\n'),
  );
});

test('nothing failed, or no report: nothing is printed', () => {
  const passed = write('passed.json', playwright('expected', { status: 'passed', duration: 10, errors: [] }));
  expect(run(passed, path.join(dir, 'missing.json'), write('garbage.json', 'not a report'))).toBe('');
});

test('a long error keeps its first 8 lines, and after 12 failures the rest are counted', () => {
  const long = Array.from({ length: 20 }, (_, i) => `line ${i + 1}`).join('\n');
  const file = write('many.json', {
    testResults: [
      {
        name: path.join(root, 'a.test.ts'),
        status: 'failed',
        assertionResults: Array.from({ length: 14 }, (_, i) => ({ status: 'failed', fullName: `case ${i + 1}`, failureMessages: [long] })),
      },
    ],
  });
  const out = run(file);
  expect(out).toContain('failed tests (14):');
  expect(out).toContain('      line 8\n      …\n  ✗ a.test.ts › case 2');
  expect(out).not.toContain('line 9');
  expect(out).toContain('✗ a.test.ts › case 12\n');
  expect(out).not.toContain('case 13');
  expect(out.trimEnd().endsWith('  … and 2 more')).toBe(true);
});
