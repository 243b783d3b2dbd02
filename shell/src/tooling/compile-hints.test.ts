/**
 * @jest-environment node
 */
// The browser builds' compile hints (scripts/webpack/compile-hints.cjs): the files a page's start
// evaluates begin with V8's `//# allFunctionsCalledOnLoad`, added after minification (which would
// drop it) and before the content hashes (so a hashed file's name still follows its bytes).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import webpack from 'webpack';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { COMPILE_HINT, CompileHintsPlugin, entryFiles } = require('../../../scripts/webpack/compile-hints.cjs') as {
  COMPILE_HINT: string;
  CompileHintsPlugin: new (select: (compilation: webpack.Compilation) => Iterable<string>) => webpack.WebpackPluginInstance;
  entryFiles: (compilation: webpack.Compilation, name: string) => string[];
};

let source: string;
const dirs: string[] = [];

beforeAll(() => {
  source = fs.mkdtempSync(path.join(os.tmpdir(), 'compile-hints-src-'));
  dirs.push(source);
  fs.writeFileSync(
    path.join(source, 'index.js'),
    [
      '/* a comment the minimizer drops */',
      'function greeting(name) { return "Здравствуйте, " + name; }',
      'document.title = greeting(String(Date.now()));',
      'import(/* webpackChunkName: "later" */ "./later.js").then((m) => m.later());',
    ].join('\n'),
  );
  fs.writeFileSync(path.join(source, 'later.js'), 'export function later() { return 42 + Math.random(); }\n');
});

afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** A production build of the fixture with the plugin selecting `select`'s files; its files' text. */
async function build(select?: (compilation: webpack.Compilation) => Iterable<string>): Promise<Record<string, string>> {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'compile-hints-out-'));
  dirs.push(out);
  const compiler = webpack({
    mode: 'production',
    context: source,
    entry: { main: './index.js' },
    output: { path: out, filename: '[name].js', chunkFilename: '[name].[contenthash:10].js' },
    plugins: select ? [new CompileHintsPlugin(select)] : [],
  });
  await new Promise<void>((resolve, reject) =>
    compiler.run((error, stats) => {
      compiler.close(() => undefined);
      if (error || stats?.hasErrors()) reject(error ?? new Error(stats?.toString()));
      else resolve();
    }),
  );
  return Object.fromEntries(fs.readdirSync(out).map((file) => [file, fs.readFileSync(path.join(out, file), 'utf8')]));
}

test('the selected entry starts with the hint, then the minified code; other chunks are left alone', async () => {
  const files = await build((compilation) => entryFiles(compilation, 'main'));
  const main = files['main.js']!;
  expect(main.startsWith(COMPILE_HINT)).toBe(true);
  expect(main.split('\n')).toHaveLength(2);
  // Minified before the hint was added: the source's comment is gone, the hint is not.
  expect(main).not.toContain('a comment the minimizer drops');
  expect(main).toContain('Здравствуйте');
  const later = Object.keys(files).find((file) => file.startsWith('later.'))!;
  expect(files[later]!.startsWith('//')).toBe(false);
});

test("a hinted hashed chunk's name follows its bytes; an unknown or non-script name is skipped", async () => {
  const plain = await build();
  const unknownNames = await build(() => ['later.js', 'nothing-such.js', 'main.js.map']);
  const laterPlain = Object.keys(plain).find((file) => file.startsWith('later.'))!;
  // The selector names files as the compilation does: select the chunk's real file.
  const named = await build((compilation) => [...compilation.namedChunks.get('later')!.files]);
  const laterNamed = Object.keys(named).find((file) => file.startsWith('later.'))!;
  expect(named[laterNamed]!.startsWith(COMPILE_HINT)).toBe(true);
  expect(laterNamed).not.toBe(laterPlain);
  expect(named[laterNamed]!.slice(COMPILE_HINT.length)).toBe(plain[laterPlain]);
  // Names that are not the compilation's scripts change nothing.
  expect(unknownNames).toEqual(plain);
});
