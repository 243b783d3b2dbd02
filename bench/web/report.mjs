import { median, round } from './common.mjs';
// bench/results/web.md from the report `run.mjs` writes to web.json.
const ms = (x) => (Number.isFinite(x) ? `${Math.round(x)} ms` : '–');
const ok = (pass) => (pass ? 'within' : '**over**');

function pageSection(p, budgets) {
  const s = p.summary;
  const lines = [
    `### \`${p.path}\` (${p.serverRendered ? 'server-rendered' : 'client-rendered'}; ${s.serverRenderedRuns} of ${p.runs.length} runs had the server's ${p.serverRendered ? 'HTML' : 'inlined data'})`,
    '',
    '| metric | value | budget | |',
    '|---|---|---|---|',
    `| LCP median | ${ms(s.lcpMedianMs)} | ≤ ${s.lcpBudgetMs} ms | ${ok(s.withinBudgets.lcp)} |`,
    `| LCP p75 | ${ms(s.lcpP75Ms)} | | |`,
    ...(p.cpuFreeLcpMs ? [`| LCP median with the CPU unthrottled (same network) | ${ms(p.cpuFreeLcpMs)} | | |`] : []),
    `| JS before LCP (compressed, median) | ${s.jsKbBeforeLcp} kB | ≤ ${budgets.jsKb} kB | ${ok(s.withinBudgets.js)} |`,
    `| CLS (largest session window, worst run) | ${s.cls} | ≤ ${budgets.cls} | ${ok(s.withinBudgets.cls)} |`,
    `| CLS median run · plain sum, worst run | ${s.clsMedian} · ${s.clsTotalMax} | | |`,
    `| request rounds after the HTML before LCP (median; plain initiator chains) | ${s.roundsAfterHtml} (${s.initiatorOnlyRounds}) | | |`,
    `| TTFB of the HTML in the browser (navigation responseStart, median) · HTML complete at | ${ms(s.ttfbMedianMs)} · ${ms(s.htmlDoneMedianMs)} | | |`,
    `| HTML on the wire (median) | ${s.htmlKb} kB | | |`,
    `| bytes from remotes the route does not use (max) | ${s.otherRemoteBytes} | ${budgets.otherRemoteBytes} | ${ok(s.withinBudgets.otherRemotes)} |`,
    `| all JavaScript of the load (hydration; median) · last script done at | ${s.jsKbAll} kB · ${ms(s.scriptsDoneMedianMs)} | | |`,
    `| runs without an LCP entry (excluded) | ${s.runsWithoutLcp} | | |`,
    '',
    `JavaScript before LCP by package (median): ${Object.entries(s.jsKbByPackage).map(([k, v]) => `${k} ${v} kB`).join(', ') || 'none'}. All JavaScript of the load by package: ${Object.entries(s.jsKbAllByPackage).map(([k, v]) => `${k} ${v} kB`).join(', ') || 'none'}.`,
    '',
  ];
  const m = s.medianRun;
  if (m) {
    lines.push(`Median run: LCP ${ms(m.lcpMs)} on \`${m.lcpElement ?? '?'}\`${m.lcpText ? ` («${m.lcpText}»)` : ''}. Its scripts (compressed):`, '');
    lines.push('| package | file | what | kB | round | done at | before LCP |', '|---|---|---|---|---|---|---|');
    for (const j of m.scripts) lines.push(`| ${j.package} | ${j.file} | ${j.label} | ${j.kB} | ${j.round} | ${ms(j.endMs)} | ${j.beforeLcp ? 'yes' : ''} |`);
    lines.push('', 'Critical chain:', '', ...m.criticalChain.map((c) => `${c.round}. ${c.url} (${c.type}, ${c.startMs}–${c.endMs} ms)`), '');
  }
  if (s.worstShift.length) {
    lines.push(`Largest layout-shift window of the worst run: ${s.worstShift.map((w) => `${w.value} at ${w.atMs} ms (${w.sources.join(', ') || 'node gone'})`).join('; ')}.`, '');
  }
  lines.push('<details><summary>runs</summary>', '', '| run | LCP ms | LCP element | JS kB | rounds | CLS | TTFB ms | server HTML |', '|---|---|---|---|---|---|---|---|');
  p.runs.forEach((r, i) => lines.push(`| ${i + 1} | ${Math.round(r.lcpMs)} | ${r.lcpElement ?? ''} | ${Math.round(r.jsBytesBeforeLcp / 102.4) / 10} | ${r.roundsAfterHtml} | ${r.cls.cls.toFixed(4)} | ${Math.round(r.ttfbMs)} | ${r.ssr ? 'yes' : 'no'} |`));
  lines.push('', '</details>', '');
  return lines;
}

