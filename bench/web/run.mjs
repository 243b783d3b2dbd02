#!/usr/bin/env node
// `pnpm bench:web`: cold loads of several pages in Debian Chromium under Slow 4G and 4× CPU
// throttling, against the production build served as `npm start` serves it (own ports); then the
// INP of a filter change on /application, then the TTFB of the server-rendered HTML on loopback
// under 10 concurrent requests (autocannon and a first-byte client).
// Writes bench/results/web.json and bench/results/web.md. Needs `pnpm build` first.
//
// Options: --pages /application,/,/service/:id,/application/:id   --runs N (9)   --inp-runs N (5)
//   --unthrottled-runs N (5: a client-rendered page again with the CPU unthrottled)
//   --ttfb-seconds N (10)   --skip lcp,inp,ttfb   --baseline (also the LCP runs with SSR=off)
//   --api-port N (28080)   --web-port N (23000)   --external (an app already running on those ports)
//   --report-only (web.md again from web.json)
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { machineFacts } from '../lib/children.mjs';
import { analyseRun, interactionDuration, layoutShift } from './analyse.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH, arg, chunkLabels, flag, kb, labelOf, list, median, percentile, resolvePages, round, startApp } from './common.mjs';
import { loopbackTtfb } from './ttfb.mjs';
import { markdown } from './report.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.join(HERE, '..', '..');
const RESULTS = path.join(HERE, '..', 'results');

// Chrome DevTools' "Slow 4G" latency with the issue's plain figures: 1.6 Mbit/s = 1.6e6 / 8 =
// 200 000 bytes/s down, 750 kbit/s = 93 750 bytes/s up (DevTools' own preset also takes 10 % off).
export const NETWORK = { offline: false, latency: 562.5, downloadThroughput: 1.6e6 / 8, uploadThroughput: 750e3 / 8 };
export const CPU_RATE = 4;
export const BUDGETS = { lcpServerMs: 1500, lcpClientMs: 2500, jsKb: 120, cls: 0.05, loopbackTtfbP95Ms: 100, inpMs: 100, otherRemoteBytes: 0 };

const PAGES = list(arg('pages', '/application,/,/service/:id,/application/:id'));
const RUNS = Number(arg('runs', 9));
const INP_RUNS = Number(arg('inp-runs', 5));
const UNTHROTTLED_RUNS = Number(arg('unthrottled-runs', 5));
const TTFB_SECONDS = Number(arg('ttfb-seconds', 10));
const SKIP = new Set(list(arg('skip', '')));
const API_PORT = Number(arg('api-port', 28080));
const WEB_PORT = Number(arg('web-port', 23000));
const OTHER_REMOTES = ['mf-applications', 'mf-cabinet', 'mf-messaging'];

const OBSERVERS = `
  window.__lcp = null;
  window.__shifts = [];
  window.__events = [];
  const describe = (el) => el && el.tagName ? el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + (typeof el.className === 'string' && el.className.trim() ? '.' + el.className.trim().split(/\\s+/).slice(0, 3).join('.') : '') : null;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const el = e.element;
      window.__lcp = { startTime: e.startTime, size: e.size, url: e.url || null, element: describe(el),
        text: el && el.textContent ? el.textContent.trim().slice(0, 60) : null };
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__shifts.push({ value: e.value, hadRecentInput: e.hadRecentInput, startTime: e.startTime,
      sources: (e.sources || []).map((s) => describe(s.node)).filter(Boolean).slice(0, 4) });
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__events.push({ name: e.name, interactionId: e.interactionId, startTime: e.startTime,
      duration: e.duration, processingStart: e.processingStart, processingEnd: e.processingEnd });
  }).observe({ type: 'event', durationThreshold: 16 });
`;

