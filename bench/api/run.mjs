#!/usr/bin/env node
// `pnpm bench:api`: GET /api/application/get-collection under load at 1,000 and 100,000
// applications, against the API in its own process (PGlite in a temporary DATA_DIR, or
// DATABASE_URL in schema bench_api), and a bare node:http server answering the same bytes.
// Writes bench/results/api.json and bench/results/api.md. Loopback only; stops by itself.
//
// Options: --sizes 1000,100000  --seconds 10  --warmup 2  --connections 10  --out bench/results
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { capture, load } from './load.mjs';
import { writeReport } from './report.mjs';

// Production refuses to start without the payee's requisites; the bench never pays anything.
const BENCH_REQUISITES = { PLATFORM_NAME: 'ООО «Бенчмарк»', PLATFORM_INN: '7700000009', PLATFORM_KPP: '770001001', PLATFORM_ACCOUNT: '40702810500000001234', PLATFORM_BANK_NAME: 'ПАО Сбербанк', PLATFORM_BIC: '044525225', PLATFORM_CORR_ACCOUNT: '30101810400000000225' };

const HERE = path.dirname(fileURLToPath(import.meta.url));
const API_DIR = path.join(HERE, '..', '..', 'api');

function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}
const SIZES = arg('sizes', '1000,100000').split(',').map(Number);
const SECONDS = Number(arg('seconds', 10));
const WARMUP = Number(arg('warmup', 2));
const CONNECTIONS = Number(arg('connections', 10));
const RESULTS = path.resolve(arg('out', path.join(HERE, '..', 'results')));
const MOSCOW = '0c5b2444-70a0-4932-980c-b4dc0d3f02b5';

const children = new Set();
// Whatever happens, the run ends: seeding 100,000 rows plus every load fits well inside this.
const hardStop = setTimeout(() => {
  console.error('bench:api: time limit reached, stopping');
  for (const c of children) c.kill('SIGKILL');
  process.exit(1);
}, (10 * 60 + SIZES.length * 10 * 2 * (SECONDS + WARMUP)) * 1000);

/** Starts a child that reports `{ ready }` over IPC; answers its message. */
function startChild(args, env, cwd) {
  const child = spawn(process.execPath, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  children.add(child);
  return new Promise((resolve, reject) => {
    child.once('message', (m) => resolve({ child, info: m }));
    child.once('exit', (code) => reject(new Error(`child exited with ${code} before it was ready`)));
  });
}

async function stopChild(child) {
  if (child.exitCode !== null) return children.delete(child);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
  children.delete(child);
}

async function measure(port, urls) {
  const out = {};
  for (const url of urls) {
    await load({ port, path: url, seconds: WARMUP, connections: CONNECTIONS });
    out[url] = await load({ port, path: url, seconds: SECONDS, connections: CONNECTIONS });
    console.log(`  ${url}  p50 ${out[url].p50} ms  p99 ${out[url].p99} ms  ${out[url].rps} req/s${out[url].failures ? `  failures ${out[url].failures}` : ''}`);
  }
  return out;
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-api-'));
  const runs = [];
  const loadBefore = os.loadavg();
  try {
    for (const [i, rows] of SIZES.entries()) {
      console.log(`bench:api: preparing ${rows} applications…`);
      const env = { DATA_DIR: dataDir, PORT: '0', BENCH_ROWS: String(rows), BENCH_FRESH: i === 0 ? '1' : '0', NODE_ENV: 'production', JWT_SECRET: 'bench', SMS_PROVIDER: 'smsru', SMS_RU_API_ID: 'bench', SMS_RU_URL: 'http://127.0.0.1:9', PAYMENT_WEBHOOK_SECRET: 'bench', ...BENCH_REQUISITES };
      const api = await startChild(['--import', 'tsx', path.join(HERE, 'server.mjs')], env, API_DIR);
      const { port } = api.info;
      const services = JSON.parse((await capture(port, '/api/service/get-collection/filter?limit=2')).body).data.items.map((s) => s.id);
      const urls = [
        '/api/application/get-collection',
        `/api/application/get-collection?address=${MOSCOW}`,
        `/api/application/get-collection?services=${services.join(',')}`,
        `/api/application/get-collection?query=${encodeURIComponent('ремонт')}`,
        '/api/application/get-collection?min_price=20000&max_price=40000&attributeSort=price&typeSort=desc',
      ];
      const answers = {};
      for (const url of urls) {
        const a = await capture(port, url);
        if (a.status !== 200) throw new Error(`${url} answered ${a.status}: ${a.body}`);
        answers[url] = { status: a.status, contentType: a.contentType, bodyBase64: a.body.toString('base64'), bytes: a.body.length, total: JSON.parse(a.body).data.total };
      }
      console.log(`bench:api: ${api.info.applications} applications (${api.info.published} published, ${api.info.db}); API on :${port}`);
      const apiFigures = await measure(port, urls);
      await stopChild(api.child);

      const answersFile = path.join(dataDir, 'answers.json');
      writeFileSync(answersFile, JSON.stringify(answers));
      const plain = await startChild([path.join(HERE, 'plain-server.mjs')], { BENCH_ANSWERS: answersFile }, HERE);
      console.log(`bench:api: plain node:http on :${plain.info.port}`);
      const plainFigures = await measure(plain.info.port, urls);
      await stopChild(plain.child);

      runs.push({
        rows,
        applications: api.info.applications,
        published: api.info.published,
        db: api.info.db,
        insertMs: api.info.insertMs,
        urls: urls.map((url) => ({ url, bytes: answers[url].bytes, total: answers[url].total, api: apiFigures[url], plain: plainFigures[url] })),
      });
    }
  } finally {
    for (const c of [...children]) await stopChild(c);
    rmSync(dataDir, { recursive: true, force: true });
  }
  const result = {
    date: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      cpu: os.cpus()[0]?.model,
      node: process.version,
      platform: `${os.platform()} ${os.release()}`,
      // Other work on the machine skews the figures; the load averages say how much there was.
      loadAverage: { before: loadBefore.map((x) => Number(x.toFixed(2))), after: os.loadavg().map((x) => Number(x.toFixed(2))) },
    },
    method: { seconds: SECONDS, warmupSeconds: WARMUP, connections: CONNECTIONS, client: 'node:http keep-alive closed loop (bench/api/load.mjs), same machine' },
    runs,
  };
  writeReport(RESULTS, result);
  console.log(`bench:api: wrote ${path.join(RESULTS, 'api.json')} and api.md`);
}

main()
  .then(() => clearTimeout(hardStop))
  .catch((err) => {
    console.error('bench:api failed:', err);
    for (const c of children) c.kill('SIGKILL');
    process.exit(1);
  });
