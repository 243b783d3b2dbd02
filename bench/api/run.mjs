#!/usr/bin/env node
// `pnpm bench:api`: the public list calls under autocannon at 1,000 and 100,000 applications, with
// the API in its own process (PGlite in a temporary DATA_DIR, or DATABASE_URL in schema bench_api):
//   (a) hot lists: the first page of each catalogue, the in-process cache on, against a bare
//       node:http server answering the same bytes in the same run;
//   (b) a mix of distinct filter URLs with every cache off (LIST_CACHE=off LIST_COUNT_CACHE=off), and
//       on PostgreSQL the same mix against a bare node:http + pg server running the same SQL
//       (bare-pg-server.mjs);
//   (c) each filter alone, for its p50 at each size: with the answers' cache off and the counts kept
//       between writes (as deployed, less the answers' cache), and (c′) with every cache off.
// Writes bench/results/api.json and bench/results/api.md. Loopback only; stops by itself.
//
// Options: --sizes 1000,100000  --seconds 5  --warmup 1  --connections 10  --mix 200  --mix-seconds 10
//          --phases hot,mix,filters  --out bench/results
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { childProcesses, machineFacts } from '../lib/children.mjs';
import { benchProductionEnv } from '../lib/production-env.mjs';
import { capture, measure } from './load.mjs';
import { writeReport } from './report.mjs';

// Production refuses to start without the payee's requisites; the bench never pays anything.
const SCHEMA = 'bench_api';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const API_DIR = path.join(HERE, '..', '..', 'api');

function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}
const SIZES = arg('sizes', '1000,100000').split(',').map(Number);
const SECONDS = Number(arg('seconds', 5));
const WARMUP = Number(arg('warmup', 1));
const CONNECTIONS = Number(arg('connections', 10));
const MIX = Number(arg('mix', 200));
const MIX_SECONDS = Number(arg('mix-seconds', 10));
const PHASES = new Set(arg('phases', 'hot,mix,filters').split(','));
const RESULTS = path.resolve(arg('out', path.join(HERE, '..', 'results')));
const MOSCOW = '0c5b2444-70a0-4932-980c-b4dc0d3f02b5';
const postgres = Boolean(process.env.DATABASE_URL);
// The API's and the bare server's connections to the database (DATABASE_POOL_SIZE, api/src/config.ts,
// which refuses a bad one): as the README sizes it, about twice the database server's cores, and the
// server is this machine. With 10 on 2 cores the mix's p99 was 56–58 ms against 41–48 with 4.
const POOL_SIZE = process.env.DATABASE_POOL_SIZE?.trim() ? Number(process.env.DATABASE_POOL_SIZE) : 2 * os.availableParallelism();

const run = childProcesses('bench:api', (15 * 60 + SIZES.length * 90 * (SECONDS + WARMUP) + SIZES.length * 3 * MIX_SECONDS) * 1000);
const opts = { seconds: SECONDS, warmup: WARMUP, connections: CONNECTIONS };

/** `caches`: the answers' cache (LIST_CACHE) and the counts kept between writes (LIST_COUNT_CACHE). */
function startApi(rows, fresh, dataDir, caches) {
  const env = {
    DATA_DIR: dataDir,
    PORT: '0',
    BENCH_ROWS: String(rows),
    BENCH_FRESH: fresh ? '1' : '0',
    LIST_CACHE: caches.answers ? 'on' : 'off',
    LIST_COUNT_CACHE: caches.counts ? 'on' : 'off',
    DATABASE_POOL_SIZE: String(POOL_SIZE),
    ...benchProductionEnv(),
  };
  return run.start('api', ['--import', 'tsx', path.join(HERE, 'server.mjs')], { cwd: API_DIR, env });
}

