/**
 * A start the machine refuses (the port taken, a HOST that names no address here) is said in one
 * line that names the setting, with no stack trace (QA DDD-3), as the refused settings are.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';

jest.setTimeout(120_000);

const API_DIR = path.resolve(__dirname, '..');
const made: string[] = [];
let taken: Server;

beforeAll(async () => {
  taken = createServer();
  await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  await new Promise((resolve) => taken.close(resolve));
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** Runs `src/server.ts` on its own embedded database until it exits: its code and what it wrote to stderr. */
function start(settings: NodeJS.ProcessEnv): Promise<{ code: number | null; stderr: string }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'api-start-'));
  made.push(dir);
  const { DATABASE_URL: _server, ...env } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: API_DIR,
    env: { ...env, NODE_ENV: 'development', DATA_DIR: dir, LOG_LEVEL: 'silent', NO_COLOR: '1', ...settings },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stderr })));
}

test('a port in use and a HOST of no address here are one line each, naming the setting, and the start fails', async () => {
  const port = (taken.address() as { port: number }).port;
  const [inUse, noHost] = await Promise.all([start({ PORT: String(port), HOST: '127.0.0.1' }), start({ PORT: '0', HOST: 'no-such-host.invalid' })]);
  expect(inUse).toEqual({ code: 1, stderr: `API failed to start: PORT ${port} is in use on 127.0.0.1: stop what listens there or set another PORT\n` });
  expect(noHost.code).toBe(1);
  expect(noHost.stderr).toMatch(/^API failed to start: HOST no-such-host\.invalid is not an address of this machine \((ENOTFOUND|EAI_AGAIN)\): set HOST to one of its addresses, or 0\.0\.0\.0\n$/);
});