/** The figures that say where each page's time goes, from the report itself. */
function whereTheTimeGoes(report) {
  const lines = ['## Where the time goes', ''];
  for (const p of report.loads ?? []) {
    const s = p.summary;
    const before = report.baseline?.find((x) => x.path === p.path);
    const top = (s.medianRun?.scripts ?? []).filter((j) => j.beforeLcp).sort((a, b) => b.kB - a.kB).slice(0, 6);
    const all = (s.medianRun?.scripts ?? []).slice().sort((a, b) => b.kB - a.kB).slice(0, 6);
    if (p.serverRendered) {
      lines.push(`- \`${p.path}\`: LCP ${ms(s.lcpMedianMs)} median. The first byte of the HTML arrives at ${ms(s.ttfbMedianMs)} (the server's render and compression: CDP's emulated latency does not show in \`responseStart\`, which reads ${ms(before?.summary.ttfbMedianMs)} for the same page with SSR=off), the HTML (${s.htmlKb} kB) is complete at ${ms(s.htmlDoneMedianMs)}, and the content is painted from it with ${s.jsKbBeforeLcp} kB of JavaScript before LCP${s.lcpMedianMs > report.budgets.lcpServerMs ? ": what is left above the budget is the server's time to the first byte and the HTML's own transfer" : ''}. Hydration then loads ${s.jsKbAll} kB of JavaScript (last script at ${ms(s.scriptsDoneMedianMs)}), largest first: ${all.map((j) => `${j.package} ${j.label} ${j.kB} kB`).join(', ')}.`);
    } else {
      lines.push(`- \`${p.path}\` (client-rendered): LCP ${ms(s.lcpMedianMs)} median after ${s.roundsAfterHtml} request rounds after the HTML (${(s.medianRun?.criticalChain ?? []).slice(1).map((c) => new URL(c.url).pathname.replace(/^\//, '') || '/').join(' → ')}), ${s.jsKbBeforeLcp} kB of JavaScript before LCP, largest first: ${top.map((j) => `${j.package} ${j.label} ${j.kB} kB`).join(', ')}.`);
      const lastScript = Math.max(0, ...(s.medianRun?.scripts ?? []).filter((j) => j.beforeLcp).map((j) => j.endMs));
      if (lastScript && s.medianRun?.lcpMs) {
        lines.push(
          `  The last of those scripts is in at ${ms(lastScript)}; the ${ms(s.medianRun.lcpMs - lastScript)} from there to LCP (median run) are the main thread's at ×${report.conditions.cpuThrottlingRate}: evaluating the start, the app's start and the page's first render. zod is not among those scripts: the shell's browser build fetches it after the first paint (\`shared/src/zod/on-demand.ts\`), which took 21 kB out of \`start-libs\` (120.3 → 98.1 kB as served) and its module evaluation out of that task (the page's LCP median 2984 → 2764 ms; a page that fetches its first data in the browser, an lk page or one with SSR=off, now fetches zod beside that first call: about 125 ms of Slow 4G bandwidth, the SSR=off medians 3400–3604 → 3476–3748 ms). Since then the page's styles come with its HTML and the bundles leave them out of their own \`<style>\` elements (\`scripts/webpack/style-tag-transform.cjs\`: style-loader's \`appendChild\`, which parsed them, had been the largest self time of that stretch, 63–75 ms at ×4), and the remote's page chunks carry V8's compile hint (its first calls had compiled the page's functions on the main thread): in a throttled trace the main thread from the last script to LCP went from 572 to 443 ms, and on one machine, 9 loads each, the LCP median from 2960 (neither) to 2852 (the hints) and 2856 ms (both: the HTML's 5.8 kB of CSS cost about what the parse saved). Then a stylesheet the blocks hold still left an empty \`<style>\` in \`<head>\` and was hashed to be recognised; now it leaves no element at all (style-loader's insertion is deferred to the transform, \`scripts/webpack/defer-style.cjs\`, which places only the rules the blocks lack) and each CSS file carries its key from the build (\`scripts/webpack/css-key-loader.cjs\`), so the browser reads it rather than hashing some 36,000 characters: on 2026-11-29 the main thread from the last script to LCP (median run) went from 438 to 312 ms and the LCP median from 2760 to 2672 ms (the network's share moved too: the last script in at 2322 and then 2360 ms). Then the shell's start files stopped carrying its whole Content-Security-Policy (a document's policy: about 0.8 kB of headers on each, \`scripts/security-headers.cjs\`), a production build compacts each CSS file before keying it and the file upload's rules went to \`shared/lk\`: 191.2 → 185.7 kB before LCP, the bootstrap 15.3 → 13.1 kB as served. In an A/B of that build and the one before on one machine just after (9 loads each, twice, alternating) the LCP medians were 2660 and 2716 ms before, 2732 and 2608 ms after: the 28 ms that 5.5 kB is at 200 kB/s does not stand out of the spread between runs, and the 2026-11-29 07:43 run below (2548 ms) came at a quiet moment of the machine (its SSR=off medians 3212–3460 ms). The 2026-11-27 evening run is on another machine than the earlier ones (AMD EPYC, Chromium 150: the SSR=off medians 3476–3748 → 3724–4124 ms), so compare figures within one run. Part of that is this benchmark's own: Playwright drives the page over DevTools with the Runtime domain on, and V8 then records a source position for each Error created and each script a script inserts, reparsing the functions on the stack (in a throttled trace of this page, 33–54 ms had been within the bootstrap's evaluation, where react-dom's client module creates its marker Errors, until that module was evaluated with Error stacks off, \`shell/src/start/error-stacks.ts\`; about 55 ms within \`main.js\`'s went when the entry stopped requesting the runtime configuration from inside its own evaluation). A visitor without DevTools open does not pay it. The cabinet's part of \`shared\` is a singleton of its own, \`shared/lk\` (\`shared/src/lk.ts\`: the lk contracts, messaging hooks, upload and form widgets), which this page does not load: the start's \`shared\` is 29.8 kB as served (two files) where it was one of 37.2 kB, and the page's JavaScript before LCP 199.4 → 190.9 kB.`,
        );
      }
    }
    const free = report.cpuUnthrottled?.find((x) => x.path === p.path)?.summary;
    if (!p.serverRendered && free) {
      const n = report.conditions.network;
      const transferMs = (s.jsKbBeforeLcp * 1024 * 1000) / n.downloadThroughput;
      const inlineKb = round((s.medianRun?.scripts ?? []).filter((j) => j.inline && j.beforeLcp).reduce((sum, j) => sum + j.kB, 0), 1);
      if (inlineKb > 0) {
        // The HTML carries part of the start: the link is busy from the HTML's first byte on.
        const hintedKb = round(s.jsKbBeforeLcp - inlineKb, 1);
        const linkFloor = n.latency + ((s.htmlKb + hintedKb) * 1024 * 1000) / n.downloadThroughput;
        const lastHinted = Math.max(0, ...(s.medianRun?.scripts ?? []).filter((j) => j.beforeLcp && !j.inline).map((j) => j.endMs));
        lines.push(
          `  With the CPU unthrottled (the same Slow 4G, ${report.cpuUnthrottled.find((x) => x.path === p.path).runs.length} loads) LCP is ${ms(free.lcpMedianMs)} median: the network's share. The HTML (${s.htmlKb} kB on the wire, ${inlineKb} kB of it the start's libraries, inline for a browser that has not been sent them) arrives after the emulated latency (${n.latency} ms) and is complete at ${ms(s.htmlDoneMedianMs)}; the ${hintedKb} kB of scripts it hints share the same ${n.downloadThroughput / 1000} kB/s after their own latency. Were the link never idle, the last byte the page needs would be in at about ${ms(linkFloor)}; the last hinted script is in at ${ms(lastHinted)} (median run). At ×${report.conditions.cpuThrottlingRate} the main thread's work (${ms(s.lcpMedianMs - free.lcpMedianMs)} more) comes on top. The budget of ${s.lcpBudgetMs} ms leaves ${ms(s.lcpBudgetMs - s.lcpMedianMs)} after this LCP median. Each 20 kB fewer before LCP moves that floor by about ${ms((20 * 1024 * 1000) / n.downloadThroughput)}.`,
        );
      } else lines.push(
        `  With the CPU unthrottled (the same Slow 4G, ${report.cpuUnthrottled.find((x) => x.path === p.path).runs.length} loads) LCP is ${ms(free.lcpMedianMs)} median${free.lcpMedianMs > s.lcpBudgetMs ? `, itself over the ${s.lcpBudgetMs} ms budget` : ''}: the network's share. The HTML is complete at ${ms(s.htmlDoneMedianMs)}; the scripts it hints wait the emulated latency (${n.latency} ms) and then share ${n.downloadThroughput / 1000} kB/s for the ${s.jsKbBeforeLcp} kB needed before LCP (${ms(transferMs)}), so no script can run the page before about ${ms(floor)}. At ×${report.conditions.cpuThrottlingRate} the main thread's work (${ms(s.lcpMedianMs - free.lcpMedianMs)} more) comes on top. The budget of ${s.lcpBudgetMs} ms leaves ${ms(s.lcpBudgetMs - floor)} after that floor; at ×${report.conditions.cpuThrottlingRate} LCP comes ${ms(s.lcpMedianMs - floor)} after it (the last script's arrival past the ideal sharing, then the start and the page's first render). Each 20 kB fewer before LCP moves the floor by about ${ms((20 * 1024 * 1000) / n.downloadThroughput)}.`,
      );
      lines.push(
        "  The start's libraries inside the HTML (2026-11-29, after the 07:43 run): until then the HTML was complete at about 620 ms, the hinted scripts waited 562.5 ms of latency and then shared the link for about 186 kB, and nothing used the link during that latency. Now a browser without this build's `start-libs` gets it inline in a client-only page (`scripts/ssr-document.mjs`, `inlineScript`; one more response to fetch it into the cache once the page has loaded, and a cookie for the next visit). It costs more bytes on the wire (brotli at quality 5 per response, 106.8 kB against 97.3 kB for the file at quality 11) but they fill that idle latency. On one machine, 9 loads each, alternating: LCP median 2236 and 2176 ms inline, 2700 ms without (load average about 1.5); a later run 2156 ms (p75 2196).",
        "  What is left to cut before this page's LCP is small in each place, and the larger idea does not fit this network (2026-11-29, on the build of the 07:43 run):",
        "  - The JavaScript before LCP is mostly the stack: `start-libs` (react-dom's client, about 55 kB of it, the data router, the query client, React, zustand), the federation runtime in `main.js`, then `shared` (the API client, query keys, session, formats, the UI kit and the public contracts, in two files), the bootstrap (with the base styles) and the remote's entry, routes and page. react-dom, the data router, the query client, the federation runtime and React alone are about 118 kB, so the 120 kB budget cannot be met with this stack.",
        "  - Cuts measured on the build, each small, none kept: the router's shared exports trimmed to the names the packages import today, 2.8 kB (`start-libs` 99.2 → 96.4 kB compressed), but a remote released later could then not use another of the router's names before a shell release; the dialog and form widgets (the sign-in steps' code, password and resend widgets, the date input, the combobox, the service picker) out of the `shared` singleton, 3.2 kB and about 0.8 kB of their CSS, as one more singleton every build consumes; terser instead of swc, 0.3 kB more; an ES2020 output target, no change; a stub for the federation SDK's Node loader, 32 bytes (the build already drops it).",
        "  - Splitting `start-libs` so that react-dom comes last and the rest of the start runs while it downloads: the emulation shares the 200 kB/s equally between the files in flight, so the rest (about 42 kB) would be in only some 50–65 ms before react-dom, whose last byte comes when `start-libs`' does now. At most that much of the start could move before it, for a new order of evaluation and a router created without react-dom (react-router's DOM provider and the `shared` dialog import it).",
        "  - The hints as a `Link` header of the HTML response, which the browser reads before it parses the HTML: in four throttled loads each, the start's requests went out at 648–757 ms with the header and at 613–729 ms with the `<link>` elements alone (the HTML complete at 619–630 ms in both), so the header was not kept. Either way they go out 40–170 ms after the response starts (573–590 ms): the renderer's own start at ×4, not the place of the hints in the HTML, decides when.",
        '  - After the last script (a ×4 trace): `start-libs` evaluated 39 ms, the chunks\' load callbacks 18, the bootstrap evaluated 19, its start (configuration, session, router) 73, the first render 63, then the first style, layout and paint 55 (154 elements, 567 CSS rules). No part stands out.',
      );
    }
    if (s.cls > 0 && s.worstShift.length) lines.push(`  CLS ${s.cls}: ${s.worstShift.map((w) => `${w.value} at ${w.atMs} ms moving ${w.sources.join(', ') || 'a removed node'}`).join('; ')}.`);
  }
  for (const t of report.ttfb ?? []) {
    lines.push(`- Loopback \`${t.path}\` under 10 concurrent requests: first byte p95 ${t.firstByte.p95} ms with \`br\` (${t.autocannon.reqPerSec} req/s under autocannon), ${t.firstByteUncompressed.p95} ms p95 without compression: ${t.firstByteUncompressed.p95 < t.firstByte.p95 / 1.5 ? 'much of it is compressing each rendered page (the server\'s `send()` brotli-compresses dynamic HTML at quality 5)' : 'rendering, not compressing, is most of it'}.`);
  }
  if (report.ttfb?.length) {
    lines.push(
      "- The shell's server renders on one thread, so under 10 concurrent requests the first byte waits for the CPU time of the pages ahead of it. A CPU profile of `/` under that load (2026-11-28, AMD EPYC) put most of it outside React (a recent render of the same data is reused): file work (each page read two JSON files of the build and made four stats through `fs/promises`, whose thread-pool round trips cost tens of microseconds each), Node's `fetch` for the page's one or two API calls (about 0.65 ms of CPU a call), react-router ranking and compiling every route path on each match, and a JSON copy of all the inlined CSS to compare the style blocks. Now the build's JSON is parsed once per version of its file and looked up with a synchronous stat, the API calls go over `node:http` with kept-alive connections (`shell/src/ssr/node-fetch.ts`, about 0.3 ms a call), matches are kept (`findRoute` in `shell/src/remotes/remote-route.tsx`), and the blocks are compared by their texts' identity. In back-to-back runs of the same load the first byte p95 went from 93–103 / 80–86 / 69–78 ms (`/`, `/application`, `/service/2`) to 58–70 / 50–63 / 35–48 ms, and the server's throughput on `/` from about 120 to about 200 pages a second. What remains is mostly the brotli compression of each page, the API calls and their JSON and zod parsing, the socket writes and garbage collection.",
    );
  }
  if (report.inp) {
    const r = report.inp.runs.filter((x) => x.durationMs);
    lines.push(`- INP ${ms(report.inp.medianMs)}: input delay ${ms(median(r.map((x) => x.inputDelayMs)))}, processing ${ms(median(r.map((x) => x.processingMs)))} (the select's change handler and whatever React renders synchronously for the new URL, inside the keydown's task), presentation ${ms(median(r.map((x) => x.presentationMs)))} (medians over the runs).`);
  }
  lines.push('');
  return lines;
}

