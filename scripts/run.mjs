#!/usr/bin/env node
// The project's two entry points, `npm start` and `npm test`, on a machine that may have only Node 20.
// No dependencies: this file runs before anything is installed.
//
//   node scripts/run.mjs start   install (pinned pnpm), build, serve
//   node scripts/run.mjs serve   serve the built app (options below)
//   node scripts/run.mjs test    install, lint, typecheck, build, Jest, Playwright; last line `N passed, N failed`
//
// serve options (used by e2e and bench to run the production build on their own ports):
//   --api-port N (8080)  --web-port N (3000; the remotes of remotes.json take N+1, N+2, ...)  --data-dir DIR  --host NAME (localhost)
//   --temp-data     a fresh DATA_DIR, removed at the end; the API's flood limits × 100 (FLOOD_LIMITS_SCALE, unless set)
//   --api-nodes 2   two API processes on free loopback ports behind scripts/api-proxy.mjs on the API
//                   port (HTTP to node 1, WebSocket to node 2); needs DATABASE_URL and REDIS_URL
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, chmodSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { failuresOfFiles, formatFailures } from './test-failures.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PNPM_VERSION = '10.34.9';
const GAZETTEER = path.resolve(ROOT, '../shared/data/city.csv');
const CI = Boolean(process.env.CI) && process.env.CI !== 'false' && process.env.CI !== '0';
// The one list of remotes (package, federation name, dev port, mount): remotes.json.
const REMOTE_LIST = JSON.parse(readFileSync(path.join(ROOT, 'remotes.json'), 'utf8'));
const REMOTES = REMOTE_LIST.map((r) => r.package);
const COLORS = [36, 33, 35, 32, 34, 91];
const useColor = process.stdout.isTTY && !process.env.NO_COLOR;

function log(msg) {
  console.log(useColor ? `\x1b[1m[run]\x1b[0m ${msg}` : `[run] ${msg}`);
}

// ---------------------------------------------------------------- pnpm

let pnpmChecked = false;

// Makes `pnpm` at the pinned version resolvable for this process and every child (package
// scripts call `pnpm -r ...` themselves): a global pnpm of the right version is used as is;
// otherwise a shim that runs `npx -y pnpm@VERSION` goes first on PATH.
export function ensurePnpm() {
  if (pnpmChecked) return;
  pnpmChecked = true;
  const probe = spawnSync('pnpm', ['--version'], { encoding: 'utf8', shell: process.platform === 'win32', env: { ...process.env, COREPACK_ENABLE_STRICT: '0' } });
  const found = probe.status === 0 ? probe.stdout.trim() : null;
  if (found === PNPM_VERSION) {
    log(`pnpm ${found} found on PATH`);
    return;
  }
  log(`pnpm ${PNPM_VERSION} not on PATH (found: ${found ?? 'none'}); using npx -y pnpm@${PNPM_VERSION}`);
  const shimDir = path.join(tmpdir(), `market-pnpm-${PNPM_VERSION}-shim`);
  mkdirSync(shimDir, { recursive: true });
  if (process.platform === 'win32') {
    writeFileSync(path.join(shimDir, 'pnpm.cmd'), `@npx -y pnpm@${PNPM_VERSION} %*\r\n`);
  } else {
    const shim = path.join(shimDir, 'pnpm');
    writeFileSync(shim, `#!/bin/sh\nexec npx -y pnpm@${PNPM_VERSION} "$@"\n`);
    chmodSync(shim, 0o755);
  }
  process.env.PATH = `${shimDir}${path.delimiter}${process.env.PATH}`;
  const check = spawnSync('pnpm', ['--version'], { encoding: 'utf8', shell: process.platform === 'win32' });
  if (check.status !== 0 || check.stdout.trim() !== PNPM_VERSION) {
    console.error(check.stderr || check.stdout);
    throw new Error(`could not run pnpm ${PNPM_VERSION} through npx`);
  }
}