async function each(port, urls, label) {
  const out = {};
  for (const url of urls) {
    out[url] = await measure({ port, paths: url, ...opts });
    const f = out[url];
    console.log(`  ${label} ${url}  p50 ${f.p50} ms  p99 ${f.p99} ms  ${f.rps} req/s${f.failures ? `  failures ${f.failures}` : ''}`);
  }
  return out;
}

/** 200 (MIX) distinct application filters: cities, services, prices, words (ё too), sorts, pages. */
function mixUrls(services, cities) {
  const words = ['ремонт', 'монтаж', 'электрик', 'переезд', 'отопление', 'трёхкомнатной', 'плитка', 'уборка', 'сантехник', 'окна'];
  const sorts = [['name', 'asc'], ['price', 'desc'], ['price', 'asc'], ['deadline', 'asc'], ['createdAt', 'desc'], ['name', 'desc']];
  const urls = new Set();
  for (let i = 0; urls.size < MIX && i < MIX * 20; i++) {
    const p = new URLSearchParams();
    const [sort, dir] = sorts[i % sorts.length];
    if (i % 6 !== 0) p.set('attributeSort', sort), p.set('typeSort', dir);
    if (i % 3 === 0) p.set('address', cities[(i >> 2) % cities.length]);
    if (i % 4 === 1) p.set('services', String(services[(i >> 1) % services.length]));
    if (i % 5 === 2) p.set('query', words[(i >> 3) % words.length]);
    if (i % 7 === 3) p.set('min_price', String(5_000 * (1 + (i % 9)))), p.set('max_price', String(5_000 * (3 + (i % 9))));
    if (i % 11 === 5) p.set('deadline', new Date(Date.now() + (10 + (i % 50)) * 86_400_000).toISOString().slice(0, 10));
    p.set('page', String(1 + (i % 3)));
    urls.add(`/api/application/get-collection?${p}`);
  }
  return [...urls];
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-api-'));
  const runs = [];
  const loadBefore = os.loadavg();
  try {
    for (const [i, rows] of SIZES.entries()) {
      console.log(`bench:api: preparing ${rows} applications…`);
      let api = await startApi(rows, i === 0, dataDir, { answers: true, counts: true });
      let { port } = api.info;
      const size = { rows, applications: api.info.applications, published: api.info.published, db: api.info.db, insertMs: api.info.insertMs };
      console.log(`bench:api: ${size.applications} applications (${size.published} published, ${size.db}); API on :${port}`);
      const services = JSON.parse((await capture(port, '/api/service/get-collection/filter?limit=6')).body).data.items.map((s) => s.id);
      const cities = [MOSCOW, ...[9, 21, 42, 77, 150].map((n) => api.info.cities[n])].filter(Boolean);

      // (a) The first page of each catalogue, as a visitor's browser or a CDN asks for it.
      const hotUrls = ['/api/application/get-collection', '/api/executor/get-collection', '/api/service/get-collection', '/api/facility/get-map'];
      const answers = {};
      for (const url of hotUrls) {
        const a = await capture(port, url);
        if (a.status !== 200) throw new Error(`${url} answered ${a.status}: ${a.body}`);
        answers[url] = { status: a.status, contentType: a.contentType, bodyBase64: a.body.toString('base64'), bytes: a.body.length };
      }
      if (PHASES.has('hot')) size.hot = { api: await each(port, hotUrls, 'hot (cache on)') };
      await run.stop(api.child);

      // (b), (c′): every cache off, every answer and count from the database.
      api = await startApi(rows, false, dataDir, { answers: false, counts: false });
      ({ port } = api.info);
      const filterUrls = [
        '/api/application/get-collection',
        `/api/application/get-collection?address=${MOSCOW}`,
        `/api/application/get-collection?services=${services.slice(0, 2).join(',')}`,
        `/api/application/get-collection?query=${encodeURIComponent('ремонт')}`,
        `/api/application/get-collection?query=${encodeURIComponent('трехкомнатной')}`,
        '/api/application/get-collection?min_price=20000&max_price=40000&attributeSort=price&typeSort=desc',
        `/api/application/get-collection?deadline=${new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10)}&attributeSort=deadline`,
        '/api/application/get-collection?attributeSort=createdAt&typeSort=desc&page=3',
        `/api/executor/get-collection?address=${MOSCOW}`,
        `/api/executor/get-collection?query=${encodeURIComponent('Петров')}`,
        `/api/service/get-collection?query=${encodeURIComponent('монтаж')}`,
      ];
      for (const url of filterUrls) {
        const a = await capture(port, url);
        if (a.status !== 200) throw new Error(`${url} answered ${a.status}: ${a.body}`);
        const data = JSON.parse(a.body).data;
        (size.totals ??= {})[url] = { total: data.total, totalExact: data.totalExact, bytes: a.body.length };
      }
      if (PHASES.has('filters')) size.filters = await each(port, filterUrls, 'filter (every cache off)');
      const mix = mixUrls(services, cities);
      if (PHASES.has('mix')) {
        size.mix = { urls: mix.length, api: await measure({ port, paths: mix, seconds: MIX_SECONDS, warmup: WARMUP, connections: CONNECTIONS }) };
        console.log(`  mix of ${mix.length} (every cache off)  p50 ${size.mix.api.p50} ms  p99 ${size.mix.api.p99} ms  ${size.mix.api.rps} req/s`);
      }
      await run.stop(api.child);

      // (c): the answers' cache off, the counts kept between writes.
      if (PHASES.has('filters')) {
        api = await startApi(rows, false, dataDir, { answers: false, counts: true });
        size.filtersCounted = await each(api.info.port, filterUrls, 'filter (counts kept)');
        await run.stop(api.child);
      }

      if (PHASES.has('hot')) {
        const answersFile = path.join(dataDir, 'answers.json');
        writeFileSync(answersFile, JSON.stringify(answers));
        const plain = await run.start('plain', [path.join(HERE, 'plain-server.mjs')], { cwd: HERE, env: { BENCH_ANSWERS: answersFile } });
        size.hot.plain = await each(plain.info.port, hotUrls, 'hot (plain node:http)');
        size.hot.bytes = Object.fromEntries(hotUrls.map((u) => [u, answers[u].bytes]));
        await run.stop(plain.child);
      }
      if (PHASES.has('mix') && postgres) {
        const bare = await run.start('bare-pg', ['--import', 'tsx', path.join(HERE, 'bare-pg-server.mjs')], { cwd: API_DIR, env: { BENCH_SCHEMA: SCHEMA, DATABASE_POOL_SIZE: String(POOL_SIZE) } });
        size.mix.barePg = await measure({ port: bare.info.port, paths: mix, seconds: MIX_SECONDS, warmup: WARMUP, connections: CONNECTIONS });
        console.log(`  mix (bare node:http + pg)  p50 ${size.mix.barePg.p50} ms  p99 ${size.mix.barePg.p99} ms  ${size.mix.barePg.rps} req/s`);
        await run.stop(bare.child);
      }
      if (size.mix) size.mix.sample = mix.slice(0, 12);
      runs.push(size);
    }
  } finally {
    await run.stopAll();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const result = {
    date: new Date().toISOString(),
    machine: machineFacts(os, loadBefore),
    method: { seconds: SECONDS, warmupSeconds: WARMUP, connections: CONNECTIONS, mixUrls: MIX, mixSeconds: MIX_SECONDS, client: 'autocannon 9 (programmatic), same machine', db: postgres ? 'postgres' : 'pglite', ...(postgres ? { poolSize: POOL_SIZE } : {}) },
    runs,
  };
  writeReport(RESULTS, result);
  console.log(`bench:api: wrote ${path.join(RESULTS, 'api.json')} and api.md`);
}

main()
  .then(() => run.stopLimit())
  .catch((err) => {
    console.error('bench:api failed:', err);
    run.killAll();
    process.exit(1);
  });
