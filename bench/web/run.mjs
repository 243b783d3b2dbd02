#!/usr/bin/env node
// `pnpm bench:web`: cold loads of /application in Debian Chromium under Slow 4G and 4× CPU
// throttling, against the production build served as `npm start` serves it (own ports).
// Writes bench/results/web.json and bench/results/web.md. Needs `pnpm build` first.
//
// Options: --runs N (9)  --path /application  --api-port N (28080)  --web-port N (23000)  --external
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { serveApp } from '../../scripts/run.mjs';
import { analyseRun } from './analyse.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const RESULTS = path.join(HERE, '..', 'results');

// Chrome DevTools' "Slow 4G" latency with the issue's plain figures: 1.6 Mbit/s = 1.6e6 / 8 =
// 200 000 bytes/s down, 750 kbit/s = 93 750 bytes/s up (DevTools' own preset also takes 10 % off).
export const NETWORK = { offline: false, latency: 562.5, downloadThroughput: 1.6e6 / 8, uploadThroughput: 750e3 / 8 };
export const CPU_RATE = 4;
export const BUDGETS = { lcpMedianMs: 2000, jsKb: 120, roundsAfterHtml: 2, otherRemoteBytes: 0 };

function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}

const RUNS = Number(arg('runs', 9));
const ROUTE = arg('path', '/application');
const API_PORT = Number(arg('api-port', 28080));
const WEB_PORT = Number(arg('web-port', 23000));

// --external: measure an app that is already running on --api-port/--web-port.
function externalUrls() {
  const o = (port) => `http://localhost:${port}`;
  return { api: o(API_PORT), shell: o(WEB_PORT), 'mf-catalog': o(WEB_PORT + 1), 'mf-applications': o(WEB_PORT + 2), 'mf-cabinet': o(WEB_PORT + 3), 'mf-messaging': o(WEB_PORT + 4) };
}

const LCP_OBSERVER = `
  window.__lcp = null;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const el = e.element;
      window.__lcp = { startTime: e.startTime, size: e.size, url: e.url || null,
        element: el ? (el.tagName.toLowerCase() + (el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\\s+/).join('.') : '')) : null,
        text: el && el.textContent ? el.textContent.trim().slice(0, 60) : null };
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
`;

