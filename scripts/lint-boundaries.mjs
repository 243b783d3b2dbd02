#!/usr/bin/env node
// Enforces the dependency rules of ARCHITECTURE §2 on every import, require and dynamic import:
//   - a remote (mf-*) never imports another remote, the shell or the api;
//   - shared imports nothing of ours, and its sources no relative path outside shared;
//   - api imports only `shared/contract` of ours, and no React;
//   - the shell reaches remotes only through Module Federation (`mf_catalog/routes`), never
//     their source; its test files may import a remote's routes.tsx to check the registry.
// Files at a package's root (jest/webpack configs) may reach the repository's root tooling.
//
//   node scripts/lint-boundaries.mjs              lint the tree, exit 1 on violations
//   node scripts/lint-boundaries.mjs --self-test  check the rules on fixtures [--json]
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const REMOTES = ['mf-catalog', 'mf-applications', 'mf-cabinet', 'mf-messaging'];
const PACKAGES = ['shell', ...REMOTES, 'shared', 'api', 'e2e', 'bench'];
const FEDERATION_NAMES = Object.fromEntries(REMOTES.map((r) => [r.replace(/-/g, '_'), r]));
const SOURCE_EXT = /\.(ts|tsx|js|jsx|mjs|cjs|mts|cts)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', 'coverage', 'test-results', 'playwright-report', '.git', 'results']);
const REACT = /^(react|react-dom|react-router|react-router-dom|react-toastify|@tanstack\/react-query)(\/|$)/;

