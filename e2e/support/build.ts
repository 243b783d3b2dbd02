import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '../..');

/**
 * A production build of a package with a webpack config written for the test (a release of a
 * remote with one change, into a temporary folder): `configLines` are the config file's lines.
 */
export function buildWithWebpack({ pkg, dir, configLines, env = {} }: { pkg: string; dir: string; configLines: string[]; env?: NodeJS.ProcessEnv }) {
  const packageDir = path.join(ROOT, pkg);
  const config = path.join(dir, 'webpack.config.cjs');
  writeFileSync(config, configLines.join('\n'));
  const cli = require.resolve('webpack-cli/bin/cli.js', { paths: [packageDir] });
  const built = spawnSync(process.execPath, [cli, '--config', config, '--mode', 'production'], {
    cwd: packageDir,
    encoding: 'utf8',
    env: { ...process.env, ...env },
  });
  if (built.status !== 0) throw new Error(`building ${pkg} for the test failed:\n${built.stdout}\n${built.stderr}`);
}

/** `require` of the repository's shared webpack config, for `configLines`. */
export const createConfigModule = JSON.stringify(path.join(ROOT, 'scripts/webpack/create-config.cjs'));
