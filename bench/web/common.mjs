// What the web benchmarks (`bench:web`, `bench:lighthouse`) share: options, the app served on
// their own ports, the pages to measure with real ids from the API, Chromium's flags, statistics.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { serveApp } from '../../scripts/run.mjs';

/** Debian Chromium, never a downloaded browser; without the background flags it floods the closed network. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** Pages the client renders by itself (spec §2); every other public page of mf-catalog comes from the server. */
export const CLIENT_ONLY = [/^\/application\/[^/]+$/, /^\/executor\/?$/, /^\/executor\/search\/?$/];
export const isClientOnly = (pattern) => CLIENT_ONLY.some((re) => re.test(pattern.replace(/:id$/, '1')));

export function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] && !process.argv[i + 1].startsWith('--') ? process.argv[i + 1] : fallback;
}
export const flag = (name) => process.argv.includes(`--${name}`);
export const list = (value) => String(value).split(',').map((s) => s.trim()).filter(Boolean);

export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)];
}
export function median(values) {
  const s = [...values].sort((a, b) => a - b);
  if (!s.length) return NaN;
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}
export const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10;
export const round = (x, digits = 0) => (Number.isFinite(x) ? Math.round(x * 10 ** digits) / 10 ** digits : null);

/**
 * The production build on its own ports (as `npm start` serves it), or with `--external` an app
 * already running there. `env` goes to every server (e.g. `{ SSR: 'off' }` for the "before" figure).
 */
export async function startApp({ apiPort, webPort, dataDir, external = false, env = {} }) {
  let app;
  if (external) {
    const o = (port) => `http://localhost:${port}`;
    app = { urls: { api: o(apiPort), shell: o(webPort), 'mf-catalog': o(webPort + 1), 'mf-applications': o(webPort + 2), 'mf-cabinet': o(webPort + 3), 'mf-messaging': o(webPort + 4) }, stop: async () => {} };
  } else {
    // serveApp hands its own process.env to the servers it starts.
    const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
    Object.assign(process.env, env);
    try {
      app = await serveApp({ apiPort, webPort, dataDir, quiet: true });
    } finally {
      for (const [k, v] of Object.entries(saved)) if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
  const packagesByOrigin = Object.fromEntries(Object.entries(app.urls).map(([name, url]) => [new URL(url).origin, name]));
  return { ...app, packagesByOrigin };
}

async function firstId(apiUrl, call, query = '') {
  const res = await fetch(`${apiUrl}/api/${call}?${query}`, { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`${call}: HTTP ${res.status}`);
  const body = await res.json();
  const items = body?.data?.items ?? body?.items ?? [];
  if (!items.length) throw new Error(`${call}: no items`);
  return items[0].id;
}

/** `/service/:id` → `/service/<the first service of the API's list>`; likewise application, executor. */
export async function resolvePages(apiUrl, patterns) {
  const calls = { service: 'service/get-collection', application: 'application/get-collection', executor: 'executor/get-collection' };
  const ids = {};
  const pages = [];
  for (const pattern of patterns) {
    const m = pattern.match(/^\/([a-z-]+)\/:id$/);
    let path = pattern;
    if (m) {
      const call = calls[m[1]];
      if (!call) throw new Error(`no list call to pick an id for ${pattern}`);
      ids[m[1]] ??= await firstId(apiUrl, call);
      path = `/${m[1]}/${ids[m[1]]}`;
    }
    pages.push({ pattern, path, serverRendered: !isClientOnly(pattern) });
  }
  return pages;
}

/**
 * What each built chunk holds, for the reports' "which JavaScript": the shared packages and
 * exposed modules of each package's mf-stats.json, and the entries by name. Keyed `package/file`.
 */
export function chunkLabels(root, packages) {
  const labels = {};
  const add = (key, label) => (labels[key] = labels[key] ? `${labels[key]}, ${label}` : label);
  for (const pkg of packages) {
    let stats;
    try {
      stats = JSON.parse(readFileSync(path.join(root, pkg, 'dist', 'mf-stats.json'), 'utf8'));
    } catch {
      continue;
    }
    for (const s of stats.shared ?? []) for (const f of [...(s.assets?.js?.sync ?? []), ...(s.assets?.js?.async ?? [])]) add(`${pkg}/${f}`, `shared ${s.name}`);
    for (const e of stats.exposes ?? []) {
      for (const f of e.assets?.js?.sync ?? []) add(`${pkg}/${f}`, `expose ./${e.name}`);
      for (const f of e.assets?.js?.async ?? []) labels[`${pkg}/${f}`] ??= `./${e.name} async chunk`;
    }
    // The page chunks by page (mf-catalog's page-assets.json): a chunk shared by pages names them all.
    try {
      const { pages } = JSON.parse(readFileSync(path.join(root, pkg, 'dist', 'page-assets.json'), 'utf8'));
      const byFile = {};
      for (const [page, files] of Object.entries(pages ?? {})) for (const f of files) (byFile[f] ??= []).push(page);
      for (const [f, names] of Object.entries(byFile)) labels[`${pkg}/${f}`] = names.length > 2 ? `page code shared by ${names.length} pages` : `page ${names.join(', ')}`;
    } catch {
      /* no page list */
    }
  }
  return labels;
}

/** A chunk's label: from `chunkLabels`, or the entry it is by its name. */
export function labelOf(labels, pkg, url) {
  const file = new URL(url).pathname.replace(/^\//, '');
  if (labels[`${pkg}/${file}`]) return labels[`${pkg}/${file}`];
  if (file === 'main.js') return 'entry (federation runtime, start)';
  if (file === 'remoteEntry.js') return 'remote entry';
  if (/^bootstrap\./.test(file)) return 'bootstrap (app start)';
  return 'app code';
}