// Blanks comments while keeping strings and line numbers, so commented-out imports are ignored.
export function stripComments(src) {
  let out = '';
  let i = 0;
  while (i < src.length) {
    const c = src[i];
    const n = src[i + 1];
    if (c === '/' && n === '/') {
      while (i < src.length && src[i] !== '\n') i++;
    } else if (c === '/' && n === '*') {
      const end = src.indexOf('*/', i + 2);
      const stop = end < 0 ? src.length : end + 2;
      out += src.slice(i, stop).replace(/[^\n]/g, ' ');
      i = stop;
    } else if (c === "'" || c === '"' || c === '`') {
      let j = i + 1;
      while (j < src.length && src[j] !== c) {
        if (src[j] === '\\') j++;
        else if (c !== '`' && src[j] === '\n') break;
        j++;
      }
      out += src.slice(i, j + 1);
      i = j + 1;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

const PATTERNS = [
  /\b(?:import|export)\s+(?:type\s+)?[\w*{}\s,$]*?\s*from\s*(['"])([^'"\n]+)\1/g,
  /\bimport\s*(['"])([^'"\n]+)\1/g,
  /\bimport\s*\(\s*(['"`])([^'"`\n]+)\1\s*\)/g,
  /\brequire(?:\.resolve)?\s*\(\s*(['"`])([^'"`\n]+)\1\s*\)/g,
  /\bjest\.(?:mock|requireActual|doMock)\s*\(\s*(['"`])([^'"`\n]+)\1/g,
];

export function findSpecifiers(src) {
  const code = stripComments(src);
  const found = new Map();
  for (const re of PATTERNS) {
    re.lastIndex = 0;
    let m;
    while ((m = re.exec(code))) {
      const at = m.index + m[0].lastIndexOf(m[2]);
      if (!found.has(at)) found.set(at, { spec: m[2], line: code.slice(0, at).split('\n').length });
    }
  }
  return [...found.values()].sort((a, b) => a.line - b.line);
}

// What a specifier points at: { pkg, sub } for ours (pkg null when outside every package),
// { external } otherwise.
function target(fromFile, spec) {
  if (spec.startsWith('.') || spec.startsWith('/')) {
    const abs = path.posix.normalize(spec.startsWith('/') ? spec : path.posix.join(path.posix.dirname(fromFile), spec));
    if (abs.startsWith('../')) return { pkg: null, sub: abs, relative: true, outside: true };
    const [top, ...rest] = abs.split('/');
    return { pkg: PACKAGES.includes(top) ? top : null, sub: rest.join('/'), relative: true };
  }
  const [first, ...rest] = spec.split('/');
  if (PACKAGES.includes(first)) return { pkg: first, sub: rest.join('/'), relative: false };
  if (FEDERATION_NAMES[first]) return { pkg: FEDERATION_NAMES[first], sub: rest.join('/'), relative: false, federation: true };
  return { external: spec };
}

// file: path relative to the repository root, with forward slashes.
export function checkFile(file, src) {
  const [pkg, ...restPath] = file.split('/');
  if (!PACKAGES.includes(pkg) || pkg === 'e2e' || pkg === 'bench') return [];
  const inSources = restPath.length > 1; // under src/, test/ ...; not a config file at the package root
  const isTest = /\.test\.(ts|tsx|js|jsx|mjs|cjs)$/.test(file);
  const violations = [];
  for (const { spec, line } of findSpecifiers(src)) {
    const t = target(file, spec);
    const bad = (why) => violations.push({ file, line, spec, why });
    if (t.external) {
      if (pkg === 'api' && REACT.test(spec)) bad('the api must not import React');
      continue;
    }
    if (t.pkg === pkg) continue;
    if (t.pkg === null) {
      if (pkg === 'shared' && inSources) bad('shared must not import a relative path outside shared');
      continue;
    }
    if (REMOTES.includes(pkg)) {
      if (t.pkg === 'shared') {
        if (t.relative) bad("import shared by its package name ('shared'), not by a relative path");
      } else if (REMOTES.includes(t.pkg)) bad(`a remote must not import another remote (${t.pkg}); talk by URL or bus events`);
      else bad(`a remote must not import ${t.pkg}`);
    } else if (pkg === 'shared') {
      bad(`shared must not import a package of ours (${t.pkg})`);
    } else if (pkg === 'api') {
      const contract = t.pkg === 'shared' && !t.relative && (t.sub === 'contract' || t.sub.startsWith('contract/'));
      if (!contract) bad(`the api may import only 'shared/contract' of ours, not ${t.relative ? 'a relative path into ' : ''}${t.pkg}${t.sub && !t.relative ? `/${t.sub}` : ''}`);
    } else if (pkg === 'shell') {
      if (REMOTES.includes(t.pkg)) {
        if (t.federation) continue;
        const routes = /^src\/routes(\.tsx?)?$/.test(t.sub);
        if (!(isTest && routes)) bad(`the shell must load ${t.pkg} through Module Federation (${t.pkg.replace(/-/g, '_')}/routes), not its source`);
      } else if (t.pkg === 'shared') {
        if (t.relative) bad("import shared by its package name ('shared'), not by a relative path");
      } else bad(`the shell must not import ${t.pkg}`);
    }
  }
  return violations;
}

function walk(dir, out) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.') && entry.name !== '.') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) walk(full, out);
    } else if (SOURCE_EXT.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

export function lintTree(root = ROOT) {
  const files = [];
  for (const pkg of PACKAGES) {
    const dir = path.join(root, pkg);
    try {
      if (statSync(dir).isDirectory()) walk(dir, files);
    } catch {
      /* package not created yet */
    }
  }
  const violations = [];
  for (const f of files) violations.push(...checkFile(path.relative(root, f).split(path.sep).join('/'), readFileSync(f, 'utf8')));
  return { files: files.length, violations };
}

// Fixtures: [file, source, expected number of violations, what it checks].
const FIXTURES = [
  ['mf-catalog/src/pages/a.tsx', "import { bus } from 'shared';\nimport React from 'react';", 0, 'remote imports shared and react'],
  ['mf-catalog/src/pages/a.tsx', "import { x } from 'mf-cabinet/src/routes';", 1, 'remote imports another remote by name'],
  ['mf-catalog/src/pages/a.tsx', "import x from '../../../mf-cabinet/src/pages/x';", 1, 'remote imports another remote by relative path'],
  ['mf-catalog/src/pages/a.tsx', "const m = await import('mf_cabinet/routes');", 1, 'remote loads another remote through federation'],
  ['mf-catalog/src/pages/a.tsx', "import { Layout } from 'shell/src/app/layout';", 1, 'remote imports the shell'],
  ['mf-catalog/src/pages/a.tsx', "const s = require('../../../shell/src/x');", 1, 'remote requires the shell by relative path'],
  ['mf-catalog/src/pages/a.tsx', "import { Button } from '../../../shared/src/ui';", 1, 'remote reaches into shared by relative path'],
  ['mf-catalog/webpack.config.js', "const base = require('../scripts/webpack/remote.cjs');", 0, 'config file reaches root tooling'],
  ['mf-catalog/src/pages/a.tsx', "// import x from 'mf-cabinet';\n/* import('shell') */ const s = 'mf-cabinet';", 0, 'comments and plain strings are ignored'],
  ['shared/src/bus/index.ts', "import mitt from './mitt';\nimport { z } from 'zod';", 0, 'shared imports itself and externals'],
  ['shared/src/bus/index.ts', "import { routes } from 'shell';", 1, 'shared imports the shell'],
  ['shared/src/bus/index.ts', "export * from 'mf-catalog/src/routes';", 1, 'shared re-exports a remote'],
  ['shared/src/bus/index.ts', "import { cfg } from '../../../scripts/config';", 1, 'shared imports a relative path outside shared'],
  ['shared/src/bus/index.ts', "import type { App } from 'api/src/app';", 1, 'shared imports api types'],
  ['api/src/app.ts', "import { allCalls } from 'shared/contract';\nimport type { X } from 'shared/contract/application';", 0, 'api imports the contract'],
  ['api/src/app.ts', "import { bus } from 'shared';", 1, 'api imports the shared root'],
  ['api/src/app.ts', "import { renderToString } from 'react-dom/server';", 1, 'api imports React'],
  ['api/src/app.ts', "import x from '../../shared/src/contract/index';", 1, 'api reaches the contract by relative path'],
  ['shell/src/remotes/registry.ts', "const load = () => import('mf_catalog/routes');", 0, 'shell loads a remote through federation'],
  ['shell/src/remotes/registry.ts', "import { routes } from 'mf-catalog/src/routes';", 1, 'shell imports remote source by name'],
  ['shell/src/remotes/registry.ts', "import { routes } from '../../../mf-catalog/src/routes';", 1, 'shell imports remote source by relative path'],
  ['shell/src/remotes/registry.test.ts', "import { routes } from '../../../mf-catalog/src/routes';", 0, 'shell test imports a remote routes.tsx'],
  ['shell/src/remotes/registry.test.ts', "import { Page } from '../../../mf-catalog/src/pages/home-page';", 1, 'shell test imports a remote page'],
  ['shell/src/app.tsx', "import { x } from 'api';", 1, 'shell imports the api'],
  ['e2e/home.spec.ts', "import x from '../shell/src/x';", 0, 'e2e is not checked'],
];

function selfTest(json) {
  const failures = [];
  let passed = 0;
  for (const [file, src, expected, what] of FIXTURES) {
    const got = checkFile(file, src);
    if (got.length === expected) passed++;
    else failures.push(`${what}: expected ${expected} violation(s), got ${got.length}${got.length ? ` (${got.map((v) => v.why).join('; ')})` : ''}`);
  }
  // The real tree must at least be readable.
  try {
    lintTree();
    passed++;
  } catch (err) {
    failures.push(`lintTree on the repository threw: ${err.message}`);
  }
  if (json) console.log(JSON.stringify({ passed, failed: failures.length, failures }));
  else {
    for (const f of failures) console.error(`not ok - ${f}`);
    console.log(`lint-boundaries self-test: ${passed} passed, ${failures.length} failed`);
  }
  return failures.length ? 1 : 0;
}

function main() {
  const args = process.argv.slice(2);
  if (args.includes('--self-test')) return selfTest(args.includes('--json'));
  const { files, violations } = lintTree();
  if (!violations.length) {
    console.log(`lint-boundaries: ${files} files, no boundary violations`);
    return 0;
  }
  console.error(`lint-boundaries: ${violations.length} violation(s) of the dependency rules (ARCHITECTURE §2):`);
  for (const v of violations) console.error(`  ${v.file}:${v.line}  '${v.spec}'  ${v.why}`);
  return 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exit(main());
