// The checks of scripts/lint-boundaries.mjs that need more than one import at a time:
//   - no import cycle inside a package (static imports only: `import type` vanishes at build and
//     a dynamic `import()` runs after both modules have loaded, so neither can see a half-built
//     module);
//   - no feature importing another feature of its package (`src/features/a/**` →
//     `src/features/b/**`): what two features share goes to `src/lib`, `src/components`,
//     `src/testing` or `shared`, so a feature can be read, moved or deleted on its own.
import path from 'node:path';

const RESOLVE_EXT = ['', '.ts', '.tsx', '.js', '.jsx', '.mjs', '.cjs', '/index.ts', '/index.tsx', '/index.js'];

/** `mf-catalog/src/features/a/x.ts` → { pkg: 'mf-catalog', feature: 'a' }; feature null outside features. */
function featureOf(file) {
  const m = /^([^/]+)\/src\/features\/([^/]+)(\/|$)/.exec(file);
  return m ? { pkg: m[1], feature: m[2] } : null;
}

function resolveRelative(fromFile, spec) {
  return path.posix.normalize(path.posix.join(path.posix.dirname(fromFile), spec));
}

/** A feature importing another feature of the same package, or null. */
export function featureViolation(file, spec) {
  if (!spec.startsWith('.')) return null;
  const from = featureOf(file);
  const to = featureOf(resolveRelative(file, spec));
  if (!from || !to || from.pkg !== to.pkg || from.feature === to.feature) return null;
  return `feature '${from.feature}' must not import feature '${to.feature}'; move what both need to src/lib, src/components, src/testing or shared`;
}

/** The file a relative specifier names, among the known files (TypeScript's `.js` → `.ts` too). */
function resolveFile(known, fromFile, spec) {
  const base = resolveRelative(fromFile, spec);
  const stem = base.replace(/\.(js|jsx|mjs|cjs)$/, '');
  for (const candidate of [...RESOLVE_EXT.map((ext) => base + ext), ...RESOLVE_EXT.map((ext) => stem + ext)]) {
    if (known.has(candidate)) return candidate;
  }
  return null;
}

/**
 * Import cycles of each package, one violation per cycle (reported on its first file).
 * files: Map of repository-relative path → source; staticImports(src) → relative specifiers.
 */
export function findCycles(files, staticImports) {
  const edges = new Map();
  for (const [file, src] of files) {
    const pkg = file.split('/')[0];
    const targets = staticImports(src)
      .filter(({ spec }) => spec.startsWith('.'))
      .map(({ spec, line }) => ({ to: resolveFile(files, file, spec), spec, line }))
      .filter(({ to }) => to && to.split('/')[0] === pkg);
    edges.set(file, targets);
  }
  // Tarjan's strongly connected components, iteratively (deep trees would overflow the stack).
  const index = new Map();
  const low = new Map();
  const onStack = new Set();
  const stack = [];
  const components = [];
  let counter = 0;
  for (const root of files.keys()) {
    if (index.has(root)) continue;
    const work = [{ node: root, next: 0 }];
    index.set(root, counter);
    low.set(root, counter++);
    stack.push(root);
    onStack.add(root);
    while (work.length) {
      const frame = work[work.length - 1];
      const out = edges.get(frame.node);
      if (frame.next < out.length) {
        const { to } = out[frame.next++];
        if (!index.has(to)) {
          index.set(to, counter);
          low.set(to, counter++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, next: 0 });
        } else if (onStack.has(to)) low.set(frame.node, Math.min(low.get(frame.node), index.get(to)));
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent), low.get(frame.node)));
      }
      if (low.get(frame.node) === index.get(frame.node)) {
        const component = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        const selfLoop = component.length === 1 && edges.get(member).some((e) => e.to === member);
        if (component.length > 1 || selfLoop) components.push(component.sort());
      }
    }
  }
  return components.map((component) => {
    const members = new Set(component);
    const first = component[0];
    const edge = edges.get(first).find((e) => members.has(e.to));
    return { file: first, line: edge.line, spec: edge.spec, why: `import cycle among ${component.join(', ')}` };
  });
}