/** One cold load: a new context (empty cache), throttled over CDP, observed until it settles; `after(page)` then runs in it. */
async function oneRun(browser, url, after, cpuRate = CPU_RATE) {
  const context = await browser.newContext({ viewport: { width: 412, height: 915 }, deviceScaleFactor: 1, locale: 'ru-RU' });
  const page = await context.newPage();
  await page.addInitScript(OBSERVERS);
  const cdp = await context.newCDPSession(page);
  const requests = new Map();
  let inflight = 0;
  let lastActivity = Date.now();
  const touch = () => (lastActivity = Date.now());
  cdp.on('Network.requestWillBeSent', (e) => {
    touch();
    // A redirect reuses the requestId; keep the first hop's start.
    if (requests.has(e.requestId)) return;
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
  const finish = (e, failed) => {
    touch();
    const r = requests.get(e.requestId);
    if (r && r.end === null) {
      r.end = e.timestamp;
      if (failed) Object.assign(r, { failed: true, error: e.errorText });
      else r.bytes = e.encodedDataLength;
      inflight--;
    }
  };
  cdp.on('Network.loadingFinished', (e) => finish(e, false));
  cdp.on('Network.loadingFailed', (e) => finish(e, true));
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate });

  await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
  // Settled: an LCP candidate exists and the network has been quiet for 2 s (at most 60 s).
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const lcp = await page.evaluate(() => window.__lcp);
    if (lcp && inflight <= 0 && Date.now() - lastActivity > 2000) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const state = await page.evaluate(() => {
    const n = performance.getEntriesByType('navigation')[0];
    return {
      lcp: window.__lcp,
      shifts: window.__shifts,
      ssr: Boolean(document.getElementById('__SSR_DATA__')),
      // Scripts inside the HTML (a client-only page's start libraries, scripts/ssr-document.mjs).
      inline: [...document.querySelectorAll('script:not([src])')]
        .filter((s) => !s.type || /javascript|module/i.test(s.type))
        .map((s) => ({ url: new URL(s.dataset.startInline ?? '#inline', location.href).href, text: s.text })),
      nav: n ? { fetchStart: n.fetchStart, requestStart: n.requestStart, responseStart: n.responseStart, responseEnd: n.responseEnd, domContentLoaded: n.domContentLoadedEventEnd, load: n.loadEventEnd } : null,
    };
  });
  const extra = after ? await after(page) : null;
  await context.close();
  // An inline script's bytes on the wire: its share of the HTML, which the server compresses per
  // response with brotli at quality 5 (scripts/serve-static.mjs).
  const inlineScripts = state.inline.map(({ url, text }) => ({ url, bytes: brotliCompressSync(Buffer.from(text), { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }).length }));
  return { ...state, inlineScripts, requests: [...requests.values()], extra };
}

/** After the load: the sort `<select>` of /application changed with the keyboard (trusted input), timed by Event Timing. */
async function changeSort(page) {
  await page.evaluate(() => (window.__events = []));
  const select = page.getByLabel('Сортировка');
  await select.focus();
  const before = await select.inputValue();
  await page.keyboard.press('ArrowDown');
  // Event Timing entries are delivered after the next paint; the list's refetch is not part of INP.
  await page.waitForTimeout(1500);
  const events = await page.evaluate(() => window.__events);
  return { before, after: await select.inputValue(), url: page.url(), events };
}