async function oneRun(browser, url) {
  const context = await browser.newContext({ viewport: { width: 412, height: 915 }, deviceScaleFactor: 1, locale: 'ru-RU' });
  const page = await context.newPage();
  await page.addInitScript(LCP_OBSERVER);
  const cdp = await context.newCDPSession(page);
  const requests = new Map();
  let inflight = 0;
  let lastActivity = Date.now();
  const touch = () => (lastActivity = Date.now());
  cdp.on('Network.requestWillBeSent', (e) => {
    touch();
    const prev = requests.get(e.requestId);
    // A redirect reuses the requestId; keep the first hop's start.
    if (prev) return;
    inflight++;
    requests.set(e.requestId, { id: e.requestId, url: e.request.url, method: e.request.method, type: e.type, initiator: e.initiator, start: e.timestamp, end: null, bytes: 0, status: null, failed: false });
  });
  cdp.on('Network.responseReceived', (e) => {
    const r = requests.get(e.requestId);
    if (r) {
      r.status = e.response.status;
      r.type = e.type ?? r.type;
      r.protocol = e.response.protocol;
    }
  });
  cdp.on('Network.loadingFinished', (e) => {
    touch();
    const r = requests.get(e.requestId);
    if (r && r.end === null) {
      r.end = e.timestamp;
      r.bytes = e.encodedDataLength;
      inflight--;
    }
  });
  cdp.on('Network.loadingFailed', (e) => {
    touch();
    const r = requests.get(e.requestId);
    if (r && r.end === null) {
      r.end = e.timestamp;
      r.failed = true;
      r.error = e.errorText;
      inflight--;
    }
  });
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_RATE });

  await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
  // Settled: an LCP candidate exists and the network has been quiet for 2 s (at most 60 s).
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const lcp = await page.evaluate(() => window.__lcp);
    if (lcp && inflight <= 0 && Date.now() - lastActivity > 2000) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const lcp = await page.evaluate(() => window.__lcp);
  const nav = await page.evaluate(() => {
    const n = performance.getEntriesByType('navigation')[0];
    return n ? { fetchStart: n.fetchStart, responseEnd: n.responseEnd, domContentLoaded: n.domContentLoadedEventEnd, load: n.loadEventEnd } : null;
  });
  await context.close();
  return { lcp, nav, requests: [...requests.values()] };
}

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)];
}
const median = (values) => {
  const s = [...values].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10;

function markdown(report) {
  const s = report.summary;
  const ok = (pass) => (pass ? 'within' : '**over**');
  const lines = [
    `# Web benchmark: \`${report.route}\``,
    '',
    `${report.date} · ${report.runs.length} cold runs · Chromium ${report.browserVersion} · Slow 4G (latency ${NETWORK.latency} ms, ${NETWORK.downloadThroughput} B/s down, ${NETWORK.uploadThroughput} B/s up) · CPU ×${CPU_RATE} · viewport 412×915`,
    '',
    '| metric | value | budget | |',
    '|---|---|---|---|',
    `| LCP median | ${Math.round(s.lcpMedianMs)} ms | ≤ ${BUDGETS.lcpMedianMs} ms | ${ok(s.lcpMedianMs <= BUDGETS.lcpMedianMs)} |`,
    `| LCP p75 | ${Math.round(s.lcpP75Ms)} ms | | |`,
    `| JS before LCP (compressed, median) | ${s.jsKbBeforeLcp} kB | ≤ ${BUDGETS.jsKb} kB | ${ok(s.jsKbBeforeLcp <= BUDGETS.jsKb)} |`,
    `| request rounds after the HTML before LCP (median) | ${s.roundsAfterHtml} | ≤ ${BUDGETS.roundsAfterHtml} | ${ok(s.roundsAfterHtml <= BUDGETS.roundsAfterHtml)} |`,
    `| rounds by plain initiator chains (cross-check, median) | ${s.initiatorOnlyRounds} | | |`,
    `| runs without an LCP entry (excluded) | ${s.runsWithoutLcp} | | |`,
    `| bytes from remotes the route does not use (max) | ${s.otherRemoteBytes} | ${BUDGETS.otherRemoteBytes} | ${ok(s.otherRemoteBytes <= BUDGETS.otherRemoteBytes)} |`,
    '',
    '## JavaScript before LCP by package (compressed bytes on the wire, median over runs)',
    '',
    '| package | kB |',
    '|---|---|',
    ...Object.entries(s.jsKbByPackage).map(([p, v]) => `| ${p} | ${v} |`),
    '',
    '## Runs',
    '',
    '| run | LCP ms | LCP element | JS kB before LCP | rounds | requests before LCP | other-remote bytes |',
    '|---|---|---|---|---|---|---|',
    ...report.runs.map((r, i) => `| ${i + 1} | ${Math.round(r.lcpMs)} | ${r.lcpElement ?? ''} | ${kb(r.jsBytesBeforeLcp)} | ${r.roundsAfterHtml} | ${r.requestsBeforeLcp} | ${r.otherRemoteBytes} |`),
    '',
    '## Critical chain of the median run',
    '',
    ...s.criticalChain.map((c) => `${c.round}. ${c.url} (${c.type}, ${c.startMs}–${c.endMs} ms)`),
    '',
    '## What the build does for these figures',
    '',
    '- Share strategy `loaded-first`: a remote is fetched only when a route of it is visited (0 bytes from other remotes).',
    '- One federation runtime per page: the shell provides it (`provideExternalRuntime`) and production remotes reuse it (`externalRuntime`), about 16 kB compressed less per remote; the runtime is built for the browser only (`optimization.target: web`, about 4 kB less).',
    '- Async bootstrap instead of `eager` shared packages; hashed chunks are immutable, HTML, manifests and `runtime-config.json` revalidate.',
    '- The shell\'s static server adds preload hints to the HTML: the shell\'s start chunks (listed at build time by walking the chunk graph through the modules the host provides), a preconnect to the API, and the manifest of the route\'s remote. Remote scripts are not hinted: the federation runtime reuses a `<link>` of the same URL and waits for its load event, so a hint that failed while a remote was down would stall the retry.',
    '- The entry chunk starts the first route\'s remote (entry, `./routes`, and the page chunk of an unguarded route) as soon as the runtime configuration arrives; a route\'s `handle.prefetch` starts the page\'s first API call when the routes are known, in parallel with the page chunk.',
    '- The login dialogs and socket.io-client are loaded only when used; Leaflet only when a map scrolls into view.',
    '',
    '## Where the rest is',
    '',
    '- JavaScript: react-dom (~65 kB), react-router-dom 7 (~62 kB: shared singletons are not tree-shaken), the federation runtime (~50 kB with the shell\'s start code) and zod (~27 kB, every answer is parsed) are the bulk before LCP.',
    '- Rounds: the remote\'s entry waits for the shell\'s chunks to run, and its page chunk for the entry. Next steps: hint the remote\'s scripts in a way that survives a failed preload (or a build-time snapshot of the remote manifest), and trim the shell\'s start JavaScript (the header\'s account widgets could load after the first render).',
    '',
    '## Method',
    '',
    '- Each run is a new browser context (empty cache, no service worker) with `Network.setCacheDisabled`, `Network.emulateNetworkConditions` and `Emulation.setCPUThrottlingRate` set over CDP before navigating.',
    '- LCP: the last `largest-contentful-paint` entry (PerformanceObserver, buffered) once the page has settled (network quiet for 2 s).',
    '- Bytes: `Network.loadingFinished.encodedDataLength` (compressed body plus headers) of requests of type Script that finished before LCP, grouped by origin port → package.',
    '- Rounds: every request gets a parent and is one round deeper than it. Parser-initiated requests: the document or stylesheet the initiator names. Script-initiated requests: CDP names only the script whose code sent them (often a shared chunk such as the query library), not the response that code waited for, so the parent is the deepest script or data response (Document, Script, Fetch, XHR) that had finished before the request was sent — the longest chain of requests each sent only after the previous one had arrived. So "main.js fetched the manifest, and remoteEntry.js was asked for only when it arrived" is two rounds, and the API call sent after the page chunk arrived is one round after that chunk. A CORS preflight sits between a request and its parent. HTML = round 0; the figure is the deepest round among requests that finished before LCP. It is an upper bound (an unrelated response that happened to arrive earlier can lengthen a chain); the plain initiator-chain depth (parent = the script CDP names) is the lower-bound cross-check.',
    '- Other-remote bytes: every byte fetched during the whole run (not only before LCP) from mf-applications, mf-cabinet and mf-messaging.',
  ];
  return lines.join('\n') + '\n';
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'market-bench-'));
  let app;
  let browser;
  try {
    app = process.argv.includes('--external')
      ? { urls: externalUrls(), stop: async () => {} }
      : await serveApp({ apiPort: API_PORT, webPort: WEB_PORT, dataDir, quiet: true });
    const packagesByOrigin = {
      [new URL(app.urls.shell).origin]: 'shell',
      [new URL(app.urls.api).origin]: 'api',
      [new URL(app.urls['mf-catalog']).origin]: 'mf-catalog',
      [new URL(app.urls['mf-applications']).origin]: 'mf-applications',
      [new URL(app.urls['mf-cabinet']).origin]: 'mf-cabinet',
      [new URL(app.urls['mf-messaging']).origin]: 'mf-messaging',
    };
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    const url = app.urls.shell + ROUTE;
    // One unthrottled warm-up so the API's first-query costs are not in run 1; the browser cache is not shared.
    const warm = await browser.newContext();
    await (await warm.newPage()).goto(url, { waitUntil: 'networkidle' });
    await warm.close();

    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      let raw = await oneRun(browser, url);
      if (!raw.lcp) {
        console.log(`run ${i + 1}: no LCP entry; trying once more`);
        raw = await oneRun(browser, url);
      }
      if (process.env.BENCH_DEBUG) console.log(JSON.stringify({ lcp: raw.lcp, nav: raw.nav, n: raw.requests.length, urls: raw.requests.map((r) => `${r.type} ${r.url} ${r.failed ? r.error : r.status}`) }, null, 1));
      const run = analyseRun(raw, packagesByOrigin, ['mf-applications', 'mf-cabinet', 'mf-messaging']);
      runs.push(run);
      console.log(`run ${i + 1}/${RUNS}: LCP ${Math.round(run.lcpMs)} ms, JS ${kb(run.jsBytesBeforeLcp)} kB before LCP, ${run.roundsAfterHtml} rounds after HTML, other remotes ${run.otherRemoteBytes} B`);
    }
    const all = runs;
    const measured = all.filter((r) => Number.isFinite(r.lcpMs));
    if (!measured.length) throw new Error('no run produced an LCP entry');
    const lcps = measured.map((r) => r.lcpMs);
    const medianRun = [...measured].sort((a, b) => a.lcpMs - b.lcpMs)[Math.floor(measured.length / 2)];
    const pkgs = [...new Set(measured.flatMap((r) => Object.keys(r.jsBytesByPackage)))];
    const summary = {
      lcpMedianMs: median(lcps),
      lcpP75Ms: percentile(lcps, 0.75),
      runsWithoutLcp: all.length - measured.length,
      jsKbBeforeLcp: kb(median(measured.map((r) => r.jsBytesBeforeLcp))),
      jsKbByPackage: Object.fromEntries(pkgs.map((p) => [p, kb(median(measured.map((r) => r.jsBytesByPackage[p] ?? 0)))])),
      roundsAfterHtml: median(measured.map((r) => r.roundsAfterHtml)),
      initiatorOnlyRounds: median(measured.map((r) => r.initiatorOnlyRounds)),
      otherRemoteBytes: Math.max(...runs.map((r) => r.otherRemoteBytes)),
      criticalChain: medianRun.criticalChain,
      waterfallOfMedianRun: medianRun.waterfall,
    };
    summary.withinBudgets = {
      lcp: summary.lcpMedianMs <= BUDGETS.lcpMedianMs,
      js: summary.jsKbBeforeLcp <= BUDGETS.jsKb,
      rounds: summary.roundsAfterHtml <= BUDGETS.roundsAfterHtml,
      otherRemotes: summary.otherRemoteBytes <= BUDGETS.otherRemoteBytes,
    };
    const report = {
      route: ROUTE,
      date: new Date().toISOString(),
      browserVersion: browser.version(),
      conditions: { network: NETWORK, cpuThrottlingRate: CPU_RATE, viewport: '412x915', cache: 'cold (new context, cache disabled)' },
      budgets: BUDGETS,
      summary,
      runs: runs.map(({ criticalChain, waterfall, ...rest }) => rest),
    };
    mkdirSync(RESULTS, { recursive: true });
    writeFileSync(path.join(RESULTS, 'web.json'), JSON.stringify(report, null, 2) + '\n');
    writeFileSync(path.join(RESULTS, 'web.md'), markdown(report));
    console.log(markdown(report));
    console.log(`wrote ${path.relative(process.cwd(), path.join(RESULTS, 'web.json'))} and web.md`);
    return 0;
  } finally {
    await browser?.close();
    await app?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
