// The names a remote's source takes from the `shared` singletons (`shared`, `shared/lk`), written
// into its build (`__SHARED_NEEDS__`, create-config.cjs): at run time the remote checks that the
// shell's `shared` it is given has them (shared/src/federation/shared-needs.ts), so a remote
// released before the shell that has its new names is refused with the section's panel rather
// than crashing mid-page (QA BBB-1). Type-only imports are not needed at run time and not counted.
const fs = require('node:fs');
const path = require('node:path');

const IMPORT = /(?:^|[\n;])\s*(import|export)\s+(type\s+)?\{([^}]*)\}\s*from\s*['"](shared(?:\/lk)?)['"]/g;
const SOURCE = /\.(ts|tsx)$/;
const NOT_SHIPPED = /(\.test\.|\.d\.ts$|[\\/]testing[\\/]|standalone\.tsx$)/;

function sourceFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return SOURCE.test(entry.name) && !NOT_SHIPPED.test(full) ? [full] : [];
  });
}

/** `{ shared: [...], lk: [...] }`: the value names the sources import from each, sorted. */
function namesImported(sources) {
  const needs = { shared: new Set(), lk: new Set() };
  for (const text of sources) {
    for (const [, , typeOnly, list, from] of text.matchAll(IMPORT)) {
      if (typeOnly) continue;
      for (const item of list.split(',')) {
        const name = item.trim().replace(/\s+as\s+\w+$/, '');
        if (!name || name.startsWith('type ')) continue;
        needs[from === 'shared' ? 'shared' : 'lk'].add(name);
      }
    }
  }
  return { shared: [...needs.shared].sort(), lk: [...needs.lk].sort() };
}

/** What the remote in `dir` needs of `shared`, from its `src`. */
function sharedNeeds(dir) {
  return namesImported(sourceFiles(path.join(dir, 'src')).map((file) => fs.readFileSync(file, 'utf8')));
}

module.exports = { sharedNeeds, namesImported };
