// Turns one run's CDP network log and LCP entry into the benchmark's figures. Pure: no I/O.

function stackUrl(stack) {
  for (let s = stack; s; s = s.parent) {
    const frame = s.callFrames?.find((f) => f.url);
    if (frame) return frame.url;
  }
  return null;
}

const strip = (url) => url?.split('#')[0] ?? null;

export function analyseRun({ lcp, nav, requests, inlineScripts = [] }, packagesByOrigin, otherRemotes) {
  const all = requests.filter((r) => /^https?:/.test(r.url)).sort((a, b) => a.start - b.start);
  const doc = all.find((r) => r.type === 'Document') ?? all[0];
  // Scripts inside the HTML: no request of their own, no round; they are in when the HTML is.
  const inline = inlineScripts.map((s) => ({ url: s.url, type: 'Script', bytes: s.bytes, start: doc.start, end: doc.end, failed: false, inline: true }));
  const t0 = doc.start - (nav?.fetchStart ?? 0) / 1000;
  const lcpMs = lcp?.startTime ?? NaN;
  const lcpAt = t0 + lcpMs / 1000;
  const ms = (t) => (t === null ? null : Math.round((t - t0) * 1000));
  const pkgOf = (url) => packagesByOrigin[new URL(url).origin] ?? new URL(url).host;

  const byUrl = new Map();
  for (const r of all) if (!byUrl.has(strip(r.url))) byUrl.set(strip(r.url), r);
  const preflightFor = new Map();
  for (const r of all) if (r.initiator?.type === 'preflight' && r.initiator.requestId) preflightFor.set(r.initiator.requestId, r);

  // Plain initiator parent: the document, stylesheet or script that caused the request.
  const initiatorParent = new Map();
  for (const r of all) {
    if (r === doc) continue;
    const i = r.initiator ?? {};
    let parentUrl = null;
    if (i.type === 'script') parentUrl = stackUrl(i.stack) ?? i.url;
    else if (i.type === 'preflight') continue;
    else parentUrl = i.url;
    const p = (parentUrl && byUrl.get(strip(parentUrl))) || doc;
    initiatorParent.set(r, p === r ? doc : p);
  }

  // Refined parent: a script-initiated request is sent by code that ran when some response had
  // arrived, and CDP names only the script the code lives in (a shared react-query chunk sends
  // the API call that really waited for the page's chunk). Its parent is the deepest request
  // whose response (script or data) had arrived when it was sent: the longest chain of requests
  // each sent after the previous one's response, an upper bound where initiators are the lower.
  const TRIGGERS = new Set(['Document', 'Script', 'Fetch', 'XHR', 'Other']);
  const parent = new Map();
  const depth = new Map([[doc, 0]]);
  const plainDepth = new Map([[doc, 0]]);
  for (const r of all) {
    if (r === doc || r.initiator?.type === 'preflight') continue;
    const s = initiatorParent.get(r) ?? doc;
    let p = s;
    if (r.initiator?.type === 'script') {
      for (const c of all) {
        if (c === r || c.end === null || c.failed || c.end > r.start) continue;
        if (!TRIGGERS.has(c.type)) continue;
        const dc = depth.get(c) ?? 0;
        const dp = p.end !== null && p.end <= r.start ? (depth.get(p) ?? 0) : -1;
        if (dc > dp || (dc === dp && c.end > p.end)) p = c;
      }
    }
    parent.set(r, p);
    plainDepth.set(r, (plainDepth.get(s) ?? 0) + 1);
    const pre = preflightFor.get(r.id);
    const base = depth.get(p) ?? 0;
    if (pre) {
      parent.set(pre, p);
      depth.set(pre, base + 1);
      parent.set(r, pre);
      depth.set(r, base + 2);
    } else depth.set(r, base + 1);
  }

  const beforeLcp = all.filter((r) => r.end !== null && !r.failed && r.end <= lcpAt);
  let deepest = doc;
  for (const r of beforeLcp) if ((depth.get(r) ?? 0) > (depth.get(deepest) ?? 0)) deepest = r;
  const criticalChain = [];
  for (let r = deepest; r; r = parent.get(r)) {
    criticalChain.unshift({ round: depth.get(r) ?? 0, url: r.url, type: r.type, startMs: ms(r.start), endMs: ms(r.end) });
    if (r === doc) break;
  }

  const jsBytesByPackage = {};
  let jsBytesBeforeLcp = 0;
  for (const r of [...beforeLcp, ...inline.filter((s) => s.end !== null && s.end <= lcpAt)]) {
    if (r.type !== 'Script') continue;
    const p = pkgOf(r.url);
    jsBytesByPackage[p] = (jsBytesByPackage[p] ?? 0) + r.bytes;
    jsBytesBeforeLcp += r.bytes;
  }
  // All the JavaScript of the load (what hydration needs on a server-rendered page, whose LCP comes before it).
  const jsBytesAllByPackage = {};
  let jsBytesAll = 0;
  let scriptsDone = null;
  for (const r of [...all, ...inline]) {
    if (r.type !== 'Script' || r.failed || r.end === null) continue;
    const p = pkgOf(r.url);
    jsBytesAllByPackage[p] = (jsBytesAllByPackage[p] ?? 0) + r.bytes;
    jsBytesAll += r.bytes;
    scriptsDone = Math.max(scriptsDone ?? 0, r.end);
  }
  const otherRemoteRequests = all.filter((r) => otherRemotes.includes(pkgOf(r.url)));

  return {
    lcpMs,
    lcpElement: lcp?.element ?? null,
    lcpText: lcp?.text ?? null,
    requests: all.length,
    requestsBeforeLcp: beforeLcp.length,
    jsBytesBeforeLcp,
    jsBytesByPackage,
    jsBytesAll,
    jsBytesAllByPackage,
    scriptsDoneMs: ms(scriptsDone),
    roundsAfterHtml: depth.get(deepest) ?? 0,
    initiatorOnlyRounds: Math.max(0, ...beforeLcp.map((r) => plainDepth.get(r) ?? 0)),
    otherRemoteBytes: otherRemoteRequests.reduce((n, r) => n + r.bytes, 0),
    otherRemoteUrls: otherRemoteRequests.map((r) => r.url),
    criticalChain,
    waterfall: [...all, ...inline].map((r) => ({
      inline: Boolean(r.inline),
      round: r.inline ? 0 : (depth.get(r) ?? null),
      url: r.url,
      type: r.type,
      package: pkgOf(r.url),
      bytes: r.bytes,
      startMs: ms(r.start),
      endMs: ms(r.end),
      initiator: r.inline ? 'inline' : (r.initiator?.type ?? null),
      parent: parent.get(r)?.url ?? null,
      beforeLcp: r.end !== null && !r.failed && r.end <= lcpAt,
    })),
    domContentLoadedMs: nav?.domContentLoaded ?? null,
    loadMs: nav?.load ?? null,
  };
}