function summarise(page, runs) {
  const measured = runs.filter((r) => Number.isFinite(r.lcpMs));
  const lcps = measured.map((r) => r.lcpMs);
  const medianRun = [...measured].sort((a, b) => a.lcpMs - b.lcpMs)[Math.floor(measured.length / 2)];
  const pkgs = [...new Set(measured.flatMap((r) => Object.keys(r.jsBytesByPackage)))];
  const allPkgs = [...new Set(runs.flatMap((r) => Object.keys(r.jsBytesAllByPackage)))];
  const budgetLcp = page.serverRendered ? BUDGETS.lcpServerMs : BUDGETS.lcpClientMs;
  const s = {
    lcpMedianMs: median(lcps),
    lcpP75Ms: percentile(lcps, 0.75),
    lcpBudgetMs: budgetLcp,
    runsWithoutLcp: runs.length - measured.length,
    serverRenderedRuns: runs.filter((r) => r.ssr).length,
    jsKbBeforeLcp: kb(median(measured.map((r) => r.jsBytesBeforeLcp))),
    jsKbByPackage: Object.fromEntries(pkgs.map((p) => [p, kb(median(measured.map((r) => r.jsBytesByPackage[p] ?? 0)))])),
    jsKbAll: kb(median(runs.map((r) => r.jsBytesAll))),
    jsKbAllByPackage: Object.fromEntries(allPkgs.map((p) => [p, kb(median(runs.map((r) => r.jsBytesAllByPackage[p] ?? 0)))])),
    scriptsDoneMedianMs: median(runs.map((r) => r.scriptsDoneMs).filter(Number.isFinite)),
    roundsAfterHtml: median(measured.map((r) => r.roundsAfterHtml)),
    initiatorOnlyRounds: median(measured.map((r) => r.initiatorOnlyRounds)),
    cls: round(Math.max(...runs.map((r) => r.cls.cls)), 4),
    clsMedian: round(median(runs.map((r) => r.cls.cls)), 4),
    clsTotalMax: round(Math.max(...runs.map((r) => r.cls.total)), 4),
    ttfbMedianMs: round(median(runs.map((r) => r.ttfbMs).filter(Number.isFinite))),
    htmlDoneMedianMs: round(median(runs.map((r) => r.htmlDoneMs).filter(Number.isFinite))),
    htmlKb: kb(median(runs.map((r) => r.htmlBytes))),
    otherRemoteBytes: Math.max(...runs.map((r) => r.otherRemoteBytes)),
    medianRun: medianRun
      ? { lcpMs: medianRun.lcpMs, lcpElement: medianRun.lcpElement, lcpText: medianRun.lcpText, criticalChain: medianRun.criticalChain, scripts: medianRun.scripts, waterfall: medianRun.waterfall }
      : null,
    worstShift: [...runs].sort((a, b) => b.cls.cls - a.cls.cls)[0]?.cls.largest ?? [],
  };
  s.withinBudgets = {
    lcp: s.lcpMedianMs <= budgetLcp,
    js: s.jsKbBeforeLcp <= BUDGETS.jsKb,
    cls: s.cls <= BUDGETS.cls,
    otherRemotes: s.otherRemoteBytes <= BUDGETS.otherRemoteBytes,
  };
  return s;
}

async function loadRuns(browser, app, pages, runs, labels, tag = '', cpuRate = CPU_RATE) {
  const results = [];
  for (const page of pages) {
    const url = app.urls.shell + page.path;
    // One unthrottled warm-up so the API's and the renderer's first-call costs are not in run 1.
    const warm = await browser.newContext();
    await (await warm.newPage()).goto(url, { waitUntil: 'networkidle' });
    await warm.close();
    const list = [];
    for (let i = 0; i < runs; i++) {
      let raw = await oneRun(browser, url, undefined, cpuRate);
      if (!raw.lcp) {
        console.log(`${page.path} run ${i + 1}: no LCP entry; trying once more`);
        raw = await oneRun(browser, url, undefined, cpuRate);
      }
      if (process.env.BENCH_DEBUG) console.log(JSON.stringify({ lcp: raw.lcp, nav: raw.nav, shifts: raw.shifts, urls: raw.requests.map((r) => `${r.type} ${r.url} ${r.failed ? r.error : r.status}`) }, null, 1));
      const run = analyseRun(raw, app.packagesByOrigin, OTHER_REMOTES);
      const doc = raw.requests.find((r) => r.type === 'Document');
      run.ssr = raw.ssr;
      run.ttfbMs = raw.nav ? raw.nav.responseStart : null;
      run.htmlDoneMs = raw.nav ? raw.nav.responseEnd : null;
      run.htmlBytes = doc?.bytes ?? 0;
      run.cls = layoutShift(raw.shifts);
      run.scripts = run.waterfall
        .filter((w) => w.type === 'Script' && w.endMs !== null)
        .map((w) => ({ package: w.package, file: `${new URL(w.url).pathname.slice(1)}${w.inline ? ' (inline in the HTML)' : ''}`, label: labelOf(labels, w.package, w.url), kB: kb(w.bytes), round: w.round, endMs: w.endMs, beforeLcp: w.beforeLcp, inline: w.inline }));
      list.push(run);
      console.log(`${tag}${page.path} ${i + 1}/${runs}: LCP ${Math.round(run.lcpMs)} ms, JS ${kb(run.jsBytesBeforeLcp)} kB, ${run.roundsAfterHtml} rounds, CLS ${run.cls.cls.toFixed(3)}, TTFB ${Math.round(run.ttfbMs)} ms, ssr ${run.ssr}`);
    }
    results.push({ ...page, summary: summarise(page, list), runs: list.map(({ criticalChain, waterfall, scripts, ...rest }) => rest) });
  }
  return results;
}

