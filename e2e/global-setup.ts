// Serves the production build as `npm start` does (scripts/run.mjs serve), on the test ports and
// with a fresh temporary DATA_DIR, so the API seeds its demo data anew for every run.
// E2E_API_NODES=2 serves two API nodes behind one port (`--api-nodes 2`: HTTP to node 1, sockets
// to node 2), with the DATABASE_URL and REDIS_URL of the environment (two-nodes.spec.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { startFakeDadata } from '../api/test/fakes/dadata';
import { API_PORT, OPERATOR_PHONE, WEB_PORT } from './support/env';

const ROOT = path.resolve(__dirname, '..');

function waitForReady(child: ChildProcess, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`the app did not start within ${timeoutMs / 1000} s:\n${out}`)), timeoutMs);
    child.stdout?.setEncoding('utf8');
    child.stdout?.on('data', (chunk: string) => {
      out += chunk;
      if (out.includes('[run] ready')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`scripts/run.mjs serve exited with ${code}:\n${out}`));
    });
  });
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  if (process.env.E2E_EXTERNAL_APP) return async () => {};
  // DaData's organisation and bank lookups answer from the API tests' fake (documented shapes,
  // on loopback); addresses stay on the gazetteer the other journeys rely on.
  const dadata = await startFakeDadata();
  const nodes = process.env.E2E_API_NODES === '2' ? ['--api-nodes', '2'] : [];
  const child = spawn(
    process.execPath,
    [path.join(ROOT, 'scripts/run.mjs'), 'serve', '--api-port', String(API_PORT), '--web-port', String(WEB_PORT), '--temp-data', '--quiet', ...nodes],
    {
      cwd: ROOT,
      // Loopback proxies may name the client (support/deal.ts gives each party its own address).
      env: { ...process.env, NO_COLOR: '1', DADATA_TOKEN: dadata.token, DADATA_URL: dadata.url, ADDRESS_PROVIDER: 'gazetteer', TRUST_PROXY: process.env.TRUST_PROXY || '127.0.0.1', OPERATOR_PHONE: OPERATOR_PHONE },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  try {
    await waitForReady(child, 150_000);
  } catch (err) {
    child.kill('SIGTERM');
    await dadata.close();
    throw err;
  }
  child.stdout?.resume();
  return async () => {
    await dadata.close();
    if (child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
      child.once('exit', () => {
        clearTimeout(force);
        resolve();
      });
      child.kill('SIGTERM');
    });
  };
}
