import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '../..');

/**
 * A production build of a package with a webpack config written for the test (a release of a
 * remote with one change, into a temporary folder): `configLines` are the config file's lines.
 */
export async function buildWithWebpack({ pkg, dir, configLines, env = {} }: { pkg: string; dir: string; configLines: string[]; env?: NodeJS.ProcessEnv }): Promise<void> {
  const packageDir = path.join(ROOT, pkg);
  const config = path.join(dir, 'webpack.config.cjs');
  writeFileSync(config, configLines.join('\n'));
  const cli = require.resolve('webpack-cli/bin/cli.js', { paths: [packageDir] });
  // Asynchronous, not spawnSync: a test's event loop blocked for the build's seconds left the
  // keep-alive connection of its last fetch in the pool after the server had closed it, and the
  // next fetch, made at once, went out on it («other side closed»).
  const child = spawn(process.execPath, [cli, '--config', config, '--mode', 'production'], { cwd: packageDir, env: { ...process.env, ...env } });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  if (code !== 0) throw new Error(`building ${pkg} for the test failed:\n${output}`);
}

/** `require` of the repository's shared webpack config, for `configLines`. */
export const createConfigModule = JSON.stringify(path.join(ROOT, 'scripts/webpack/create-config.cjs'));
