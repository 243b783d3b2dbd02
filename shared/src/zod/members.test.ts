import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { zodMembers } from './members';

// The browser code the shell's build compiles against zod on demand: `shared` and the shell
// itself (the remotes' builds bundle zod whole). Each `z.member` read as a value must be in
// members.ts, or the page would throw when the code first runs.
const ROOT = path.resolve(__dirname, '../../..');
const DIRS = ['shared/src', 'shell/src'];

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(full));
    else if (/\.tsx?$/.test(entry.name) && !/\.(test|d)\.tsx?$/.test(entry.name) && !full.includes(`${path.sep}testing${path.sep}`)) out.push(full);
  }
  return out;
}

/** `z.x` read as a value in a file that imports `z` from 'zod' (a type position is a QualifiedName, not counted). */
function membersUsed(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const importsZ = source.statements.some(
    (s) => ts.isImportDeclaration(s) && !s.importClause?.isTypeOnly && (s.moduleSpecifier as ts.StringLiteral).text === 'zod' && /\bz\b/.test(s.importClause?.getText() ?? ''),
  );
  if (!importsZ) return [];
  const used: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'z') used.push(node.name.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return used;
}

describe('zod members carried by the browser build', () => {
  const files = DIRS.flatMap((dir) => sourceFiles(path.join(ROOT, dir)));
  const used = new Map<string, string>();
  for (const file of files) for (const member of membersUsed(file)) if (!used.has(member)) used.set(member, path.relative(ROOT, file));

  it('finds the contract (the scan reads what it should)', () => {
    expect(files.length).toBeGreaterThan(50);
    expect(used.get('object')).toBeDefined();
  });

  it('carries every member browser code reads', () => {
    const missing = [...used].filter(([member]) => !(member in zodMembers)).map(([member, file]) => `z.${member} (${file})`);
    expect(missing).toEqual([]);
  });

  it('carries nothing no code reads', () => {
    expect(Object.keys(zodMembers).filter((member) => !used.has(member))).toEqual([]);
  });
});
