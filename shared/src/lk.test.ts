/**
 * @jest-environment node
 */
// `shared/lk` is a singleton of its own (scripts/webpack/shared-deps.cjs), and any build may be
// the one that provides it. A module it reaches by a relative path is then that build's copy, so
// it may reach only its own modules and the contract's pure ones that way; the API client, the
// bus, the session, query keys and the UI kit must come `from 'shared'`, the one instance.
import fs from 'node:fs';
import path from 'node:path';

const src = __dirname;

function relativeImports(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const match of text.matchAll(/^(?:import|export)\s+(type\s+)?[^'";]*?from\s+'(\.[^']*)'/gm)) {
    if (match[1]) continue; // a type is erased
    const base = path.resolve(path.dirname(file), match[2]!);
    const target = [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), base].find((c) => fs.existsSync(c) && fs.statSync(c).isFile());
    if (target && !target.endsWith('.css')) found.push(target);
  }
  return found;
}

function closure(entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    relativeImports(file).forEach(visit);
  };
  visit(entry);
  return seen;
}

const rel = (file: string) => path.relative(src, file);
// The contract's own helpers, which the API imports too: functions of their arguments alone.
const CONTRACT_HELPERS = ['format/wait.ts', 'format/pluralize.ts', 'format/phone.ts', 'format/digit-caret.ts', 'format/money.ts', 'format/spaces.ts'];
const pure = (file: string) => /^(contract|requisites)\//.test(rel(file)) || CONTRACT_HELPERS.includes(rel(file));

describe('shared/lk', () => {
  const lk = closure(path.join(src, 'lk.ts'));
  const main = closure(path.join(src, 'index.ts'));

  it('reaches the rest of shared by its name alone, but the contract, the requisites and their helpers', () => {
    const sharedByPath = [...lk].filter((file) => main.has(file) && !pure(file)).map(rel);
    expect(sharedByPath).toEqual([]);
  });

  it('is not part of the `shared` every page evaluates', () => {
    const own = [...lk].filter((file) => !main.has(file)).map(rel);
    expect(own).toEqual(expect.arrayContaining(['contract/organization.ts', 'contract/facility-lk.ts', 'messaging/index.ts', 'ui/file-upload.tsx']));
    expect([...main].map(rel)).not.toContain('lk.ts');
  });
});

describe('shared', () => {
  // The `shared` singleton is what `from 'shared'` resolves to: a module of it that imports the package
  // by its name waits for itself to load, and every page's start hangs with `shared` loading for good.
  it('reaches its own modules by relative paths, never by its own name', () => {
    const byName = [...closure(path.join(src, 'index.ts'))].filter((file) => /^(?:import|export)\s+(?!type\s)[^'";]*?from\s+'shared(?:\/[^']*)?'/m.test(fs.readFileSync(file, 'utf8'))).map(rel);
    expect(byName).toEqual([]);
  });
});
