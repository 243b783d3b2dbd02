// The bench's HTTP client: JSON POSTs over keep-alive node:http, timed from sending the request
// to reading the last byte of the answer, and latency summaries in the shape of bench/api/load.mjs.
import http from 'node:http';

export function agent(sockets) {
  return new http.Agent({ keepAlive: true, maxSockets: sockets });
}

/**
 * POSTs `body` (an object, or a string sent as is) to `/api/${path}`: answers status, the parsed
 * envelope and milliseconds. Never throws on a status; a network error answers status 0.
 */
export function post({ port, agent: a, path, body, headers = {} }) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return new Promise((resolve) => {
    const start = process.hrtime.bigint();
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: `/api/${path}`,
        agent: a,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const ms = Number(process.hrtime.bigint() - start) / 1e6;
          let json = null;
          try {
            json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          } catch {
            // Not JSON: the status says enough.
          }
          resolve({ status: res.statusCode, body: json, ms });
        });
        res.on('error', (err) => resolve({ status: 0, body: { message: String(err) }, ms: Number(process.hrtime.bigint() - start) / 1e6 }));
      },
    );
    req.on('error', (err) => resolve({ status: 0, body: { message: String(err) }, ms: Number(process.hrtime.bigint() - start) / 1e6 }));
    req.end(text);
  });
}

const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : null);
const round = (x, digits = 2) => (x === null || x === undefined ? null : Number(x.toFixed(digits)));

/** n, p50, p90, p99, max and mean of a list of milliseconds. */
export function summarise(latencies) {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: round(percentile(sorted, 50)),
    p90: round(percentile(sorted, 90)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1) ?? null),
    mean: round(sorted.length ? sorted.reduce((s, x) => s + x, 0) / sorted.length : null),
  };
}

export { round };