/**
 * CLS of a cold load from its `layout-shift` entries: shifts within 500 ms of input do not count;
 * the rest are grouped into session windows (a gap under 1 s, at most 5 s long) and the largest
 * window is the CLS, as web-vitals and Lighthouse define it. `total` is the plain sum.
 */
export function layoutShift(entries = []) {
  const counted = entries.filter((e) => !e.hadRecentInput).sort((a, b) => a.startTime - b.startTime);
  let best = { value: 0, entries: [] };
  let window = null;
  for (const e of counted) {
    if (window && e.startTime - window.last < 1000 && e.startTime - window.first < 5000) {
      window.value += e.value;
      window.last = e.startTime;
      window.entries.push(e);
    } else window = { value: e.value, first: e.startTime, last: e.startTime, entries: [e] };
    if (window.value > best.value) best = { value: window.value, entries: [...window.entries] };
  }
  return {
    cls: best.value,
    total: counted.reduce((n, e) => n + e.value, 0),
    shifts: counted.length,
    // What moved in the largest window, for the report's "where".
    largest: best.entries.map((e) => ({ atMs: Math.round(e.startTime), value: Number(e.value.toFixed(4)), sources: e.sources })),
  };
}

/** INP of one interaction: the longest Event Timing entry among those sharing its interactionId. */
export function interactionDuration(events = []) {
  const byId = new Map();
  for (const e of events) {
    if (!e.interactionId) continue;
    const prev = byId.get(e.interactionId);
    if (!prev || e.duration > prev.duration) byId.set(e.interactionId, e);
  }
  const worst = [...byId.values()].sort((a, b) => b.duration - a.duration)[0] ?? null;
  return worst
    ? {
        durationMs: worst.duration,
        name: worst.name,
        inputDelayMs: Math.round(worst.processingStart - worst.startTime),
        processingMs: Math.round(worst.processingEnd - worst.processingStart),
        presentationMs: Math.round(worst.startTime + worst.duration - worst.processingEnd),
        interactions: byId.size,
      }
    : null;
}