export function markdown(report) {
  const b = report.budgets;
  const n = report.conditions.network;
  const lines = [
    '# Web benchmark',
    '',
    `${report.date} · Chromium ${report.browserVersion} · Slow 4G (latency ${n.latency} ms, ${n.downloadThroughput} B/s down, ${n.uploadThroughput} B/s up) · CPU ×${report.conditions.cpuThrottlingRate} · viewport ${report.conditions.viewport} · ${report.machine.cpus} × ${report.machine.cpu}, Node ${report.machine.node}, load average ${report.machine.loadAverage.before[0]} before, ${report.machine.loadAverage.after[0]} after`,
    '',
    '## Summary against the budgets of issue 12',
    '',
    '| page | rendered | LCP median | LCP p75 | JS before LCP | all JS of the load | CLS | rounds | TTFB loopback p95 (10 conc.) | LCP median with SSR=off |',
    '|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const p of report.loads ?? []) {
    const s = p.summary;
    const t = report.ttfb?.find((x) => x.path === p.path);
    const before = report.baseline?.find((x) => x.path === p.path);
    lines.push(
      `| \`${p.path}\` | ${p.serverRendered ? 'server' : 'client'} | ${ms(s.lcpMedianMs)} ${s.withinBudgets.lcp ? '✓' : '✗'} (≤ ${s.lcpBudgetMs}) | ${ms(s.lcpP75Ms)} | ${s.jsKbBeforeLcp} kB ${s.withinBudgets.js ? '✓' : '✗'} | ${s.jsKbAll} kB | ${s.cls} ${s.withinBudgets.cls ? '✓' : '✗'} | ${s.roundsAfterHtml} | ${t ? `${t.firstByte.p95} ms ${t.withinBudget ? '✓' : '✗'}` : '–'} | ${before ? ms(before.summary.lcpMedianMs) : '–'} |`,
    );
  }
  if (report.inp) lines.push('', `INP of a filter change on \`/application\` (sort select, CPU ×${report.conditions.cpuThrottlingRate}): median ${ms(report.inp.medianMs)}, max ${ms(report.inp.maxMs)} over ${report.inp.runs.length} runs — budget ≤ ${b.inpMs} ms: ${ok(report.inp.withinBudget)}.`);
  lines.push('', `Budgets: LCP median ≤ ${b.lcpServerMs} ms server-rendered, ≤ ${b.lcpClientMs} ms client-only; JS before LCP ≤ ${b.jsKb} kB compressed; CLS ≤ ${b.cls}; TTFB of the rendered HTML on loopback ≤ ${b.loopbackTtfbP95Ms} ms p95 under 10 concurrent requests; INP ≤ ${b.inpMs} ms.`, '');

  if (report.baseline?.length) {
    lines.push('## Before: the same build with `SSR=off` (client-rendered)', '', '| page | LCP median | LCP p75 | JS before LCP | CLS | rounds |', '|---|---|---|---|---|---|');
    for (const p of report.baseline) {
      const s = p.summary;
      lines.push(`| \`${p.path}\` | ${ms(s.lcpMedianMs)} | ${ms(s.lcpP75Ms)} | ${s.jsKbBeforeLcp} kB | ${s.cls} | ${s.roundsAfterHtml} |`);
    }
    lines.push('');
  }

  if (report.loads) {
    lines.push('## Cold loads, page by page', '');
    for (const p of report.loads) lines.push(...pageSection({ ...p, cpuFreeLcpMs: report.cpuUnthrottled?.find((x) => x.path === p.path)?.summary.lcpMedianMs }, b));
  }

  if (report.inp) {
    const r = report.inp;
    lines.push('## INP of a filter change', '', `${r.interaction}; ${r.runs.length} cold loads of \`${r.page}\`, each measured once.`, '');
    lines.push('| run | duration | event | input delay | processing | presentation | sort changed | URL after |', '|---|---|---|---|---|---|---|---|');
    r.runs.forEach((x, i) => lines.push(`| ${i + 1} | ${x.durationMs ?? '< 16'} ms | ${x.name ?? ''} | ${x.inputDelayMs ?? ''} | ${x.processingMs ?? ''} | ${x.presentationMs ?? ''} | ${x.changed ? 'yes' : 'no'} | ${new URL(x.url).pathname + new URL(x.url).search} |`));
    lines.push('');
  }

  if (report.ttfb) {
    lines.push('## TTFB of the rendered HTML on loopback, 10 concurrent requests', '');
    lines.push('| page | server HTML (before · after the load) | first byte p50 / p95 / p99 | headers p95 | first byte p50 / p95 uncompressed | full response p50 / p95 / p99 (autocannon) | req/s (autocannon) | non-2xx, errors | compressed HTML, min–max |', '|---|---|---|---|---|---|---|---|---|');
    for (const t of report.ttfb) {
      const f = t.firstByte;
      const a = t.autocannon;
      lines.push(`| \`${t.path}\` | ${t.serverRendered ? 'yes' : 'no'} · ${t.serverRenderedAfterLoad ? 'yes' : 'no'} | ${f.p50} / ${f.p95} / ${f.p99} ms ${t.withinBudget ? '✓' : '✗'} | ${f.headers.p95} ms | ${t.firstByteUncompressed.p50} / ${t.firstByteUncompressed.p95} ms | ${a.p50} / ${a.p95} / ${a.p99} ms | ${a.reqPerSec} | ${a.non2xx}, ${a.errors} | ${f.bodyBytes.min}–${f.bodyBytes.max} B |`);
    }
    lines.push('');
  }

  lines.push(...whereTheTimeGoes(report));
  lines.push(
    '## Method',
    '',
    '- Each cold run is a new browser context (empty cache, no service worker) with `Network.setCacheDisabled`, `Network.emulateNetworkConditions` and `Emulation.setCPUThrottlingRate` set over CDP before navigating. One unthrottled warm-up load per page first. The app is the production build served by `scripts/run.mjs` `serveApp` (API on PGlite with the seeded data, the shell\'s server rendering as in `npm start`).',
    '- `/service/:id` and `/application/:id` take the first item of the API\'s `service/get-collection` and `application/get-collection` (published applications).',
    '- LCP: the last `largest-contentful-paint` entry (PerformanceObserver, buffered) once the page has settled (an LCP entry and the network quiet for 2 s).',
    '- CLS: `layout-shift` entries without recent input from navigation until the page settled, grouped into session windows (gaps < 1 s, windows ≤ 5 s) and the largest window taken, as web-vitals and Lighthouse define it; the table gives the worst run against the budget, the median run and the plain sum of the worst run.',
    '- TTFB in the browser: the navigation entry\'s `responseStart`; CDP\'s emulated latency does not show in it (a static page reads 10–20 ms), so for a server-rendered page it is the server\'s time to render and compress; "HTML complete at" is `responseEnd`, which does include the emulated transfer.',
    '- JS bytes: `Network.loadingFinished.encodedDataLength` (compressed body plus headers) of Script requests that finished before LCP, grouped by origin port → package; "what" names each chunk from the packages\' `mf-stats.json` (shared packages, exposed modules) and mf-catalog\'s `page-assets.json`.',
    '- Rounds: every request gets a parent and is one round deeper than it (parser-initiated: the document or stylesheet that names it; script-initiated: the deepest script or data response that had finished before it was sent; a CORS preflight is a round of its own). HTML = round 0. An upper bound; the plain initiator-chain depth is the lower bound.',
    '- CPU unthrottled: each client-rendered page is loaded again (5 runs by default) under the same network conditions with `Emulation.setCPUThrottlingRate` 1; its LCP median is the network\'s share of that page\'s LCP, and the floor in "Where the time goes" is the HTML\'s `responseEnd` + the emulated latency + the JavaScript before LCP at the emulated throughput (with scripts inline in the HTML: the emulated latency + the HTML and the hinted JavaScript at the emulated throughput).',
    "- Scripts inline in the HTML (a client-only page's start libraries for a browser without them): their text is read from the page, and their bytes on the wire are its size under brotli at quality 5, as the server compresses a page; they count as JavaScript before LCP (round 0, in when the HTML is) and are listed as `(inline in the HTML)`.",
    '- INP: a cold load of `/application` at CPU ×4 (and Slow 4G) until settled (hydrated), then the sort `<select>` focused and changed with ArrowDown (trusted input over CDP); a `PerformanceObserver({ type: \'event\', durationThreshold: 16 })` collects Event Timing entries, and the interaction\'s duration is the longest entry sharing its `interactionId` (keydown/keyup; it runs to the next paint after React\'s re-render, not to the list\'s refetch). Median over the runs in which the sort changed.',
    '- Loopback TTFB: 10 connections against the shell\'s server for the page\'s URL with a browser\'s `Accept-Encoding: br, gzip` (the server renders and compresses each answer). First a 1 s warm-up, then `autocannon` for the given seconds (its latency is the time to the whole response; p95 from its per-response times, req/s its average), then a node:http keep-alive client with 10 loops for half as long (at least 3 s), which times the response headers and the first body byte (the figure against the budget), then the same client with `Accept-Encoding: identity`, which separates rendering from compressing. The server writes the page in one piece, so headers, first byte and end are close. Client and server share the 2 cores.',
    '',
  );
  return lines.join('\n') + '\n';
}