async function inpRuns(browser, app, runs) {
  const url = `${app.urls.shell}/application`;
  const list = [];
  for (let i = 0; i < runs; i++) {
    const raw = await oneRun(browser, url, changeSort);
    const x = raw.extra;
    const inp = interactionDuration(x.events);
    const changed = x.before !== x.after;
    list.push({ ...inp, changed, url: x.url, ssr: raw.ssr, events: x.events.length });
    console.log(`INP ${i + 1}/${runs}: ${inp ? `${inp.durationMs} ms (${inp.name}: input delay ${inp.inputDelayMs}, processing ${inp.processingMs}, presentation ${inp.presentationMs})` : 'no event over 16 ms'}; sort ${x.before} → ${x.after}`);
  }
  // No entry at durationThreshold 16: the interaction took less than 16 ms; counted as 16 (an upper bound).
  const durations = list.filter((r) => r.changed).map((r) => r.durationMs ?? 16);
  return {
    page: '/application',
    interaction: 'sort <select> changed with ArrowDown after the page settled (keydown/keyup are trusted CDP input)',
    runs: list,
    medianMs: median(durations),
    maxMs: Math.max(...durations),
    runsWithoutChange: list.filter((r) => !r.changed).length,
    withinBudget: median(durations) <= BUDGETS.inpMs,
  };
}

async function main() {
  if (flag('report-only')) {
    // web.md again from web.json (after a change to the report's wording).
    const report = JSON.parse(readFileSync(path.join(RESULTS, 'web.json'), 'utf8'));
    writeFileSync(path.join(RESULTS, 'web.md'), markdown(report));
    return 0;
  }
  const loadBefore = os.loadavg();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'market-bench-'));
  let app;
  let browser;
  const report = { date: new Date().toISOString(), conditions: { network: NETWORK, cpuThrottlingRate: CPU_RATE, viewport: '412x915', cache: 'cold (new context, cache disabled)' }, budgets: BUDGETS };
  try {
    app = await startApp({ apiPort: API_PORT, webPort: WEB_PORT, dataDir, external: flag('external') });
    const pages = await resolvePages(app.urls.api, PAGES);
    report.pages = pages.map((p) => p.path);
    const labels = chunkLabels(ROOT, ['shell', 'mf-catalog']);
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    report.browserVersion = browser.version();
    if (!SKIP.has('lcp')) report.loads = await loadRuns(browser, app, pages, RUNS, labels);
    // The network's share of a client-rendered page's LCP: the same loads with the CPU unthrottled.
    if (!SKIP.has('lcp')) report.cpuUnthrottled = await loadRuns(browser, app, pages.filter((p) => !p.serverRendered), UNTHROTTLED_RUNS, labels, 'CPU ×1 ', 1);
    if (!SKIP.has('inp')) report.inp = await inpRuns(browser, app, INP_RUNS);
    await browser.close();
    browser = null;
    if (!SKIP.has('ttfb')) {
      report.ttfb = [];
      for (const page of pages.filter((p) => p.serverRendered)) {
        const r = await loopbackTtfb(app.urls.shell + page.path, { seconds: TTFB_SECONDS, connections: 10 });
        report.ttfb.push({ path: page.path, ...r, withinBudget: r.firstByte.p95 <= BUDGETS.loopbackTtfbP95Ms });
        console.log(`TTFB ${page.path}: first byte p50/p95/p99 ${r.firstByte.p50}/${r.firstByte.p95}/${r.firstByte.p99} ms; autocannon ${r.autocannon.p50}/${r.autocannon.p95}/${r.autocannon.p99} ms, ${r.autocannon.reqPerSec} req/s; ssr ${r.serverRendered}`);
      }
    }
    if (flag('baseline') && !SKIP.has('lcp') && !flag('external')) {
      // The "before" figure: the same build and pages with server rendering off (SSR=off).
      await app.stop();
      app = await startApp({ apiPort: API_PORT, webPort: WEB_PORT, dataDir, env: { SSR: 'off' } });
      browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
      report.baseline = await loadRuns(browser, app, pages.filter((p) => p.serverRendered), RUNS, labels, 'SSR=off ');
    }
    report.machine = machineFacts(os, loadBefore);
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
