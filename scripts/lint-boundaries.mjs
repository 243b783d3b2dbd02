#!/usr/bin/env node
// Enforces the dependency rules of ARCHITECTURE §2 on every import, require and dynamic import:
//   - a remote (mf-*) never imports another remote, the shell or the api;
//   - shared imports nothing of ours, and its sources no relative path outside shared;
//   - api imports only `shared/contract` of ours, and no React;
//   - the shell reaches remotes only through Module Federation (`mf_catalog/routes`), never
//     their source; its test files may import a remote's routes.tsx to check them;
//   - no import cycle inside a package, no feature importing another feature
//     (scripts/lint-import-graph.mjs);
//   - browser code takes from `react-router-dom` only what the browser builds share under that
//     name (scripts/webpack/react-router-client.mjs); tests and the shell's server entry, which
//     get the whole package, are exempt.
// Files at a package's root (jest/webpack configs) may reach the repository's root tooling.
//
//   node scripts/lint-boundaries.mjs              lint the tree, exit 1 on violations
//   node scripts/lint-boundaries.mjs --self-test  check the rules on fixtures [--json]
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CYCLE_FIXTURES, FIXTURES } from './lint-boundaries.fixtures.mjs';
import { featureViolation, findCycles } from './lint-import-graph.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The one list of remotes: remotes.json (package and federation name of each).
const REMOTE_LIST = JSON.parse(readFileSync(path.join(ROOT, 'remotes.json'), 'utf8'));
const REMOTES = REMOTE_LIST.map((r) => r.package);
/** The workspace's packages (pnpm-workspace.yaml's), also what `pnpm typecheck` goes over. */
export const PACKAGES = ['shell', ...REMOTES, 'shared', 'api', 'e2e', 'bench'];
const FEDERATION_NAMES = Object.fromEntries(REMOTE_LIST.map((r) => [r.federationName, r.package]));
const SOURCE_EXT = /\.(ts|tsx|js|jsx|mjs|cjs|mts|cts)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', 'coverage', 'test-results', 'playwright-report', '.git', 'results']);
const REACT = /^(react|react-dom|react-router|react-router-dom|react-toastify|@tanstack\/react-query)(\/|$)/;

// The names the browser builds share as `react-router-dom` (scripts/webpack/react-router-client.mjs).
export const ROUTER_CLIENT_NAMES = new Set(
  [...readFileSync(path.join(ROOT, 'scripts/webpack/react-router-client.mjs'), 'utf8').matchAll(/export\s*\{([^}]*)\}/g)].flatMap((m) =>
    m[1].split(',').map((n) => n.trim()).filter(Boolean),
  ),
);
// Files Node runs with the whole package: tests, test harnesses, the shell's server entry.
const ROUTER_EXEMPT = /(\.test\.[jt]sx?$|\/testing\/|^shell\/src\/server\.tsx$)/;

/** Value names imported or re-exported from react-router-dom that the browser's copy lacks. */
function routerNamesMissing(code) {
  const missing = [];
  for (const m of code.matchAll(/\b(?:import|export)\s+(type\s+)?\{([^}]*)\}\s*from\s*(['"])react-router-dom\3/g)) {
    if (m[1]) continue;
    for (const part of m[2].split(',')) {
      const name = part.trim().split(/\s+as\s+/)[0];
      if (name && !name.startsWith('type ') && !ROUTER_CLIENT_NAMES.has(name)) missing.push({ name, at: m.index });
    }
  }
  return missing;
}

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

// Which PATTERNS load a module when the importing module loads (for cycles): not `import type`,
// `import()` or jest.mock.
const LOADS_AT_START = [true, true, false, true, false];

/** Every specifier with its line; `atStart` when the import runs as the module loads. */
export function findSpecifiers(src) {
  const code = stripComments(src);
  const found = new Map();
  for (const [i, re] of PATTERNS.entries()) {
    re.lastIndex = 0;
    let m;
    while ((m = re.exec(code))) {
      const at = m.index + m[0].lastIndexOf(m[2]);
      const atStart = LOADS_AT_START[i] && !/^(?:import|export)\s+type\b/.test(m[0]);
      // `jest.mock('../map')` names a module to replace for the code under test; it imports nothing.
      const mocks = /^jest\.(?:mock|doMock)\b/.test(m[0]);
      if (!found.has(at)) found.set(at, { spec: m[2], line: code.slice(0, at).split('\n').length, atStart, mocks });
    }
  }
  return [...found.values()].sort((a, b) => a.line - b.line);
}

const staticImports = (src) => findSpecifiers(src).filter((s) => s.atStart);

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
  if (pkg !== 'api' && !ROUTER_EXEMPT.test(file)) {
    const code = stripComments(src);
    for (const { name, at } of routerNamesMissing(code)) {
      violations.push({
        file,
        line: code.slice(0, at).split('\n').length,
        spec: 'react-router-dom',
        why: `${name} is not in the browser's react-router-dom (scripts/webpack/react-router-client.mjs): add it there`,
      });
    }
  }
  for (const { spec, line, mocks } of findSpecifiers(src)) {
    const t = target(file, spec);
    const bad = (why) => violations.push({ file, line, spec, why });
    if (t.external) {
      if (pkg === 'api' && REACT.test(spec)) bad('the api must not import React');
      continue;
    }
    if (t.pkg === pkg) {
      const feature = mocks ? null : featureViolation(file, spec);
      if (feature) bad(feature);
      continue;
    }
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
  const sources = new Map(files.map((f) => [path.relative(root, f).split(path.sep).join('/'), readFileSync(f, 'utf8')]));
  const violations = [];
  for (const [file, src] of sources) violations.push(...checkFile(file, src));
  violations.push(...checkCycles(sources));
  return { files: files.length, violations };
}

/** Cycles of the checked packages (e2e and bench are not checked). */
export function checkCycles(sources) {
  const checked = new Map([...sources].filter(([file]) => !/^(e2e|bench)\//.test(file)));
  return findCycles(checked, staticImports);
}

function selfTest(json) {
  const failures = [];
  let passed = 0;
  for (const [file, src, expected, what] of FIXTURES) {
    const got = checkFile(file, src);
    if (got.length === expected) passed++;
    else failures.push(`${what}: expected ${expected} violation(s), got ${got.length}${got.length ? ` (${got.map((v) => v.why).join('; ')})` : ''}`);
  }
  for (const [sources, expected, what] of CYCLE_FIXTURES) {
    const got = checkCycles(new Map(Object.entries(sources)));
    if (got.length === expected) passed++;
    else failures.push(`${what}: expected ${expected} cycle(s), got ${got.length}${got.length ? ` (${got.map((v) => v.why).join('; ')})` : ''}`);
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
