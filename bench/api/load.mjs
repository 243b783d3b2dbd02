// Load through autocannon: `connections` keep-alive connections in a closed loop, each sending its
// next request as soon as the previous answer has been read. Several paths are sent in turn.
import autocannon from 'autocannon';

const round = (x, digits = 2) => (x === null || x === undefined || Number.isNaN(x) ? null : Number(Number(x).toFixed(digits)));

/** One autocannon run on 127.0.0.1:`port`; answers latency (ms), requests/s and failures. */
export async function load({ port, paths, seconds, connections }) {
  const list = Array.isArray(paths) ? paths : [paths];
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    duration: seconds,
    // A pipeline of 1: one request in flight per connection, as a browser or a proxy sends them.
    pipelining: 1,
    requests: list.map((path) => ({ method: 'GET', path })),
  });
  const ok = result['2xx'];
  return {
    p50: round(result.latency.p50),
    p99: round(result.latency.p99),
    mean: round(result.latency.mean),
    max: round(result.latency.max),
    rps: round(ok / seconds, 1),
    requests: ok,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

/** A warm-up, then the measured run. */
export async function measure({ port, paths, seconds, warmup, connections }) {
  if (warmup > 0) await load({ port, paths, seconds: warmup, connections });
  return load({ port, paths, seconds, connections });
}

/** One GET answered in full: status, Content-Type and body bytes. */
export async function capture(port, path) {
  const res = await fetch(`http://127.0.0.1:${port}${path}`);
  return { status: res.status, contentType: res.headers.get('content-type'), body: Buffer.from(await res.arrayBuffer()) };
}