// Runs a command with inherited output; resolves to its exit code.
function sh(cmd, args, opts = {}) {
  log(`$ ${[cmd, ...args].join(' ')}`);
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: ROOT, stdio: 'inherit', shell: process.platform === 'win32', ...opts });
    child.on('error', (err) => {
      console.error(err.message);
      resolve(127);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

async function install() {
  ensurePnpm();
  let code = await sh('pnpm', ['install', '--frozen-lockfile']);
  if (code !== 0 && !CI) {
    log('frozen install failed (lockfile out of date?); retrying with a plain install');
    code = await sh('pnpm', ['install']);
  }
  return code;
}

/**
 * The end-to-end tests drive Debian's Chromium (CHROMIUM_PATH, else /usr/bin/chromium). A machine
 * without it gets it from apt-get when this runs as root; otherwise the reason is printed and the
 * e2e stage fails with it. Resolves to an error message, or null when the browser is there.
 */
async function ensureChromium() {
  const browser = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (existsSync(browser)) return null;
  if (process.env.CHROMIUM_PATH) return `CHROMIUM_PATH=${browser} does not exist`;
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  const apt = spawnSync('sh', ['-c', 'command -v apt-get'], { encoding: 'utf8' }).status === 0;
  const how = 'install Debian Chromium (apt-get install chromium) or set CHROMIUM_PATH';
  if (!root || !apt) return `no browser at ${browser}: ${how}`;
  log('the end-to-end tests need Debian Chromium: installing it with apt-get');
  const code = await sh('sh', ['-c', 'apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends chromium']);
  return code === 0 && existsSync(browser) ? null : `apt-get could not install chromium: ${how}`;
}

// ---------------------------------------------------------------- serve

function parseArgs(argv) {
  const opts = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (!a.startsWith('--')) continue;
    const [k, inline] = a.slice(2).split('=', 2);
    const next = argv[i + 1];
    if (inline !== undefined) opts[k] = inline;
    else if (next !== undefined && !next.startsWith('--')) opts[k] = argv[++i];
    else opts[k] = true;
  }
  return opts;
}

function prefixStream(stream, prefix, out) {
  let buf = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    buf += chunk;
    let i;
    while ((i = buf.indexOf('\n')) >= 0) {
      out.write(`${prefix} ${buf.slice(0, i)}\n`);
      buf = buf.slice(i + 1);
    }
  });
  stream.on('end', () => {
    if (buf) out.write(`${prefix} ${buf}\n`);
  });
}

function busyPorts(ports) {
  return Promise.all(
    ports.map(
      (port) =>
        new Promise((resolve) => {
          const server = createServer();
          server.once('error', () => resolve(port));
          server.listen(port, () => server.close(() => resolve(null)));
        }),
    ),
  ).then((list) => list.filter(Boolean));
}

// Distinct free loopback ports: all are held open together, then released.
export async function freePorts(count) {
  const servers = await Promise.all(
    Array.from({ length: count }, () => new Promise((resolve, reject) => {
      const server = createServer();
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve(server));
    })),
  );
  const ports = servers.map((server) => server.address().port);
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

/**
 * The API processes and how each is checked: one API on the API port, or two nodes on loopback
 * behind the proxy. Nodes start one after the other: the first migrates, seeds and writes the
 * generated JWT secret into the shared DATA_DIR, which the second then reads.
 */
async function apiSpecs({ apiNodes, apiPort, apiUrl, env }) {
  const server = path.join(ROOT, 'api/dist/server.mjs');
  const node = (name, extra) => ({ name, args: [server], cwd: path.join(ROOT, 'api'), env: { ...env, ...extra } });
  if (apiNodes === 1) return [{ ...node('api', { PORT: String(apiPort) }), health: `${apiUrl}/api/health` }];
  const missing = ['DATABASE_URL', 'REDIS_URL'].filter((name) => !process.env[name]);
  if (missing.length) {
    throw new Error(`--api-nodes 2 needs ${missing.join(' and ')}: the two nodes share one PostgreSQL server and one Redis (e.g. DATABASE_URL=postgres://user@127.0.0.1:5432/db REDIS_URL=redis://127.0.0.1:6379)`);
  }
  const ports = await freePorts(2);
  // The proxy names the client in X-Forwarded-For; trusting it keeps per-IP limits per client and
  // the loopback-only SMS inbox closed to remote callers (who would otherwise arrive from loopback).
  const nodeEnv = (port) => ({ PORT: String(port), HOST: '127.0.0.1', TRUST_PROXY: process.env.TRUST_PROXY || '127.0.0.1' });
  return [
    ...ports.map((port, i) => ({ ...node(`api-${i + 1}`, nodeEnv(port)), health: `http://127.0.0.1:${port}/api/health`, url: `http://127.0.0.1:${port}` })),
    {
      name: 'api-proxy',
      args: [path.join(ROOT, 'scripts/api-proxy.mjs'), '--port', String(apiPort), '--http', `127.0.0.1:${ports[0]}`, '--ws', `127.0.0.1:${ports[1]}`],
      cwd: ROOT,
      env: {},
      health: `${apiUrl}/api/health`,
    },
  ];
}

