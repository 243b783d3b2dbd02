// TTFB of the shell's rendered HTML on loopback under N concurrent requests: autocannon (time to
// the whole response, req/s) and a small node:http client (time to the first byte of the body
// and to the response headers), one after the other against the same URL.
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { percentile, round } from './common.mjs';

/** What a browser sends for a page: the server compresses the HTML per request, so that is in the figure. */
const HEADERS = { accept: 'text/html,application/xhtml+xml', 'accept-encoding': 'br, gzip', 'accept-language': 'ru-RU,ru;q=0.9' };

const stats = (values) => ({ p50: round(percentile(values, 0.5), 1), p95: round(percentile(values, 0.95), 1), p99: round(percentile(values, 0.99), 1), max: round(Math.max(...values), 1), n: values.length });

function runAutocannon(url, { seconds, connections }) {
  const latencies = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon({ url, connections, duration: seconds, headers: HEADERS }, (err, result) => {
      if (err) return reject(err);
      resolve({
        ...stats(latencies),
        reqPerSec: round(result.requests.average, 1),
        requests: result.requests.total,
        non2xx: result.non2xx,
        errors: result.errors,
        timeouts: result.timeouts,
        // autocannon's own histogram has no p95; its p97.5 is given for comparison.
        autocannonP50: result.latency.p50,
        autocannonP97_5: result.latency.p97_5,
        autocannonP99: result.latency.p99,
      });
    });
    // Per-response time (ms, to the end of the response) for our own p95.
    instance.on('response', (client, statusCode, resBytes, responseTime) => latencies.push(responseTime));
  });
}

/** `connections` loops of keep-alive GETs for `seconds`: headers, first body byte and end per request. */
async function firstByteClient(url, { seconds, connections, headers = HEADERS }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const headersAt = [];
  const firstByte = [];
  const total = [];
  const sizes = [];
  let errors = 0;
  const until = performance.now() + seconds * 1000;
  const one = () =>
    new Promise((resolve) => {
      const t0 = performance.now();
      const req = http.get(url, { agent, headers }, (res) => {
        headersAt.push(performance.now() - t0);
        // Compressed length: a fallback (client-rendered) page is far shorter than a rendered one.
        const len = Number(res.headers['content-length']);
        if (len) sizes.push(len);
        let first = true;
        res.on('data', () => {
          if (first) firstByte.push(performance.now() - t0);
          first = false;
        });
        res.on('end', () => {
          total.push(performance.now() - t0);
          resolve();
        });
      });
      req.on('error', () => {
        errors++;
        resolve();
      });
    });
  const loop = async () => {
    while (performance.now() < until) await one();
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: connections }, loop));
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  return { headers: stats(headersAt), ...stats(firstByte), total: stats(total), reqPerSec: round(total.length / elapsed, 1), errors, bodyBytes: { min: Math.min(...sizes), max: Math.max(...sizes) } };
}

export async function loopbackTtfb(url, { seconds = 10, connections = 10 } = {}) {
  // Is it the rendered page? (Server rendering falls back to the client page when it is slow or fails.)
  const res = await fetch(url, { headers: HEADERS });
  const html = await res.text();
  const serverRendered = html.includes('id="__SSR_DATA__"');
  // A short warm-up so the first renders' costs are not in the figure.
  await firstByteClient(url, { seconds: 1, connections });
  const auto = await runAutocannon(url, { seconds, connections });
  const first = await firstByteClient(url, { seconds: Math.max(3, Math.round(seconds / 2)), connections });
  // The same without compression: what rendering alone costs (the server compresses each answer).
  const identity = await firstByteClient(url, { seconds: Math.max(3, Math.round(seconds / 2)), connections, headers: { ...HEADERS, 'accept-encoding': 'identity' } });
  // Whether the renders under load were still server-rendered (the time budget may have sent the fallback).
  const after = await (await fetch(url, { headers: HEADERS })).text();
  return { status: res.status, serverRendered, serverRenderedAfterLoad: after.includes('id="__SSR_DATA__"'), htmlBytes: Buffer.byteLength(html), connections, seconds, autocannon: auto, firstByte: first, firstByteUncompressed: identity };
}
