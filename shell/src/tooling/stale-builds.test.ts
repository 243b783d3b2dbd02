/** @jest-environment node */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// scripts/run.mjs `serve` runs the build: it says which packages' builds are older than their
// sources (theirs or shared's), rather than serving code changed since silently as it was.
const script = path.resolve(__dirname, '../../../scripts/run.mjs');

function staleIn(root: string): string[] {
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', `import(${JSON.stringify(script)}).then((m) => console.log(JSON.stringify(m.staleBuilds(${JSON.stringify(root)}))))`], { encoding: 'utf8' });
  expect(run.stderr).toBe('');
  return JSON.parse(run.stdout) as string[];
}

function file(root: string, name: string, minutesAgo: number) {
  const at = path.join(root, name);
  fs.mkdirSync(path.dirname(at), { recursive: true });
  fs.writeFileSync(at, 'x');
  const when = new Date(Date.now() - minutesAgo * 60_000);
  fs.utimesSync(at, when, when);
}

test('a build older than its sources or than shared is named; a current one and an unbuilt package are not', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'stale-builds-'));
  try {
    file(root, 'shared/src/index.ts', 30);
    file(root, 'shell/src/app/app.tsx', 20);
    file(root, 'shell/dist/main.js', 10);
    file(root, 'api/src/config.ts', 5);
    file(root, 'api/dist/server.mjs', 10);
    file(root, 'mf-catalog/src/routes.tsx', 40);
    file(root, 'mf-catalog/dist/remoteEntry.js', 35);
    file(root, 'mf-cabinet/src/routes.tsx', 40);
    expect(staleIn(root)).toEqual(['api', 'mf-catalog']);

    file(root, 'shared/src/lk.ts', 1);
    expect(staleIn(root)).toEqual(['api', 'shell', 'mf-catalog']);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});
