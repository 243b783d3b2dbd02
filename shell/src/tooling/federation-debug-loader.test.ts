/**
 * @jest-environment node
 */
// The production builds' federation debug switch (scripts/webpack/federation-debug-loader.cjs): the
// installed `@module-federation/sdk`'s `isDebugMode()` no longer reads localStorage, and
// `FEDERATION_DEBUG` defined at build time still turns debug mode on.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const loader = require('../../../scripts/webpack/federation-debug-loader.cjs') as ((this: LoaderContext, source: string) => string) & { SDK_ENV: RegExp };

interface LoaderContext {
  resourcePath: string;
  emitError: (error: Error) => void;
}

const sdkDir = path.dirname(createRequire(require.resolve('@module-federation/enhanced')).resolve('@module-federation/sdk'));
const envFile = path.join(sdkDir, 'env.js');
const envSource = fs.readFileSync(envFile, 'utf8');

function runLoader(source: string, resourcePath = envFile): { output: string; errors: Error[] } {
  const errors: Error[] = [];
  const output = loader.call({ resourcePath, emitError: (error) => errors.push(error) }, source);
  return { output, errors };
}

/**
 * Evaluates the sdk's env module as a browser would see it (a window with a document, no `process`),
 * and answers `isDebugMode()` with how many times localStorage was read.
 */
function debugMode(source: string, { stored, defined }: { stored: string | null; defined?: boolean }): { debug: boolean; reads: number } {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const constants = require(path.join(sdkDir, 'constant.cjs')) as Record<string, unknown>;
  let reads = 0;
  const storage = { getItem: (key: string) => (reads++, key === constants.BROWSER_LOG_KEY ? stored : null) };
  const window = { document: {}, get localStorage() { reads++; return storage; } };
  const body = source
    .replace(/^import \{([^}]*)\} from "\.\/constant\.js";$/m, 'const {$1} = constants;')
    .replace(/^export \{[^}]*\};$/m, 'return { isDebugMode };')
    .replace(/^\/\/# sourceMappingURL.*$/m, '');
  const params = ['constants', 'window', 'localStorage', 'process', ...(defined ? ['FEDERATION_DEBUG'] : [])];
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  const module = new Function(...params, body)(constants, window, storage, undefined, true) as { isDebugMode: () => boolean };
  return { debug: module.isDebugMode(), reads };
}

test("the loader applies to the installed sdk's env module", () => {
  expect(loader.SDK_ENV.test(envFile)).toBe(true);
  expect(loader.SDK_ENV.test(path.join(sdkDir, 'index.js'))).toBe(false);
});

test('as installed, the sdk reads localStorage for debug mode (what the loader removes)', () => {
  expect(debugMode(envSource, { stored: null })).toEqual({ debug: false, reads: 2 });
  expect(debugMode(envSource, { stored: '1' })).toEqual({ debug: true, reads: 2 });
});

test('after the loader, debug mode reads no localStorage, and FEDERATION_DEBUG defined at build time turns it on', () => {
  const { output, errors } = runLoader(envSource);
  expect(errors).toEqual([]);
  expect(output).not.toContain('localStorage');
  expect(debugMode(output, { stored: '1' })).toEqual({ debug: false, reads: 0 });
  expect(debugMode(output, { stored: null, defined: true })).toEqual({ debug: true, reads: 0 });
});

test('an sdk whose text has changed fails the build rather than keeping the read', () => {
  const changed = envSource.replace('localStorage.getItem(BROWSER_LOG_KEY)', 'window.localStorage.getItem(BROWSER_LOG_KEY)');
  const { output, errors } = runLoader(changed);
  expect(output).toBe(changed);
  expect(errors).toHaveLength(1);
  expect(errors[0]!.message).toContain('federation-debug-loader.cjs');
});
