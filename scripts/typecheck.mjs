#!/usr/bin/env node
// `pnpm typecheck`: every workspace package with a `typecheck` script, checked by its own tsconfig.
//
// Packages whose tsconfigs give the same compiler options (shared, the shell and the remotes) are
// checked as one TypeScript program: each of them on its own re-reads and re-checks `shared` and
// the React and DOM types, which made the run 130 s of a 2-core CI machine; with them as one
// program it takes 60–70 s. The groups run side by side, one worker thread each. A package's own
// `pnpm --filter <package> typecheck` still checks it alone (a remote released on its own).
//
// One difference from checking alone: an ambient declaration of one package (a `declare module`
// or a global in a .d.ts) is seen by the others of its group.
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import ts from 'typescript';
import { PACKAGES } from './lint-boundaries.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The workspace's packages (the list the boundary lint has) whose package.json has a `typecheck` script. */
function packages() {
  return PACKAGES.filter((dir) => {
    const pkg = JSON.parse(readFileSync(path.join(ROOT, dir, 'package.json'), 'utf8'));
    return Boolean(pkg.scripts?.typecheck);
  });
}

/** The tsconfig a package's `typecheck` script names (`tsc -p <file>`), tsconfig.json otherwise. */
function configOf(dir) {
  const pkg = JSON.parse(readFileSync(path.join(ROOT, dir, 'package.json'), 'utf8'));
  const named = /(?:^|\s)(?:-p|--project)\s+(\S+)/.exec(pkg.scripts.typecheck);
  return path.join(ROOT, dir, named?.[1] ?? 'tsconfig.json');
}

function parse(configFile) {
  const parsed = ts.getParsedCommandLineOfConfigFile(configFile, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => { throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n')); } });
  if (!parsed) throw new Error(`${configFile}: not readable`);
  return parsed;
}

/** Options compared without the fields naming the file they came from. */
function optionsKey(options) {
  const { configFilePath, pathsBasePath, ...rest } = options;
  return JSON.stringify(rest, Object.keys(rest).sort());
}

function groups() {
  const byOptions = new Map();
  for (const dir of packages()) {
    const configFile = configOf(dir);
    const parsed = parse(configFile);
    const key = optionsKey(parsed.options);
    const group = byOptions.get(key) ?? { packages: [], configFiles: [] };
    group.packages.push(dir);
    group.configFiles.push(configFile);
    byOptions.set(key, group);
  }
  // The largest group first, so the others fill the second core beside it.
  return [...byOptions.values()].sort((a, b) => b.packages.length - a.packages.length);
}

/** One program over the files of every config in the group, with the first config's options. */
function check(configFiles, color) {
  const parsed = configFiles.map(parse);
  const files = [...new Set(parsed.flatMap((p) => p.fileNames))];
  const program = ts.createProgram({ rootNames: files, options: parsed[0].options, projectReferences: parsed[0].projectReferences });
  const diagnostics = [...parsed.flatMap((p) => p.errors), ...ts.getPreEmitDiagnostics(program)];
  const host = { getCanonicalFileName: (f) => f, getCurrentDirectory: () => ROOT, getNewLine: () => '\n' };
  return { files: files.length, errors: diagnostics.filter((d) => d.category === ts.DiagnosticCategory.Error).length, text: !diagnostics.length ? '' : color ? ts.formatDiagnosticsWithColorAndContext(diagnostics, host) : ts.formatDiagnostics(diagnostics, host) };
}

if (!isMainThread) {
  parentPort.postMessage(check(workerData.configFiles, workerData.color));
} else {
  const started = Date.now();
  const todo = groups();
  const limit = Math.max(1, Math.min(todo.length, availableParallelism()));
  let failed = 0;
  let next = 0;
  const runOne = async () => {
    while (next < todo.length) {
      const group = todo[next++];
      const since = Date.now();
      const result = await new Promise((resolve, reject) => {
        const worker = new Worker(fileURLToPath(import.meta.url), { workerData: { configFiles: group.configFiles, color: Boolean(process.stdout.isTTY) && !process.env.NO_COLOR } });
        worker.once('message', resolve);
        worker.once('error', reject);
        worker.once('exit', (code) => { if (code !== 0) reject(new Error(`exit ${code}`)); });
      }).catch((err) => ({ files: 0, errors: 1, text: `${err.stack ?? err}\n` }));
      if (result.text) process.stdout.write(result.text);
      failed += result.errors;
      console.log(`typecheck ${group.packages.join(', ')}: ${result.files} files, ${result.errors} errors in ${Math.round((Date.now() - since) / 1000)} s`);
    }
  };
  await Promise.all(Array.from({ length: limit }, runOne));
  console.log(`typecheck: ${failed ? `${failed} errors` : 'no errors'} in ${Math.round((Date.now() - started) / 1000)} s`);
  process.exitCode = failed ? 1 : 0;
}