export async function waitFor(url, { timeoutMs, isDead = () => null }) {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    const dead = isDead();
    if (dead) throw new Error(`${dead} exited before ${url} answered`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(3000) });
      if (res.ok) return;
      last = `HTTP ${res.status}`;
    } catch (err) {
      last = err.cause?.code ?? err.message;
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s (last: ${last})`);
}

/** The newest modification time of the files under `dirs` (0 where none). */
function newestChange(dirs) {
  let newest = 0;
  for (const dir of dirs.filter((d) => existsSync(d))) {
    for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) newest = Math.max(newest, statSync(path.join(entry.parentPath ?? entry.path, entry.name)).mtimeMs);
    }
  }
  return newest;
}

/**
 * The packages whose build is older than their sources (theirs or `shared`'s): `serve` runs the
 * build, so code changed since the last `pnpm build` would be served silently as it was.
 */
export function staleBuilds(root = ROOT) {
  const shared = newestChange([path.join(root, 'shared/src')]);
  return ['api', 'shell', ...REMOTES].filter((name) => {
    const dist = path.join(root, name, 'dist');
    return existsSync(dist) && Math.max(shared, newestChange([path.join(root, name, 'src')])) > newestChange([dist]);
  });
}

// Starts the API and the five static servers of the production build; resolves once the API's
// health and the shell answer. Returns { urls, stop }.
export async function serveApp(options = {}) {
  const host = options.host ?? 'localhost';
  const apiPort = Number(options.apiPort ?? 8080);
  const webPort = Number(options.webPort ?? 3000);
  const quiet = Boolean(options.quiet);
  const apiNodes = options.apiNodes === undefined ? 1 : Number(options.apiNodes);
  if (apiNodes !== 1 && apiNodes !== 2) throw new Error(`--api-nodes takes 1 or 2, not ${options.apiNodes}`);
  const origin = (port) => `http://${host}:${port}`;
  const apiUrl = origin(apiPort);
  const remoteUrls = Object.fromEntries(REMOTES.map((name, i) => [name, origin(webPort + 1 + i)]));
  const shellUrl = origin(webPort);

  const missing = [path.join(ROOT, 'api/dist/server.mjs'), ...['shell', ...REMOTES].map((p) => path.join(ROOT, p, 'dist'))].filter((f) => !existsSync(f));
  if (missing.length) throw new Error(`not built (missing ${missing.map((f) => path.relative(ROOT, f)).join(', ')}); run \`pnpm build\` first`);
  const stale = staleBuilds();
  if (stale.length) log(`the build of ${stale.join(', ')} is older than its sources: what changed since is not served (run \`pnpm build\`)`);

  const webPorts = [webPort, ...REMOTES.map((_, i) => webPort + 1 + i)];
  const busy = await busyPorts([apiPort, ...webPorts]);
  if (busy.length) throw new Error(`port ${busy.join(', ')} already in use (is the app already running?)`);

  const webOrigins = webPorts.flatMap((p) => [`http://localhost:${p}`, `http://127.0.0.1:${p}`]);
  // MF_CATALOG_URL etc.: the variables scripts/webpack/runtime-config.cjs reads for each remote.
  const runtimeEnv = {
    API_URL: apiUrl,
    ...Object.fromEntries(REMOTE_LIST.map((r) => [`${r.federationName.toUpperCase()}_URL`, remoteUrls[r.package]])),
  };
  // serve runs the whole stack, so the shell always points at the processes it starts: an address
  // set in the environment would be silently ignored, so say so.
  for (const [name, value] of Object.entries(runtimeEnv)) {
    const set = process.env[name];
    if (set && set !== value) log(`${name}=${set} from the environment is ignored: serve points the shell at its own ${value} (to use another, run scripts/serve-static.mjs for the shell)`);
  }
  const serveStatic = path.join(ROOT, 'scripts/serve-static.mjs');
  const apis = await apiSpecs({
    apiNodes,
    apiPort,
    apiUrl,
    env: {
      PUBLIC_ORIGINS: process.env.PUBLIC_ORIGINS ?? webOrigins.join(','),
      ...(options.dataDir ? { DATA_DIR: path.resolve(options.dataDir) } : {}),
      // A throwaway database is a test run's (e2e/global-setup.ts): its journeys send in seconds what
      // a person sends in an hour (messaging.spec.ts: 41 messages in a row from one user).
      ...(options.looseFloodLimits && !process.env.FLOOD_LIMITS_SCALE ? { FLOOD_LIMITS_SCALE: '100' } : {}),
      // The handbook's gazetteer beside the checkout, read from its path (never copied in).
      ...(!process.env.ADDRESS_GAZETTEER && existsSync(GAZETTEER) ? { ADDRESS_GAZETTEER: GAZETTEER } : {}),
    },
  });
  const specs = [
    ...apis,
    {
      name: 'shell',
      args: [serveStatic, '--dir', path.join(ROOT, 'shell/dist'), '--port', String(webPort), '--spa', '--runtime-config'],
      cwd: path.join(ROOT, 'shell'),
      env: runtimeEnv,
    },
    ...REMOTES.map((name, i) => ({
      name,
      args: [serveStatic, '--dir', path.join(ROOT, name, 'dist'), '--port', String(webPort + 1 + i)],
      cwd: path.join(ROOT, name),
      env: runtimeEnv,
    })),
  ];

  const width = Math.max(...specs.map((s) => s.name.length));
  const children = [];
  let stopping = false;
  const start = (spec, i) => {
    const child = spawn(process.execPath, spec.args, {
      cwd: spec.cwd,
      env: { ...process.env, ...spec.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const label = `[${spec.name.padEnd(width)}]`;
    const prefix = useColor ? `\x1b[${COLORS[i % COLORS.length]}m${label}\x1b[0m` : label;
    if (quiet) {
      child.stdout.resume();
      prefixStream(child.stderr, prefix, process.stderr);
    } else {
      prefixStream(child.stdout, prefix, process.stdout);
      prefixStream(child.stderr, prefix, process.stderr);
    }
    const entry = { name: spec.name, child, exited: null };
    child.on('exit', (code, signal) => {
      entry.exited = signal ?? code;
      if (!stopping) console.error(`${prefix} exited (${signal ?? `code ${code}`})`);
    });
    children.push(entry);
  };
  // Everything at once but the API processes after the first: each waits for the one before.
  for (const [i, spec] of specs.entries()) if (!apis.includes(spec) || spec === apis[0]) start(spec, i);

  async function stop() {
    if (stopping) return;
    stopping = true;
    const alive = children.filter((c) => c.exited === null);
    await Promise.all(
      alive.map(
        (c) =>
          new Promise((resolve) => {
            const t = setTimeout(() => c.child.kill('SIGKILL'), 5000);
            c.child.once('exit', () => {
              clearTimeout(t);
              resolve();
            });
            c.child.kill('SIGTERM');
          }),
      ),
    );
  }

  const isDead = () => children.find((c) => c.exited !== null)?.name;
  try {
    for (const [i, api] of apis.entries()) {
      if (i > 0) start(api, specs.indexOf(api));
      await waitFor(api.health, { timeoutMs: Number(options.timeoutMs ?? 120000), isDead });
    }
    await waitFor(shellUrl, { timeoutMs: 30000, isDead });
    await Promise.all(REMOTES.map((n) => waitFor(remoteUrls[n] + '/mf-manifest.json', { timeoutMs: 30000, isDead })));
  } catch (err) {
    await stop();
    throw err;
  }
  const nodes = apis.filter((a) => a.url).map((a) => a.url);
  return { urls: { api: apiUrl, shell: shellUrl, ...remoteUrls }, apiNodes: nodes, stop, children };
}

async function serveCommand(opts) {
  let app;
  let tempData;
  if (opts['temp-data']) tempData = mkdtempSync(path.join(tmpdir(), 'market-data-'));
  try {
    app = await serveApp({
      apiPort: opts['api-port'],
      webPort: opts['web-port'],
      host: opts.host,
      dataDir: tempData ?? opts['data-dir'],
      looseFloodLimits: Boolean(tempData),
      quiet: Boolean(opts.quiet),
      apiNodes: opts['api-nodes'],
    });
  } catch (err) {
    console.error(`[run] ${err.message}`);
    return 1;
  }
  const { urls } = app;
  console.log('');
  log('ready:');
  console.log(`  app (shell)      ${urls.shell}`);
  console.log(`  API              ${urls.api}/api   (health ${urls.api}/api/health, docs ${urls.api}/api/docs)`);
  if (app.apiNodes.length) console.log(`  API nodes        HTTP → ${app.apiNodes[0]}, WebSocket → ${app.apiNodes[1]} (through Redis; LOG_LEVEL=debug logs each route)`);
  for (const n of REMOTES) console.log(`  ${n.padEnd(16)} ${urls[n]}`);
  console.log('  Ctrl-C stops everything.');
  return new Promise((resolve) => {
    let done = false;
    const shutdown = async (sig) => {
      if (done) return;
      done = true;
      log(`${sig}: stopping`);
      await app.stop();
      if (tempData) rmSync(tempData, { recursive: true, force: true });
      resolve(0);
    };
    process.on('SIGINT', () => shutdown('SIGINT'));
    process.on('SIGTERM', () => shutdown('SIGTERM'));
    process.on('SIGHUP', () => shutdown('SIGHUP'));
    // Started by a test runner that died without stopping us: do not hold the ports forever.
    const parent = process.ppid;
    setInterval(() => {
      if (process.ppid !== parent) shutdown('parent exited');
    }, 1000).unref();
    // One process dying takes the rest down, so a half-started app never lingers.
    for (const c of app.children) {
      c.child.on('exit', () => {
        if (done) return;
        done = true;
        log(`${c.name} stopped; stopping the rest`);
        app.stop().then(() => resolve(1));
      });
    }
  });
}

// ---------------------------------------------------------------- test

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

function countSpecs(suites) {
  return suites.reduce((n, s) => n + (s.specs?.length ?? 0) + countSpecs(s.suites ?? []), 0);
}

async function testCommand() {
  const tmp = mkdtempSync(path.join(tmpdir(), 'market-test-'));
  // TEST_REPORTS_DIR keeps the Jest and Playwright reports after the run (.ci/run reads them again).
  const reports = process.env.TEST_REPORTS_DIR ? path.resolve(process.env.TEST_REPORTS_DIR) : tmp;
  mkdirSync(reports, { recursive: true });
  const reportFiles = [path.join(reports, 'jest.json'), path.join(reports, 'e2e.json')];
  for (const file of reportFiles) rmSync(file, { force: true });
  const totals = { passed: 0, failed: 0 };
  const stages = [];
  // Each stage's time, from the end of the one before: what a run near CI's 30 minutes spends where.
  let since = Date.now();
  const record = (name, ok, detail = '') => {
    const seconds = Math.round((Date.now() - since) / 1000);
    since = Date.now();
    stages.push({ name, ok, detail, seconds });
    log(`${ok ? 'PASS' : 'FAIL'} ${name}${detail ? ` (${detail})` : ''} in ${seconds} s`);
  };

  try {
    ensurePnpm();
  } catch (err) {
    console.error(err.message);
    console.log('0 passed, 1 failed');
    return 1;
  }

  const installCode = await install();
  record('install', installCode === 0);
  if (installCode !== 0) {
    totals.failed += 1;
    console.log(`${totals.passed} passed, ${totals.failed} failed`);
    return 1;
  }

  // Lint (and its self-test), typecheck and build are gates, not tests: they count only when they fail, so the
  // closing line never says "0 failed" for a run that failed.
  const lintCode = await sh('pnpm', ['lint']);
  record('lint', lintCode === 0);
  if (lintCode !== 0) totals.failed += 1;

  const selfTest = spawnSync(process.execPath, [path.join(ROOT, 'scripts/lint-boundaries.mjs'), '--self-test', '--json'], { encoding: 'utf8' });
  const self = (() => {
    try {
      return JSON.parse(selfTest.stdout.trim().split('\n').pop());
    } catch {
      return null;
    }
  })();
  // The fixtures test the linter, not the app: a gate like lint (one failure when any fixture
  // fails), reported as fixtures and kept out of the `N passed` total of the app's tests.
  if (self) {
    for (const f of self.failures) console.error(`  lint self-test failed: ${f}`);
    if (self.failed) totals.failed += 1;
    record('lint self-test', self.failed === 0, `${self.passed + self.failed} fixtures, ${self.failed} wrong`);
  } else {
    console.error(selfTest.stdout, selfTest.stderr);
    totals.failed += 1;
    record('lint self-test', false, 'did not report');
  }

  const typecheckCode = await sh('pnpm', ['typecheck']);
  record('typecheck', typecheckCode === 0);
  if (typecheckCode !== 0) totals.failed += 1;

  const buildCode = await sh('pnpm', ['build']);
  record('build', buildCode === 0);
  if (buildCode !== 0) totals.failed += 1;

  const jestJson = reportFiles[0];
  // Jest's default is one worker less than the cores, which on a 2-core machine runs every file in
  // Jest's own process, one file after another: a worker per core took the run from 822 to 478 s here.
  // One more than the cores: the browser suites wait on real timers (a form's autosave pause, a
  // toast's time) a fifth of the time, which a third worker fills: on 2 cores mf-applications and
  // mf-cabinet took 156 s rather than 186, and the whole run (the API suite on a PostgreSQL server)
  // 821 s rather than 923.
  const workers = `--maxWorkers=${availableParallelism() + 1}`;
  const jestCode = await sh('pnpm', ['exec', 'jest', '--ci', workers, '--passWithNoTests', '--json', `--outputFile=${jestJson}`]);
  const jest = readJson(jestJson);
  if (jest) {
    totals.passed += jest.numPassedTests;
    totals.failed += jest.numFailedTests;
    // A suite that fails to load (syntax error, missing module) has no failed test in it.
    const broken = jest.numRuntimeErrorTestSuites ?? 0;
    totals.failed += broken;
    record('jest', jestCode === 0 && jest.success, `${jest.numPassedTests} passed, ${jest.numFailedTests} failed${broken ? `, ${broken} suites failed to run` : ''}`);
    if (jestCode !== 0 && jest.numFailedTests === 0 && broken === 0) totals.failed += 1;
  } else {
    totals.failed += 1;
    record('jest', false, `exit ${jestCode}, no report`);
  }

  const noBrowser = buildCode === 0 ? await ensureChromium() : null;
  if (noBrowser) {
    totals.failed += 1;
    record('e2e', false, `skipped: ${noBrowser}`);
  } else if (buildCode === 0) {
    const e2eJson = reportFiles[1];
    const e2eCode = await sh('pnpm', ['--filter', 'e2e', 'exec', 'playwright', 'test'], {
      env: { ...process.env, E2E_JSON_REPORT: e2eJson },
    });
    const e2e = readJson(e2eJson);
    if (e2e?.stats) {
      const passed = (e2e.stats.expected ?? 0) + (e2e.stats.flaky ?? 0);
      const failed = e2e.stats.unexpected ?? 0;
      const setupErrors = e2e.errors?.length ?? 0;
      totals.passed += passed;
      // A global setup that failed runs no test: every listed test counts as failed.
      const listed = countSpecs(e2e.suites ?? []);
      const notRun = passed + failed === 0 && e2eCode !== 0 ? Math.max(1, listed) : 0;
      totals.failed += failed + notRun + (failed === 0 && notRun === 0 && e2eCode !== 0 ? 1 : 0);
      record('e2e', e2eCode === 0, `${passed} passed, ${failed} failed${setupErrors ? `, ${setupErrors} errors` : ''}`);
    } else {
      totals.failed += 1;
      record('e2e', false, `exit ${e2eCode}, no report`);
    }
  } else {
    totals.failed += 1;
    record('e2e', false, 'skipped: the build failed');
  }

  const failures = formatFailures(failuresOfFiles(reportFiles));
  rmSync(tmp, { recursive: true, force: true });
  console.log('');
  log('summary:');
  for (const s of stages) console.log(`  ${s.ok ? 'ok  ' : 'FAIL'} ${s.name}${s.detail ? ` — ${s.detail}` : ''} (${s.seconds} s)`);
  if (failures) console.log(failures);
  const ok = totals.failed === 0 && stages.every((s) => s.ok);
  console.log(`${totals.passed} passed, ${totals.failed} failed`);
  return ok ? 0 : 1;
}

// ---------------------------------------------------------------- main

async function main() {
  const [command, ...rest] = process.argv.slice(2);
  const opts = parseArgs(rest);
  switch (command) {
    case 'start': {
      try {
        ensurePnpm();
      } catch (err) {
        console.error(err.message);
        return 1;
      }
      if ((await install()) !== 0) return 1;
      if ((await sh('pnpm', ['build'])) !== 0) return 1;
      return serveCommand(opts);
    }
    case 'serve':
      return serveCommand(opts);
    case 'test':
      return testCommand();
    default:
      console.error('usage: node scripts/run.mjs start|serve|test [--api-port N] [--web-port N] [--data-dir DIR | --temp-data] [--api-nodes 2] [--quiet]');
      return 2;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().then(
    (code) => process.exit(code),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
